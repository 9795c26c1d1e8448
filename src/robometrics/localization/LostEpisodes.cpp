#include "robometrics/localization/LostEpisodes.hpp"

#include <algorithm>
#include <cmath>

namespace robometrics::localization {

void LostEpisodes::transition(TimeNs time, LostStatus status) {
    if (timeline_.empty() || timeline_.back().status != status) timeline_.push_back({time, status});
    if (status != LostStatus::Normal && !in_episode_) {
        episodes_.push_back(LostEpisode{time, time, status, 0, true});
        in_episode_ = true;
    } else if (status == LostStatus::Normal && in_episode_) {
        episodes_.back().end = time;
        episodes_.back().open = false;
        in_episode_ = false;
    }
    if (in_episode_) {
        LostEpisode &e = episodes_.back();
        e.end = time;
        e.worst = std::max(e.worst, status);
    }
}

void LostEpisodes::add(const LostReading &r) {
    ++readings_;
    last_time_ = r.time;
    if (!r.features.valid) ++invalid_;
    ++counts_[static_cast<int>(r.status)];
    transition(r.time, r.status);
    if (in_episode_ && std::isfinite(r.probability)) {
        episodes_.back().peak_probability = std::max(episodes_.back().peak_probability, r.probability);
    }
}

void LostEpisodes::addReset(TimeNs time) {
    last_time_ = std::max(last_time_, time);
    transition(time, LostStatus::Normal);
}

void LostEpisodes::finish() {
    if (in_episode_) episodes_.back().end = last_time_;
}

}  // namespace robometrics::localization
