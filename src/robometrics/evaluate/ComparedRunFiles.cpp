#include "robometrics/evaluate/ComparedRunFiles.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>

namespace robometrics::evaluate {

Result<std::vector<ComparedRun>> readComparedRuns(const std::vector<std::string> &dirs) {
    std::vector<ComparedRun> runs;
    for (const auto &dir : dirs) {
        const std::filesystem::path p = std::filesystem::path(dir) / "summary.json";
        std::ifstream in(p);
        if (!in) return Error{fmt::format("{}: cannot read (run robometrics evaluate first)", p.string())};
        nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
        if (j.is_discarded() || !j.is_object()) return Error{fmt::format("{}: not a JSON object", p.string())};
        runs.push_back({dir, std::move(j)});
    }
    return runs;
}

}  // namespace robometrics::evaluate
