#pragma once
// The one time axis of a run: seconds since the first recorded message on the clock the system
// ran on. That is the recorder's log time (every message has one, whatever its type), except in
// a simulated run (Gazebo, `use_sim_time`): there the system's clock is simulated time, so a
// paused simulation is not a gap and a run at a real-time factor of 0.6 keeps its 10 Hz. Log
// times are mapped onto simulated time through the /clock samples when the bag has them, else
// through anchors learned from messages that carry both a log time and a header stamp. In a
// wall-clock run header stamps are mapped onto log time through the same anchors.
// The rule is written down in docs/conventions.md ("Time bases").

#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/ClockTrack.hpp"
#include "robometrics/core/Time.hpp"

namespace robometrics {

class RunClock {
public:
    /// One recorded message: its log time and, when its type has a header, its stamp (zero = unset).
    void observe(TimeNs log_time, std::optional<TimeNs> stamp = std::nullopt);
    /// The bag has a /clock topic (rosgraph_msgs/Clock): the system ran on simulated time.
    void markClockTopic() { clock_topic_ = true; }
    /// One /clock message: its log time and the simulated time it carries.
    void observeClock(TimeNs log_time, TimeNs sim_time) { clock_track_.add(log_time, sim_time); }
    /// Ends the run: the last anchor is closed and sim time is decided.
    void finish();
    /// Only a window of the recording is observed (`evaluate --start`): the time axis starts at
    /// `log_time`, the recording's first message, so that times read as in the whole run. Not
    /// under simulated time: log times before the window cannot be mapped onto it, so there the
    /// axis starts at the window's first message (windowedSimTime() says so).
    void setOrigin(TimeNs log_time) { origin_ = log_time; }
    /// The axis does not start at the recording's first message: a window on simulated time.
    bool windowedSimTime() const { return origin_ && sim_time_; }

    bool empty() const { return !started_; }
    /// Log times of the first and last message.
    TimeNs start() const { return start_; }
    TimeNs end() const { return end_; }
    /// Duration on the system's clock (simulated time in a simulated run).
    double durationSeconds() const { return toSeconds(system_end_ - system_start_); }
    /// Duration in recorder log time (the wall clock of the recording machine).
    double wallDurationSeconds() const { return toSeconds(end_ - start_); }

    /// A log time on the system's clock: itself in a wall-clock run, simulated time in a
    /// simulated one. Valid after finish().
    TimeNs systemTime(TimeNs log_time) const;
    /// The system's clock at the first and last message.
    TimeNs systemStart() const { return system_start_; }
    TimeNs systemEnd() const { return system_end_; }
    /// Wall time the simulation stood still (/clock not advancing for at least 0.5 s), seconds.
    double pausedWallSeconds() const;

    /// Zero of the time axis on the system's clock: systemStart(), or the recording's first
    /// message (setOrigin) when only a window was observed.
    TimeNs axisOrigin() const { return axis_origin_; }
    /// The same on the log clock.
    TimeNs logOrigin() const { return log_origin_; }
    /// A log time on the axis.
    double sinceStart(TimeNs log_time) const { return toSeconds(systemTime(log_time) - axis_origin_); }
    /// A header stamp on the axis (through the anchors; identity offset when there are none).
    double stampSinceStart(TimeNs stamp) const;
    double stampSinceStart(double stamp_s) const { return stampSinceStart(fromSeconds(stamp_s)); }

    /// Header stamps are simulated time: a /clock topic, or stamps that are not epoch-scale while
    /// log times are (a simulator starts its clock near zero).
    bool simTime() const { return sim_time_; }
    /// Median of (log time - header stamp) over the run, seconds; nullopt without stamps.
    std::optional<double> stampOffsetSeconds() const;

    /// "simulated time" or "recorder log time": the clock of the axis, for headings.
    const char *clockName() const { return sim_time_ ? "simulated time" : "recorder log time"; }
    /// "time since start [s], recorder log time" for plot axes and CSV headers.
    std::string axisLabel() const { return std::string("time since start [s], ") + clockName(); }
    /// One sentence for the summary and report: which clocks the run used.
    std::string describe() const;

private:
    struct Anchor {
        TimeNs stamp;  ///< header-stamp clock
        TimeNs log;    ///< recorder clock
    };
    void closeBucket();
    std::string describeRun() const;

    bool started_ = false;
    bool clock_topic_ = false;
    bool sim_time_ = false;
    TimeNs start_ = 0, end_ = 0;
    TimeNs system_start_ = 0, system_end_ = 0;
    std::optional<TimeNs> origin_;  ///< the recording's first message, when a window is observed
    TimeNs axis_origin_ = 0;        ///< zero of the axis on the system's clock
    TimeNs log_origin_ = 0;         ///< the same on the log clock
    ClockTrack clock_track_;
    // The (stamp, log) pairs of the current one-second bucket of log time; the median offset is an anchor.
    TimeNs bucket_start_ = 0;
    std::vector<Anchor> bucket_;
    std::vector<Anchor> anchors_;             ///< sorted by log time; stamps made non-decreasing
    std::vector<TimeNs> all_offsets_sample_;  ///< bucket medians, for the run-wide median
    std::optional<TimeNs> first_stamp_;
};

}  // namespace robometrics
