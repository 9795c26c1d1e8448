#include "robometrics/io/TfRecording.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <map>
#include <set>

namespace robometrics::io {

// The whole bag stays in the buffer: chains are sampled after reading.
TfRecording::TfRecording() : buffer_(std::numeric_limits<TimeNs>::max() / 4) {}

bool subscribeToTf(pipeline::Pipeline &pipeline, const std::vector<bag::TopicInfo> &topics, const TfHandler &handler) {
    bool any = false;
    for (const auto &topic : topics) {
        const bool is_static = topic.name == "/tf_static";
        if (topic.name != "/tf" && !is_static) continue;
        any = true;
        pipeline.subscribe<msgs::TFMessage>(
            topic.name, [handler, is_static](const msgs::TFMessage &m, const pipeline::Envelope &) { handler(m, is_static); });
    }
    return any;
}

bool TfRecording::subscribe(pipeline::Pipeline &pipeline, const std::vector<bag::TopicInfo> &topics) {
    return subscribeToTf(pipeline, topics, [this](const msgs::TFMessage &m, bool is_static) { add(m, is_static); });
}

void TfRecording::add(const msgs::TFMessage &message, bool is_static) {
    for (const auto &tf : message.transforms) {
        const auto &t = tf.transform.translation;
        const auto &r = tf.transform.rotation;
        const Eigen::Vector3d translation(t.x, t.y, t.z);
        const Eigen::Quaterniond q(r.w, r.x, r.y, r.z);
        const TimeNs stamp = tf.header.stamp.toNs();
        // An unset rotation (all zero) reads as identity, as for the pose topics. The buffer
        // normalises the rotation when a look-up first needs it, to the very bits it would store
        // of the isometry: links off the chains (wheels, sensors) are never converted.
        std::optional<TimeNs> late_after;
        buffer_.setTransformFromMessage(tf.header.frame_id, tf.child_frame_id, stamp, translation,
                                        q.norm() > 1e-12 ? q : Eigen::Quaterniond::Identity(), is_static,
                                        streamed_.empty() ? nullptr : &late_after);
        if (late_after) noteLateSample(tf.child_frame_id, stamp, *late_after);
        Link &link = recent_links_(links_, tf.child_frame_id);
        if (link.parent != tf.header.frame_id) link.parent = tf.header.frame_id;  // a copy costs more than the check
        if (is_static) continue;
        link.stamps.push_back(stamp);
        earliest_dynamic_ = std::min(earliest_dynamic_, stamp);
        if (!first_dynamic_) first_dynamic_ = stamp;
        if (!link.dynamic) {
            link.dynamic = true;
            link.first_translation = translation;
        } else if (!link.translating && (translation - link.first_translation).norm() > 1e-3) {
            link.translating = true;  // for good: later samples need no square root
        }
        // Built in steps of many samples: each step walks the streamed chains' links.
        if (!streamed_.empty() && ++added_since_build_ >= 4096) buildStreamed(false);
    }
}

std::vector<std::string> TfRecording::chainUp(std::string frame) const {
    std::vector<std::string> chain{frame};
    std::set<std::string> seen{frame};
    for (auto it = links_.find(frame); it != links_.end(); it = links_.find(frame)) {
        frame = it->second.parent;
        if (!seen.insert(frame).second) break;  // a cycle: stop rather than loop
        chain.push_back(frame);
    }
    return chain;
}

Status TfRecording::checkFrames(const std::string &bag, const std::string &parent, const std::string &child) const {
    for (const std::string *frame : {&parent, &child}) {
        if (!buffer_.hasFrame(*frame))
            return Error{fmt::format("{}: frame '{}' never appears in /tf or /tf_static", bag, *frame)};
    }
    return Status::Ok();
}

bool TfRecording::appendPoses(const std::string &parent, const std::string &child, const std::vector<TimeNs> &times,
                              slam::Trajectory &out) const {
    return buffer_
        .lookupEach(parent, child, times,
                    [&](std::size_t i, const Eigen::Isometry3d &pose) {
                        out.add(toSeconds(times[i]), pose.translation(),
                                Eigen::Quaterniond(pose.linear()).normalized());
                    })
        .ok();
}

Error TfRecording::notConnected(const std::string &bag, const std::string &parent, const std::string &child) {
    return Error{fmt::format("{}: frames '{}' and '{}' are not connected in the TF tree", bag, parent, child)};
}

Error TfRecording::noCommonTime(const std::string &bag, const std::string &parent, const std::string &child) {
    return Error{
        fmt::format("{}: the chain {} -> {} has no time at which every transform on it is known", bag, parent, child)};
}

Result<slam::Trajectory> TfRecording::lookUp(const std::string &bag, const std::string &parent,
                                             const std::string &child, const std::vector<TimeNs> &times) const {
    slam::Trajectory t;
    t.reserve(times.size());
    if (!appendPoses(parent, child, times, t) || t.empty()) return noCommonTime(bag, parent, child);
    return t;
}

std::optional<TfLookupStart::Anchor> parseTfLookupAnchor(const std::string &word) {
    if (word == "tf") return TfLookupStart::Anchor::FirstTfStamp;
    if (word == "bag") return TfLookupStart::Anchor::BagStart;
    return std::nullopt;
}

Result<slam::Trajectory> TfRecording::chainAtFrequency(const std::string &bag, const std::string &parent,
                                                       const std::string &child, double frequency_hz,
                                                       const TfLookupStart &from) const {
    ROBOMETRICS_TRY(checkNotStreamed(bag));
    ROBOMETRICS_TRY(checkFrames(bag, parent, child));
    auto latest = buffer_.latestCommonTime(parent, child);
    if (!latest) return notConnected(bag, parent, child);
    // evo looks an all-static chain up once, at its latest common time, which tf2 gives as 0.
    if (*latest == std::numeric_limits<TimeNs>::max()) return lookUp(bag, parent, child, {0});
    const auto step = static_cast<TimeNs>(1e9 / frequency_hz);
    if (step <= 0) return Error{fmt::format("TF lookup frequency {} Hz is too high (under 1 ns a step)", frequency_hz)};
    TimeNs start = first_dynamic_.value_or(*latest);
    if (from.anchor == TfLookupStart::Anchor::BagStart) {
        start = from.bag_start;
        // Log times on another clock than the stamps (wall-clock recording of sim-time stamps):
        // the bag's start is no time of the chain; start at the smallest /tf stamp instead.
        if (start > *latest && earliest_dynamic_ <= *latest) start = earliest_dynamic_;
    }
    std::vector<TimeNs> times;
    if (*latest < start) times.push_back(*latest);
    for (TimeNs time = start; time <= *latest; time += step) times.push_back(time);
    return lookUp(bag, parent, child, times);
}

std::optional<std::vector<std::string>> TfRecording::pathChildren(const std::string &parent,
                                                                  const std::string &child) const {
    const std::vector<std::string> up_child = chainUp(child), up_parent = chainUp(parent);
    const std::set<std::string> on_parent_side(up_parent.begin(), up_parent.end());
    std::vector<std::string> path_children;
    std::string common;
    for (const auto &f : up_child) {
        if (on_parent_side.count(f)) {
            common = f;
            break;
        }
        path_children.push_back(f);
    }
    if (common.empty()) return std::nullopt;
    for (const auto &f : up_parent) {
        if (f == common) break;
        path_children.push_back(f);
    }
    return path_children;
}

std::vector<TimeNs> TfRecording::stampsOn(const std::vector<std::string> &path, TimeNs from, TimeNs until) const {
    std::size_t stamps = 0;
    for (const auto &f : path) {
        if (auto it = links_.find(f); it != links_.end()) stamps += it->second.stamps.size();
    }
    std::vector<TimeNs> times;
    times.reserve(stamps);  // every stamp of a long run: not held at up to twice its size
    // Each link's stamps come in order on nearly every bag: merged into the sorted whole as they
    // are appended (a sort of the whole was a sixth of the recording's time), else sorted at the end.
    bool in_order = true;
    for (const auto &f : path) {
        auto it = links_.find(f);
        if (it == links_.end()) continue;
        const std::size_t before = times.size();
        for (TimeNs t : it->second.stamps) {
            if (t >= from && t < until) times.push_back(t);
        }
        const auto appended = times.begin() + static_cast<std::ptrdiff_t>(before);
        in_order = in_order && std::is_sorted(appended, times.end());
        if (in_order) std::inplace_merge(times.begin(), appended, times.end());
    }
    if (!in_order) std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    return times;
}

Status TfRecording::checkNotStreamed(const std::string &bag) const {
    if (streamed_.empty()) return Status::Ok();
    return Error{bag + ": the TF recording kept only the chains it built while reading"};
}

Result<slam::Trajectory> TfRecording::chain(const std::string &bag, const std::string &parent,
                                            const std::string &child) const {
    ROBOMETRICS_TRY(checkNotStreamed(bag));
    ROBOMETRICS_TRY(checkFrames(bag, parent, child));
    // The moving links between the two frames decide when the chain has a new pose.
    const auto path_children = pathChildren(parent, child);
    if (!path_children) return notConnected(bag, parent, child);
    std::vector<TimeNs> times =
        stampsOn(*path_children, std::numeric_limits<TimeNs>::min(), std::numeric_limits<TimeNs>::max());
    if (times.empty()) times.push_back(0);  // an all-static chain: one pose
    return lookUp(bag, parent, child, times);
}

std::vector<std::pair<std::string, std::string>> TfRecording::movingChains() const {
    std::vector<std::pair<std::string, std::string>> out;
    auto translating = [this](const std::string &frame) {
        auto it = links_.find(frame);
        return it != links_.end() && it->second.translating;
    };
    for (const auto &[frame, link] : links_) {
        if (!link.translating) continue;
        const std::vector<std::string> up = chainUp(frame);
        for (std::size_t i = 1; i < up.size(); ++i) {
            if (i + 1 == up.size() || translating(up[i])) out.emplace_back(up[i], frame);
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::size_t TfRecording::heldStamps() const {
    std::size_t n = 0;
    for (const auto &[child, link] : links_) n += link.stamps.size();
    return n;
}

void TfRecording::buildWhileReading(const std::vector<std::pair<std::string, std::string>> &chains) {
    for (const auto &chain : chains) {
        const bool known = std::any_of(streamed_.begin(), streamed_.end(), [&chain](const StreamedChain &c) {
            return c.parent == chain.first && c.child == chain.second;
        });
        if (known) continue;
        StreamedChain c;
        c.parent = chain.first;
        c.child = chain.second;
        streamed_.push_back(std::move(c));
    }
}

void TfRecording::noteLateSample(const std::string &child, TimeNs stamp, TimeNs lower) {
    // An earlier or repeated stamp changes the poses between its neighbours (from `lower`, the
    // newest stamp before it): those built already were interpolated without it. A sample in
    // stamp order never comes here: only poses not built yet can use it.
    for (StreamedChain &c : streamed_) {
        if (c.late_noted || !c.connected || lower >= c.built_before) continue;
        if (std::find(c.path.begin(), c.path.end(), child) == c.path.end()) continue;
        c.late_noted = true;  // once per chain: a bag whose every sample is late says it once
        stream_notes_.push_back(fmt::format(
            "TF: a sample of {} stamped {:.9f} s arrived after later ones; the chain {} -> {} had been built past "
            "it without it",
            child, toSeconds(stamp), c.parent, c.child));
    }
}

void TfRecording::buildStreamed(bool at_end) {
    added_since_build_ = 0;
    for (StreamedChain &c : streamed_) {
        if (!buffer_.hasFrame(c.parent) || !buffer_.hasFrame(c.child)) continue;
        auto path = pathChildren(c.parent, c.child);
        if (!path) continue;
        if (c.connected && *path != c.path && !c.tree_noted) {
            c.tree_noted = true;
            stream_notes_.push_back(
                fmt::format("TF: the frames between {} and {} changed while the chain was built", c.parent, c.child));
        }
        c.path = std::move(*path);
        c.connected = true;
        // A pose is final once every moving link has a newer sample: no later one (in stamp
        // order) falls between the samples it interpolates.
        TimeNs until = std::numeric_limits<TimeNs>::max();
        bool moving = false;
        for (const std::string &f : c.path) {
            if (auto newest = buffer_.newestDynamicStamp(f)) {
                until = std::min(until, *newest);
                moving = true;
            }
        }
        if (at_end) {
            until = std::numeric_limits<TimeNs>::max();
        } else if (!moving) {
            continue;
        }
        std::vector<TimeNs> times = stampsOn(c.path, c.built_before, until);
        c.saw_stamp |= !times.empty();
        if (at_end && !c.saw_stamp) times.push_back(0);  // an all-static chain: one pose
        // Each step's poses go to the chain's log on disk; the step's buffer is reused.
        c.step.stamps.clear();
        c.step.positions.clear();
        c.step.orientations.clear();
        appendPoses(c.parent, c.child, times, c.step);
        c.poses.append(c.step);
        c.built_before = until;
    }
    if (!at_end) forgetUnneeded();
}

void TfRecording::forgetUnneeded() {
    // Until every streamed chain is connected, any link may still turn out to be on one.
    for (const StreamedChain &c : streamed_) {
        if (!c.connected) return;
    }
    std::map<std::string, TimeNs> needed_from;  // by the child frame of each link on a chain
    for (const StreamedChain &c : streamed_) {
        for (const std::string &f : c.path) {
            auto [it, inserted] = needed_from.try_emplace(f, c.built_before);
            if (!inserted) it->second = std::min(it->second, c.built_before);
        }
    }
    for (auto &[child, link] : links_) {
        if (!link.dynamic) continue;
        std::vector<TimeNs> &stamps = link.stamps;
        auto needed = needed_from.find(child);
        if (needed == needed_from.end()) {
            std::vector<TimeNs>().swap(stamps);
            buffer_.keepNewest(child);
            continue;
        }
        const TimeNs from = needed->second;
        stamps.erase(std::remove_if(stamps.begin(), stamps.end(), [from](TimeNs t) { return t < from; }), stamps.end());
        if (stamps.capacity() > 2 * stamps.size() + 1024) stamps.shrink_to_fit();
        buffer_.dropBefore(child, from);
    }
}

Result<slam::Trajectory> TfRecording::takeStreamedChain(const std::string &bag, const std::string &parent,
                                                        const std::string &child) {
    auto poses = takeStreamedPoses(bag, parent, child);
    if (!poses) return poses.error();
    return poses->all();
}

Result<slam::PoseLog> TfRecording::takeStreamedPoses(const std::string &bag, const std::string &parent,
                                                     const std::string &child) {
    if (!streamed_done_) {
        buildStreamed(true);
        streamed_done_ = true;
    }
    ROBOMETRICS_TRY(checkFrames(bag, parent, child));
    for (StreamedChain &c : streamed_) {
        if (c.parent != parent || c.child != child) continue;
        if (!c.connected) return notConnected(bag, parent, child);
        c.step = {};
        if (c.poses.empty()) return noCommonTime(bag, parent, child);
        return std::move(c.poses);
    }
    return Error{fmt::format("{}: the chain {} -> {} was not built while reading", bag, parent, child)};
}

}  // namespace robometrics::io
