#pragma once
// JSON files the command tests read back (summary.json, run.json, scenario.json). Header-only so
// that only the test files that read JSON pay for nlohmann's templates.

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

namespace robometrics::test {

/// The JSON document in `path`; throws (failing the test) when it is missing or not JSON.
inline nlohmann::json readJson(const std::filesystem::path &path) {
    std::ifstream in(path);
    return nlohmann::json::parse(in);
}

}  // namespace robometrics::test
