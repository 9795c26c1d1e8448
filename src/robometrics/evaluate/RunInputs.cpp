#include "robometrics/evaluate/RunInputs.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <vector>

namespace robometrics::evaluate {

namespace fs = std::filesystem;

namespace {

bool isRosbag2Dir(const fs::path &dir) {
    std::error_code ec;
    if (fs::exists(dir / "metadata.yaml", ec)) return true;
    for (const auto &entry : fs::directory_iterator(dir, ec)) {
        if (entry.path().extension() == ".db3") return true;
    }
    return false;
}

std::optional<std::string> existing(const fs::path &dir, std::initializer_list<const char *> names) {
    std::error_code ec;
    for (const char *name : names) {
        if (fs::is_regular_file(dir / name, ec)) return (dir / name).string();
    }
    return std::nullopt;
}

}  // namespace

Result<RunInputs> findRunInputs(const std::string &input) {
    std::error_code ec;
    fs::path path(input);
    if (!fs::exists(path, ec)) return Error{fmt::format("{}: no such file or directory", input)};
    RunInputs inputs;
    if (!fs::is_directory(path, ec) || isRosbag2Dir(path)) {
        inputs.bag = input;  // a bag on its own: look for the run files beside it
        fs::path dir = fs::is_directory(path, ec) ? path.parent_path() : path.parent_path();
        if (dir.empty()) dir = ".";
        path = dir;
    } else {
        std::vector<std::string> bags;
        for (const auto &entry : fs::directory_iterator(path, ec)) {
            if (entry.is_regular_file() && entry.path().extension() == ".mcap") bags.push_back(entry.path().string());
            if (entry.is_directory() && isRosbag2Dir(entry.path())) bags.push_back(entry.path().string());
        }
        std::sort(bags.begin(), bags.end());
        if (bags.empty()) return Error{fmt::format("{}: no bag found (expected an .mcap file or a rosbag2 directory)", input)};
        if (bags.size() > 1) {
            return Error{fmt::format("{}: {} bags found ({}); pass the one to evaluate", input, bags.size(),
                                     fmt::join(bags, ", "))};
        }
        inputs.bag = bags.front();
    }
    inputs.run_json = existing(path, {"run.json"});
    inputs.system_csv = existing(path, {"system.csv"});
    inputs.gt_map = existing(path, {"gt_map.yaml"});
    inputs.gt_trajectory = existing(path, {"gt_trajectory.tum", "gt_trajectory.txt", "gt_trajectory.csv"});
    inputs.scenario_json = existing(path, {"scenario.json"});
    return inputs;
}

}  // namespace robometrics::evaluate
