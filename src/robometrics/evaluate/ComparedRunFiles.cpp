#include "robometrics/evaluate/ComparedRunFiles.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "robometrics/core/Text.hpp"

namespace robometrics::evaluate {

Result<std::vector<ComparedRun>> readComparedRuns(const std::vector<std::string> &dirs) {
    std::vector<ComparedRun> runs;
    for (const auto &dir : dirs) {
        const std::filesystem::path p = std::filesystem::path(dir) / "summary.json";
        auto text = readInputFile(p.string());
        if (!text) return Error{fmt::format("{} (run robometrics evaluate first)", text.message())};
        nlohmann::json j = nlohmann::json::parse(*text, nullptr, false);
        if (j.is_discarded() || !j.is_object()) return Error{fmt::format("{}: not a JSON object", p.string())};
        runs.push_back({dir, std::move(j)});
    }
    return runs;
}

}  // namespace robometrics::evaluate
