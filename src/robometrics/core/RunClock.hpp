#pragma once
// The one time axis of a run: seconds since the first recorded message, in recorder log time
// (every message has one, whatever its type). Header stamps live on the publisher's clock, which
// may be simulated time (Gazebo, `use_sim_time`) or a clock that is not synchronised with the
// recorder; they are mapped onto the axis through anchors learned from messages that carry both.
// The rule is written down in docs/conventions.md ("Time bases").

#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/Time.hpp"

namespace robometrics {

class RunClock {
public:
    /// One recorded message: its log time and, when its type has a header, its stamp (zero = unset).
    void observe(TimeNs log_time, std::optional<TimeNs> stamp = std::nullopt);
    /// The bag has a /clock topic (rosgraph_msgs/Clock): the system ran on simulated time.
    void markClockTopic() { clock_topic_ = true; }
    /// Ends the run: the last anchor is closed and sim time is decided.
    void finish();

    bool empty() const { return !started_; }
    TimeNs start() const { return start_; }
    TimeNs end() const { return end_; }
    double durationSeconds() const { return toSeconds(end_ - start_); }

    /// A log time on the axis.
    double sinceStart(TimeNs log_time) const { return toSeconds(log_time - start_); }
    /// A header stamp on the axis (through the anchors; identity offset when there are none).
    double stampSinceStart(TimeNs stamp) const;
    double stampSinceStart(double stamp_s) const { return stampSinceStart(fromSeconds(stamp_s)); }

    /// Header stamps are simulated time: a /clock topic, or stamps that are not epoch-scale while
    /// log times are (a simulator starts its clock near zero).
    bool simTime() const { return sim_time_; }
    /// Median of (log time - header stamp) over the run, seconds; nullopt without stamps.
    std::optional<double> stampOffsetSeconds() const;

    /// "time since start [s], log time" for plot axes and CSV headers.
    std::string axisLabel() const { return "time since start [s], recorder log time"; }
    /// One sentence for the summary and report: which clocks the run used.
    std::string describe() const;

private:
    struct Anchor {
        TimeNs stamp;  ///< header-stamp clock
        TimeNs log;    ///< recorder clock
    };
    void closeBucket();

    bool started_ = false;
    bool clock_topic_ = false;
    bool sim_time_ = false;
    TimeNs start_ = 0, end_ = 0;
    // The (stamp, log) pairs of the current one-second bucket of log time; the median offset is an anchor.
    TimeNs bucket_start_ = 0;
    std::vector<Anchor> bucket_;
    std::vector<Anchor> anchors_;  ///< sorted by log time; stamps made non-decreasing
    std::vector<TimeNs> all_offsets_sample_;  ///< bucket medians, for the run-wide median
    std::optional<TimeNs> first_stamp_;
};

}  // namespace robometrics
