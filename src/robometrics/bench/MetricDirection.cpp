#include "robometrics/bench/MetricDirection.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>
#include <vector>

namespace robometrics::bench {
namespace {

// Matched against the words of the name (split at '.' and '_'), first rule first. Whole words,
// because substrings mislead: "ate" is in "rate_hz" and "state".
constexpr std::array<std::pair<const char *, Direction>, 15> kRules{{
    {"coverage", Direction::HigherIsBetter},   // share of the free space mapped
    {"iou", Direction::HigherIsBetter},        // wall overlap with the ground truth map
    {"ssim", Direction::HigherIsBetter},       // structural similarity of the maps
    {"clearance", Direction::HigherIsBetter},  // distance kept to obstacles
    {"matched", Direction::HigherIsBetter},    // more of the estimate could be evaluated
    {"normal", Direction::HigherIsBetter},     // localization readings in the normal state
    {"ate", Direction::LowerIsBetter},
    {"rpe", Direction::LowerIsBetter},
    {"ape", Direction::LowerIsBetter},
    {"drift", Direction::LowerIsBetter},
    {"thickness", Direction::LowerIsBetter},  // blurred walls are thick
    {"collision", Direction::LowerIsBetter},
    {"collisions", Direction::LowerIsBetter},
    {"lost", Direction::LowerIsBetter},
    {"anomalies", Direction::LowerIsBetter},
}};

std::vector<std::string> words(const std::string &name) {
    std::vector<std::string> out(1);
    for (char c : name) {
        if (c == '.' || c == '_') {
            out.emplace_back();
        } else {
            out.back() += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
    }
    return out;
}

}  // namespace

Direction metricDirection(const std::string &name) {
    const std::vector<std::string> parts = words(name);
    for (const auto &[word, direction] : kRules) {
        if (std::find(parts.begin(), parts.end(), word) != parts.end()) return direction;
    }
    return Direction::LowerIsBetter;  // errors, durations, CPU, memory, counts of problems
}

const char *directionText(Direction direction) {
    return direction == Direction::LowerIsBetter ? "lower is better" : "higher is better";
}

bool better(double a, double b, Direction direction) { return direction == Direction::LowerIsBetter ? a < b : a > b; }

}  // namespace robometrics::bench
