#pragma once
// A topic's statistics window as a ROS diagnostic (diagnostic_msgs/DiagnosticStatus), which
// `live topic-stats` publishes on /diagnostics beside /statistics, as greenwave_monitor and
// diagnostic_aggregator users expect: "robometrics: topic /scan", OK with the rate, period and
// jitter of the window, or STALE when no message arrived in it (diagnostics' "no data").

#include "robometrics/msgs/Messages.hpp"
#include "robometrics/topicstats/WindowRecord.hpp"

namespace robometrics::topicstats {

/// The status of a message_period window (`record.metric` must be MessagePeriod).
msgs::DiagnosticStatus windowDiagnostic(const WindowRecord &record);

/// The array published for it, stamped at the window's end.
msgs::DiagnosticArray windowDiagnostics(const WindowRecord &record);

}  // namespace robometrics::topicstats
