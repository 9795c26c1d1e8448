#include "robometrics/core/Text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace robometrics {

std::string_view trimmed(std::string_view text) {
    constexpr std::string_view kBlanks = " \t\r\n";
    const auto first = text.find_first_not_of(kBlanks);
    if (first == std::string_view::npos) return {};
    return text.substr(first, text.find_last_not_of(kBlanks) - first + 1);
}

std::string readWholeFile(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return {};
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

Status checkInputFile(const std::string &path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (!fs::exists(status)) return Error{fmt::format("{}: no such file", path)};
    if (fs::is_directory(status)) return Error{fmt::format("{}: is a directory, expected a file", path)};
    if (!fs::is_regular_file(status) && !fs::is_fifo(status)) {
        return Error{fmt::format("{}: not a regular file", path)};
    }
    return Status::Ok();
}

Result<std::string> readInputFile(const std::string &path) {
    if (auto usable = checkInputFile(path); !usable) return usable.error();
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error{fmt::format("{}: cannot open file: {}", path, std::strerror(errno))};
    // istream::read turns a failing read into badbit instead of letting it throw.
    std::string data;
    char block[1 << 16];
    while (in.read(block, sizeof block) || in.gcount() > 0) data.append(block, static_cast<std::size_t>(in.gcount()));
    if (in.bad()) return Error{fmt::format("{}: read error", path)};
    return data;
}

namespace {

std::size_t editDistance(const std::string &a, const std::string &b) {
    // Damerau-Levenshtein (optimal string alignment): a swap of two letters is one edit.
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[a.size()][b.size()];
}

}  // namespace

std::optional<std::string> nearestName(const std::string &typed, const std::vector<std::string> &known) {
    std::vector<std::string> prefixed;
    for (const std::string &name : known)
        if (!typed.empty() && name.rfind(typed, 0) == 0) prefixed.push_back(name);
    if (prefixed.size() == 1) return prefixed.front();
    std::optional<std::string> best;
    std::size_t best_distance = 0;
    for (const std::string &name : known) {
        const std::size_t distance = editDistance(typed, name);
        if (!best || distance < best_distance) best = name, best_distance = distance;
    }
    // Near enough: at most a third of the word wrong, and never more than 3 edits.
    if (best && best_distance <= std::min<std::size_t>(3, std::max<std::size_t>(1, typed.size() / 3))) return best;
    return std::nullopt;
}

}  // namespace robometrics
