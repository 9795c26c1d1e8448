#pragma once
// A measurement in a JSON document: the number, or null when it is NaN or infinite (no data, or
// nothing to divide by). JSON has no NaN, and a 0 would read as a measured value.

#include <cmath>
#include <nlohmann/json.hpp>

namespace robometrics::report {

inline nlohmann::json finiteOrNull(double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(nullptr); }

}  // namespace robometrics::report
