#include "robometrics/evaluate/OutputFolder.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace robometrics::evaluate {

namespace fs = std::filesystem;

const std::vector<std::string> &evaluationFileNames() {
    // summary.json last: moveOutputInto() moves in this order, and a folder with summary.json
    // counts as evaluate's (checkOutputFolder).
    static const std::vector<std::string> names = {"traversal.csv", "topic_stats.csv", "lost.csv", "ate.csv",
                                                   "evaluation.mcap", "report.html", "summary.json"};
    return names;
}

Status checkOutputFolder(const std::string &out_dir) {
    std::error_code ec;
    const fs::path dir(out_dir);
    if (!fs::exists(dir, ec)) return Status::Ok();
    if (!fs::is_directory(dir, ec)) return Error{out_dir + ": exists and is not a folder"};
    if (fs::exists(dir / "summary.json", ec)) return Status::Ok();
    std::vector<std::string> clashes;
    for (const std::string &name : evaluationFileNames()) {
        if (fs::exists(dir / name, ec)) clashes.push_back(name);
    }
    if (clashes.empty()) return Status::Ok();
    return Error{fmt::format("{} holds files evaluate did not write ({}); choose an empty folder or remove them",
                             out_dir, fmt::join(clashes, ", "))};
}

Status moveOutputInto(const fs::path &staging, const fs::path &target) {
    std::error_code ec;
    for (const std::string &name : evaluationFileNames()) {
        if (!fs::exists(staging / name, ec) && fs::exists(target / name, ec)) {
            fs::remove(target / name, ec);
            if (ec) return Error{fmt::format("{}: cannot remove the earlier run's file: {}", (target / name).string(),
                                             ec.message())};
        }
    }
    for (const std::string &name : evaluationFileNames()) {
        const fs::path from = staging / name, to = target / name;
        if (!fs::exists(from, ec)) continue;
        if (std::rename(from.c_str(), to.c_str()) != 0) {
            return Error{fmt::format("{}: cannot replace: {}", to.string(), std::strerror(errno))};
        }
    }
    return Status::Ok();
}

}  // namespace robometrics::evaluate
