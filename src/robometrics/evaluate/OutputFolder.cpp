#include "robometrics/evaluate/OutputFolder.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace robometrics::evaluate {

namespace fs = std::filesystem;

const std::vector<std::string> &evaluationFileNames() {
    // A folder with summary.json counts as evaluate's (checkOutputFolder).
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

namespace {

/// `from` recreated at `to`: see carryForeignFiles.
Status carry(const fs::path &from, const fs::path &to) {
    std::error_code ec;
    const fs::file_status status = fs::symlink_status(from, ec);
    if (fs::is_symlink(status)) {
        fs::copy_symlink(from, to, ec);
    } else if (fs::is_directory(status)) {
        fs::create_directory(to, ec);
        for (const auto &entry : fs::directory_iterator(from, ec)) {
            ROBOMETRICS_TRY(carry(entry.path(), to / entry.path().filename()));
        }
    } else {
        fs::create_hard_link(from, to, ec);
        if (ec) {
            ec.clear();
            fs::copy_file(from, to, ec);
        }
    }
    if (ec) return Error{fmt::format("{}: cannot keep it in the new output: {}", from.string(), ec.message())};
    return Status::Ok();
}

}  // namespace

Status carryForeignFiles(const fs::path &target, const fs::path &staging) {
    const std::vector<std::string> &own = evaluationFileNames();
    std::error_code ec;
    for (const auto &entry : fs::directory_iterator(target, ec)) {
        const std::string name = entry.path().filename().string();
        if (std::find(own.begin(), own.end(), name) != own.end()) continue;
        ROBOMETRICS_TRY(carry(entry.path(), staging / name));
    }
    if (ec) return Error{fmt::format("{}: cannot list: {}", target.string(), ec.message())};
    return Status::Ok();
}

}  // namespace robometrics::evaluate
