#include "robometrics/io/GroundTruthEntry.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>

namespace robometrics::io {

namespace {

constexpr const char *kIndex = "index:";
constexpr const char *kFrame = "frame:";

bool startsWith(const std::string &text, const char *prefix) { return text.rfind(prefix, 0) == 0; }

std::optional<std::size_t> indexOf(const std::string &entry) {
    if (!startsWith(entry, kIndex)) return std::nullopt;
    const std::string digits = entry.substr(std::string(kIndex).size());
    if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    return static_cast<std::size_t>(std::strtoul(digits.c_str(), nullptr, 10));
}

double distance(const msgs::Point &a, const msgs::Point &b) { return std::hypot(a.x - b.x, a.y - b.y, a.z - b.z); }

}  // namespace

std::vector<NamedPose> namedPoses(const msgs::PoseArray &m) {
    std::vector<NamedPose> out;
    out.reserve(m.poses.size());
    for (const msgs::Pose &p : m.poses) out.push_back({{}, p});
    return out;
}

msgs::Pose poseOf(const msgs::Transform &t) {
    msgs::Pose p;
    p.position = {t.translation.x, t.translation.y, t.translation.z};
    p.orientation = t.rotation;
    return p;
}

std::vector<NamedPose> namedPoses(const msgs::TFMessage &m) {
    std::vector<NamedPose> out;
    out.reserve(m.transforms.size());
    for (const msgs::TransformStamped &t : m.transforms) out.push_back({t.child_frame_id, poseOf(t.transform)});
    return out;
}

Status checkGroundTruthEntry(const std::string &entry) {
    if (entry.empty() || entry == "moving" || indexOf(entry)) return Status::Ok();
    if (startsWith(entry, kFrame) && entry.size() > std::string(kFrame).size()) return Status::Ok();
    return Error{fmt::format("ground-truth entry '{}': expected index:N, frame:NAME or moving", entry)};
}

GroundTruthEntry::GroundTruthEntry(std::string entry, Take take) : entry_(std::move(entry)), take_(std::move(take)) {
    index_ = indexOf(entry_);
    if (startsWith(entry_, kFrame)) frame_ = entry_.substr(std::string(kFrame).size());
    moving_ = entry_ == "moving";
    if (moving_) {
        why_ = fmt::format("no entry left its first position by more than {:.2f} m", kMovedM);
    } else if (index_) {
        why_ = fmt::format("no message has an entry {}", *index_);
    } else if (!frame_.empty()) {
        why_ = fmt::format("no transform has child_frame_id '{}'", frame_);
    } else {
        why_ = "no message";
    }
}

void GroundTruthEntry::add(const std::vector<NamedPose> &entries, TimeNs t) {
    if (moving_) {
        if (undecidable_) return;
        kept_poses_ += entries.size();
        kept_.emplace_back(t, entries);
        decide(entries);
        return;
    }
    give(entries, t);
}

void GroundTruthEntry::decide(const std::vector<NamedPose> &entries) {
    for (std::size_t i = first_.size(); i < entries.size(); ++i) first_.push_back(entries[i].pose.position);
    std::vector<std::size_t> moved;
    if (entries.size() == 1 && first_.size() == 1) {  // one pose per message: it is the robot's
        moved.push_back(0);
        single_ = true;
    }
    for (std::size_t i = 0; i < entries.size() && !single_; ++i) {
        if (distance(entries[i].pose.position, first_[i]) > kMovedM) moved.push_back(i);
    }
    if (moved.size() == 1) {
        index_ = moved.front();
        moving_ = false;
        why_ = fmt::format("no message has an entry {}", *index_);
        auto kept = std::move(kept_);
        kept_ = {};
        for (const auto &[time, poses] : kept) give(poses, time);
        return;
    }
    if (moved.size() > 1) {
        undecidable_ = true;
        why_ = fmt::format("entries {} and {} left their first positions together: name the robot's entry", moved[0],
                           moved[1]);
    } else if (kept_poses_ > kMostKeptPoses) {
        undecidable_ = true;
        why_ = fmt::format("no entry left its first position by more than {:.2f} m in the first {} poses", kMovedM,
                           kMostKeptPoses);
    }
    if (undecidable_) {
        kept_.clear();
        kept_.shrink_to_fit();
    }
}

void GroundTruthEntry::give(const std::vector<NamedPose> &entries, TimeNs t) {
    const NamedPose *chosen = nullptr;
    if (index_) {
        if (*index_ < entries.size()) chosen = &entries[*index_];
    } else if (!frame_.empty()) {
        for (const NamedPose &e : entries) {
            if (e.name == frame_) chosen = &e;
        }
    } else if (entries.size() == 1) {
        chosen = &entries.front();
    } else if (!taken_) {
        why_ = fmt::format("a message holds {} poses and nothing says which is the robot's", entries.size());
    }
    if (chosen == nullptr) return;
    taken_ = true;
    take_(chosen->pose, t);
}

std::string GroundTruthEntry::decided() const {
    if (single_) return {};
    if (index_) return kIndex + std::to_string(*index_);
    if (!frame_.empty()) return kFrame + frame_;
    return {};
}

}  // namespace robometrics::io
