#include "robometrics/core/StaleTemporaries.hpp"

#include <signal.h>

#include <cerrno>
#include <charconv>
#include <limits>
#include <system_error>

namespace robometrics {

namespace fs = std::filesystem;

namespace {

// ".NAME.tmp-": what every temporary of `target` starts with. NAME is shortened so that the whole
// name, with "-PID-N" after it, stays within NAME_MAX (255).
std::string temporaryPrefix(const fs::path &target) {
    return "." + target.filename().string().substr(0, 200) + ".tmp-";
}

// A decimal number as our names write it (std::to_string): digits only, no sign, no leading zero
// unless it is "0".
template <class Number>
std::optional<Number> canonicalNumber(std::string_view text) {
    if (text.empty() || (text.size() > 1 && text.front() == '0')) return std::nullopt;
    Number value{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

bool processIsGone(pid_t pid) { return kill(pid, 0) != 0 && errno == ESRCH; }

}  // namespace

fs::path temporaryPath(const fs::path &target, pid_t pid, unsigned serial) {
    const std::string leaf = temporaryPrefix(target) + std::to_string(pid) + "-" + std::to_string(serial);
    const fs::path folder = target.parent_path();
    return folder.empty() ? fs::path(leaf) : folder / leaf;
}

std::optional<pid_t> temporaryOwner(std::string_view leaf, const fs::path &target) {
    const std::string prefix = temporaryPrefix(target);
    if (leaf.substr(0, prefix.size()) != prefix) return std::nullopt;
    const std::string_view rest = leaf.substr(prefix.size());
    const std::size_t dash = rest.find('-');
    if (dash == std::string_view::npos) return std::nullopt;
    const auto pid = canonicalNumber<pid_t>(rest.substr(0, dash));
    if (!pid || *pid <= 0 || !canonicalNumber<unsigned>(rest.substr(dash + 1))) return std::nullopt;
    return pid;
}

int sweepStaleTemporaries(const fs::path &target) {
    const fs::path folder = target.parent_path().empty() ? fs::path(".") : target.parent_path();
    std::error_code ec;
    fs::directory_iterator entries(folder, ec);
    if (ec) return 0;
    int removed = 0;
    // increment(ec), not a range-for: a folder that fails mid-listing ends the sweep, not the run.
    for (; !ec && entries != fs::directory_iterator(); entries.increment(ec)) {
        const fs::path &path = entries->path();
        const auto owner = temporaryOwner(path.filename().string(), target);
        if (!owner || !processIsGone(*owner)) continue;
        // remove_all does not follow a link: a link of that name goes, not what it points to.
        std::error_code ignored;
        if (fs::remove_all(path, ignored) > 0) ++removed;
    }
    return removed;
}

}  // namespace robometrics
