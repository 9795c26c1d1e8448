#include "robometrics/topicstats/WindowDiagnostics.hpp"

#include <fmt/format.h>

#include <cmath>

namespace robometrics::topicstats {

msgs::DiagnosticStatus windowDiagnostic(const WindowRecord &record) {
    msgs::DiagnosticStatus s;
    s.name = "robometrics: topic " + record.topic;
    s.hardware_id = record.topic;
    const double window_s = static_cast<double>(record.window_stop - record.window_start) * 1e-9;
    const StatisticsSet &p = record.stats;
    // A period needs two messages: with one or none in the window there is no rate to give.
    if (p.count == 0 || !std::isfinite(p.average) || p.average <= 0) {
        s.level = msgs::DiagnosticStatus::STALE;
        s.message = fmt::format("no message period in the last {:.3g} s", window_s);
        s.values = {{"window_s", fmt::format("{:.6g}", window_s)}, {"periods", "0"}};
        return s;
    }
    const double rate_hz = 1000.0 / p.average;
    s.level = msgs::DiagnosticStatus::OK;
    s.message = fmt::format("{:.3g} Hz", rate_hz);
    s.values = {{"frequency_hz", fmt::format("{:.6g}", rate_hz)},
                {"mean_period_ms", fmt::format("{:.6g}", p.average)},
                {"jitter_ms", fmt::format("{:.6g}", p.stddev)},
                {"max_period_ms", fmt::format("{:.6g}", p.maximum)},
                {"periods", std::to_string(p.count)},
                {"window_s", fmt::format("{:.6g}", window_s)}};
    return s;
}

msgs::DiagnosticArray windowDiagnostics(const WindowRecord &record) {
    msgs::DiagnosticArray out;
    out.header.stamp = msgs::Time::fromNs(record.window_stop);
    out.status.push_back(windowDiagnostic(record));
    return out;
}

}  // namespace robometrics::topicstats
