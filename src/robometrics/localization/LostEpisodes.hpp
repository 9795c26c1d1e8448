#pragma once
// The run summary of the lost detector: a timeline of status changes and the episodes, each
// from the first non-normal status to the next normal one (start, end, duration, worst status,
// peak probability).

#include <vector>

#include "robometrics/localization/LostDetector.hpp"

namespace robometrics::localization {

struct StatusChange {
    TimeNs time = 0;
    LostStatus status = LostStatus::Normal;
};

struct LostEpisode {
    TimeNs start = 0;
    TimeNs end = 0;  ///< time of the reading that returned to normal (or of the last reading)
    LostStatus worst = LostStatus::Confused;
    double peak_probability = 0;
    bool open = false;  ///< the run ended inside the episode
    double durationSeconds() const { return toSeconds(end - start); }
};

class LostEpisodes {
public:
    void add(const LostReading &reading);
    /// An external reset at `time` (the status becomes normal).
    void addReset(TimeNs time);
    /// Closes an open episode at the last reading's time.
    void finish();

    const std::vector<StatusChange> &timeline() const { return timeline_; }
    const std::vector<LostEpisode> &episodes() const { return episodes_; }
    std::size_t readings() const { return readings_; }
    std::size_t invalid() const { return invalid_; }
    std::size_t countOf(LostStatus s) const { return counts_[static_cast<int>(s)]; }

private:
    void transition(TimeNs time, LostStatus status);

    std::vector<StatusChange> timeline_;
    std::vector<LostEpisode> episodes_;
    bool in_episode_ = false;
    TimeNs last_time_ = 0;
    std::size_t readings_ = 0;
    std::size_t invalid_ = 0;
    std::size_t counts_[3] = {0, 0, 0};
};

}  // namespace robometrics::localization
