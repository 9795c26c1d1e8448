#pragma once
// What the robot was told to do and what it did, collected in the one pass of `evaluate`: the
// velocity commands (cmd_vel as Twist or TwistStamped), the Nav2 navigation goals (action status
// of navigate_to_pose and follow_path), the odometry track and, when recorded, the ground-truth
// pose track. After the pass, on the system's clock: the intent, when the robot moved, and the
// stuck episodes (activity/).

#include <functional>
#include <optional>
#include <vector>

#include "robometrics/activity/Intent.hpp"
#include "robometrics/activity/StuckDetector.hpp"
#include "robometrics/activity/Track.hpp"
#include "robometrics/core/SpillLog.hpp"
#include "robometrics/io/GroundTruthEntry.hpp"
#include "robometrics/msgs/Messages.hpp"
#include "robometrics/nodes/NodeSpec.hpp"
#include "robometrics/pipeline/Pipeline.hpp"

namespace robometrics::nodes {

/// A recorded pose as a point of the robot's track at `t`; empty when its position is not finite.
std::optional<activity::TrackPoint> trackPointOf(const msgs::Pose &pose, TimeNs t);

struct ActivityRun {
    activity::Intent intent;
    bool has_odometry = false;                ///< an odometry track (what AMCL sees) was recorded
    std::optional<activity::Track> progress;  ///< ground truth when recorded, else odometry: real progress
    bool progress_from_ground_truth = false;
    TimeIntervals moving;  ///< when the robot drove or turned (odometry; else the ground truth)
};

class ActivityNode : public Node {
public:
    /// robot_activity: inputs cmd_vel (/cmd_vel, Twist), cmd_vel_stamped (/cmd_vel, TwistStamped),
    /// navigate_status (/navigate_to_pose/_action/status), follow_path_status
    /// (/follow_path/_action/status), odometry and pose (the traversal node's).
    static const NodeSpec &spec();

    explicit ActivityNode(activity::IntentConfig config = {}) : config_(config) {}
    ActivityNode(const ActivityNode &) = delete;
    ActivityNode &operator=(const ActivityNode &) = delete;

    /// After the pass: the entry used ("index:N", "frame:NAME"), and why no pose was taken (empty
    /// when one was); both empty without such a ground truth.
    std::string groundTruthEntry() const { return truth_entry_ ? truth_entry_->decided() : std::string(); }
    std::string groundTruthNotTaken() const { return truth_entry_ ? truth_entry_->why() : std::string(); }

    /// Reads the fields of `topics` that are not empty: the commands, the goal status, odometry,
    /// and as ground truth the rover's pose_array, else ground_truth by its type (with its
    /// ground_truth_entry in a message of many poses).
    void subscribe(pipeline::Pipeline &pipe, const NodeTopics &topics) override;
    /// Nothing waits for a later message: the run is built by takeRun().
    void finish() override {}

    /// The run on the system's clock: `to_system` maps a log time onto it, `end` is its last time.
    /// Called once, after finish(): the samples of the pass are released on the way.
    ActivityRun takeRun(const std::function<TimeNs(TimeNs)> &to_system, TimeNs end);

private:
    struct Status {
        TimeNs log;
        std::array<std::uint8_t, 16> id;
        int status;
    };
    /// The records of `log` (t: log time) read back with t on the system's clock; the log is
    /// forgotten.
    /// When the robot moved, judged from `log` (t: log time) as it is read back; nullopt when its
    /// times on the system's clock go back (a simulation reset): then only a sorted track can say.
    static std::optional<TimeIntervals> movingInOrder(const SpillLog<activity::TrackPoint> &log,
                                                      const std::function<TimeNs(TimeNs)> &to_system);
    template <class Timed>
    static std::vector<Timed> onSystemClock(SpillLog<Timed> &log, const std::function<TimeNs(TimeNs)> &to_system);

    activity::IntentConfig config_;
    // The logs of the pass, on disk on a long run (t: log time until finish()).
    SpillLog<activity::VelocityCommand> commands_;
    std::vector<Status> statuses_;
    SpillLog<activity::TrackPoint> odometry_, poses_;
    std::string truth_entry_spelling_;
    std::optional<io::GroundTruthEntry> truth_entry_;
};

}  // namespace robometrics::nodes
