#include "robometrics/toolbox/BagTrajectoryList.hpp"

#include <fmt/format.h>

#include <deque>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/io/BagTrajectory.hpp"
#include "robometrics/io/TfRecording.hpp"
#include "robometrics/pipeline/Pipeline.hpp"

namespace robometrics::toolbox {

namespace {

void describe(const slam::Trajectory &t, BagTrajectoryInfo &info) {
    info.poses = t.size();
    if (t.empty()) return;
    info.duration_s = t.stamps.back() - t.stamps.front();
    if (info.duration_s > 0) info.rate_hz = static_cast<double>(t.size() - 1) / info.duration_s;
    for (std::size_t i = 1; i < t.size(); ++i) info.length_m += (t.positions[i] - t.positions[i - 1]).norm();
}

}  // namespace

Result<std::vector<BagTrajectoryInfo>> listBagTrajectories(const std::string &bag) {
    auto listing = bag::openBag(bag);
    if (!listing) return listing.error();
    std::vector<BagTrajectoryInfo> out;
    bag::ReadOptions read;
    for (const auto &topic : (*listing)->topics()) {
        const std::string kind = io::trajectoryKind(topic.type);
        if (kind.empty() || kind == "pose_array") continue;
        out.push_back(BagTrajectoryInfo{bag + ":" + topic.name, kind, topic.name, topic.type});
        read.topics.push_back(topic.name);
    }
    const std::size_t topic_count = out.size();
    for (const auto &topic : (*listing)->topics()) {
        if (topic.name == "/tf" || topic.name == "/tf_static") read.topics.push_back(topic.name);
    }
    if (read.topics.empty()) return out;  // nothing to read (an empty filter would read everything)

    auto source = bag::openBag(bag, read);
    if (!source) return source.error();
    pipeline::Pipeline pipeline;
    std::deque<slam::Trajectory> trajectories(topic_count);  // stable addresses for the callbacks
    for (std::size_t i = 0; i < topic_count; ++i)
        io::subscribeTrajectoryTopic(pipeline, out[i].name, out[i].type, trajectories[i]);
    io::TfRecording tf;
    const bool has_tf = tf.subscribe(pipeline, (*source)->topics());
    ROBOMETRICS_TRY(pipeline.run(**source));

    for (std::size_t i = 0; i < topic_count; ++i) describe(trajectories[i], out[i]);
    if (has_tf) {
        for (const auto &[parent, child] : tf.movingChains()) {
            auto chain = tf.chain(bag, parent, child);
            if (!chain) continue;  // no time at which the whole chain is known: nothing to evaluate
            BagTrajectoryInfo info{bag + ":tf:" + parent + ":" + child, "tf", parent + " -> " + child,
                                   "tf2_msgs/msg/TFMessage"};
            describe(*chain, info);
            out.push_back(std::move(info));
        }
    }
    std::erase_if(out, [](const BagTrajectoryInfo &info) { return info.poses == 0; });
    return out;
}

}  // namespace robometrics::toolbox
