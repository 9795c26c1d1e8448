#pragma once
// Which pose of a message that holds many is the robot's, for a ground truth published for a whole
// world: Gazebo's `/world/<world>/pose/info` through ros_gz_bridge (geometry_msgs/PoseArray or
// tf2_msgs/TFMessage, one entry per model, link, visual and light of the world, in the simulator's
// entity order; ros_gz_bridge keeps neither the entity names nor, for TFMessage, the stamps), or a
// TFMessage of named bodies. The entry is spelt
//   "index:N"    the N-th pose (0-based) of every message;
//   "frame:NAME" the transform whose child_frame_id is NAME (TFMessage);
//   "moving"     decided while reading: the one entry whose position leaves its first position by
//                more than kMovedM (the robot; static models stay put, and a link's or visual's
//                pose is relative to its parent, so it does not travel). The messages before the
//                decision are kept (at most kMostKeptPoses poses) and handed on once it is made;
//                two entries leaving together, or none before the bound, decide nothing; on
//                messages of one pose, that pose from the first message.
//   ""           the message's only pose (a message with several gives none).

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/core/Time.hpp"
#include "robometrics/msgs/Messages.hpp"

namespace robometrics::io {

/// One entry of a message: its name (empty for a PoseArray) and pose.
struct NamedPose {
    std::string name;
    msgs::Pose pose;
};

std::vector<NamedPose> namedPoses(const msgs::PoseArray &m);
std::vector<NamedPose> namedPoses(const msgs::TFMessage &m);
msgs::Pose poseOf(const msgs::Transform &t);

/// Checks the spelling of an entry (see above); the error says what is accepted.
Status checkGroundTruthEntry(const std::string &entry);

class GroundTruthEntry {
public:
    static constexpr double kMovedM = 0.10;
    static constexpr std::size_t kMostKeptPoses = 200000;  ///< about 11 MB of poses before a "moving" decision
    using Take = std::function<void(const msgs::Pose &, TimeNs)>;

    /// `entry` as checkGroundTruthEntry accepts it; `take` gets the robot's pose of each message.
    GroundTruthEntry(std::string entry, Take take);

    /// The entries of one message received at `t`.
    void add(const std::vector<NamedPose> &entries, TimeNs t);

    /// The entry in use, "index:N" or "frame:NAME" once a "moving" entry is decided; "" before, and
    /// for messages of one pose.
    std::string decided() const;
    /// Why no pose was taken yet (undecided, ambiguous, several poses, no such frame); empty once one was.
    std::string why() const { return taken_ ? std::string() : why_; }

private:
    void decide(const std::vector<NamedPose> &entries);
    void give(const std::vector<NamedPose> &entries, TimeNs t);

    std::string entry_;
    Take take_;
    std::optional<std::size_t> index_;
    std::string frame_;
    bool moving_ = false;       ///< the entry is still to be decided
    bool undecidable_ = false;  ///< two entries left together, or too many poses kept
    bool single_ = false;       ///< "moving" on messages of one pose: that pose, from the first
    std::vector<msgs::Point> first_;
    std::vector<std::pair<TimeNs, std::vector<NamedPose>>> kept_;
    std::size_t kept_poses_ = 0;
    bool taken_ = false;
    std::string why_;
};

}  // namespace robometrics::io
