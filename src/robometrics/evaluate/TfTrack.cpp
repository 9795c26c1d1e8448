#include "robometrics/evaluate/TfTrack.hpp"

#include <algorithm>

namespace robometrics::evaluate {

namespace {

bool isBaseFrame(const std::string &frame) { return frame == "base_footprint" || frame == "base_link"; }

}  // namespace

std::optional<std::pair<std::string, std::string>> robotChain(
    const std::vector<std::pair<std::string, std::string>> &chains) {
    for (const char *parent : {"odom", "map"}) {
        for (const char *child : {"base_footprint", "base_link"}) {
            for (const auto &c : chains) {
                if (c.first == parent && c.second == child) return c;
            }
        }
    }
    for (const auto &c : chains) {
        if (isBaseFrame(c.second)) return c;
    }
    if (chains.empty()) return std::nullopt;
    return chains.front();
}

std::optional<TfTrack> tfTrack(const io::TfRecording &tf, const std::string &bag, const RunClock &clock) {
    const auto chain = robotChain(tf.movingChains());
    if (!chain) return std::nullopt;
    auto poses = tf.chain(bag, chain->first, chain->second);
    if (!poses || poses->size() < 2) return std::nullopt;
    TfTrack track{chain->first, chain->second, {}};
    track.samples.reserve(poses->size());
    for (std::size_t i = 0; i < poses->size(); ++i) {
        const TimeNs stamp = fromSeconds(poses->stamps[i]);
        track.samples.push_back(
            {clock.stampSinceStart(stamp), poses->positions[i].x(), poses->positions[i].y(), stamp});
    }
    return track;
}

}  // namespace robometrics::evaluate
