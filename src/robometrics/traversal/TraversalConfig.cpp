#include "robometrics/traversal/TraversalConfig.hpp"

#include <fmt/format.h>

#include <cmath>

namespace robometrics::traversal {

namespace {
// Generous, but keeps a typo such as buffer_size:=1e9 from allocating gigabytes.
constexpr int kMaxBufferSize = 10'000'000;
}  // namespace

Result<TraversalConfig> TraversalConfig::fromParams(const Params &params) {
    TraversalConfig config;
    ROBOMETRICS_TRY(params.get("collision_threshold", config.collision_threshold));
    ROBOMETRICS_TRY(params.get("smoothness_threshold", config.smoothness_threshold));
    ROBOMETRICS_TRY(params.get("min_safe_clearance", config.min_safe_clearance));
    ROBOMETRICS_TRY(params.get("distance_threshold", config.distance_threshold));
    ROBOMETRICS_TRY(params.get("rough_terrain_threshold", config.rough_terrain_threshold));
    ROBOMETRICS_TRY(params.get("buffer_size", config.buffer_size));
    ROBOMETRICS_TRY(params.get("debug_mode", config.debug_mode));
    ROBOMETRICS_TRY(params.get("debug_interval", config.debug_interval));
    ROBOMETRICS_TRY(params.get("respect_range_limits", config.respect_range_limits));
    ROBOMETRICS_TRY(params.get("jump_speed_threshold", config.jump_speed_threshold));
    ROBOMETRICS_TRY(config.validate());
    return config;
}

Status TraversalConfig::validate() const {
    const std::pair<const char *, double> thresholds[] = {
        {"collision_threshold", collision_threshold},         {"smoothness_threshold", smoothness_threshold},
        {"min_safe_clearance", min_safe_clearance},           {"distance_threshold", distance_threshold},
        {"rough_terrain_threshold", rough_terrain_threshold}, {"jump_speed_threshold", jump_speed_threshold},
    };
    for (const auto &[name, value] : thresholds) {
        if (!std::isfinite(value)) return Error{fmt::format("parameter '{}': expected a finite number", name)};
    }
    if (buffer_size < 1 || buffer_size > kMaxBufferSize) {
        return Error{fmt::format("parameter 'buffer_size': expected 1 to {}, got {}", kMaxBufferSize, buffer_size)};
    }
    if (!(jump_speed_threshold > 0)) {
        return Error{fmt::format("parameter 'jump_speed_threshold': expected a speed above 0 m/s, got {}",
                                 jump_speed_threshold)};
    }
    if (debug_interval < 1) {
        return Error{fmt::format("parameter 'debug_interval': expected a positive integer, got {}", debug_interval)};
    }
    return Status::Ok();
}

}  // namespace robometrics::traversal
