#pragma once
// Options of the topic statistics (ROS 2 topic statistics over a bag, plus a health table).

#include <cstdint>

#include "robometrics/core/Time.hpp"

namespace robometrics::topicstats {

/// When a period sample is taken at the start of a window.
enum class PeriodMode {
    /// The documented rule (ROS 2 concept page): the first message of each window yields no
    /// period sample; the period is measured only between messages of the same window.
    PerWindow,
    /// What rclcpp really does: the last receive time survives the window reset, so the first
    /// message of a window is measured against the last message of an earlier window.
    AcrossWindows,
};

struct TopicStatsConfig {
    TimeNs window = kNsPerSecond;              ///< publish period = collection window, in bag time
    PeriodMode period_mode = PeriodMode::PerWindow;
    double drop_gap_factor = 1.5;              ///< a gap above this times the median period counts as drops
    /// A gap spanning more windows than this is reported as one empty window instead of one per
    /// period, so a bag with a bogus timestamp cannot make the output explode.
    std::int64_t max_gap_windows = 100'000;
};

}  // namespace robometrics::topicstats
