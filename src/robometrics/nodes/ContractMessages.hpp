#pragma once
// The two rules of a recording contract that read the messages themselves (docs/check.md):
// `min_valid_share` counts a LaserScan's real returns (traversal::scanMinimum's validity rule) and
// `forbid_sensor_silent` needs the robot's motion from its odometry (activity::MovingIntervals).
// One definition for `check` (a bag, evaluate/RecordingCheck) and `live topic-stats --spec` (DDS,
// ContractWindows): which topics are decoded and how each message counts.

#include <optional>
#include <string>
#include <vector>

#include "robometrics/activity/Track.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/core/Result.hpp"
#include "robometrics/msgs/Messages.hpp"
#include "robometrics/topicstats/RecordingContract.hpp"

namespace robometrics::nodes {

/// Whether `topic` is a LaserScan named by one of `patterns` (the entries with `min_valid_share`).
bool countsScanValidity(const bag::TopicInfo &topic, const std::vector<std::string> &patterns);
/// The patterns of the entries of `contract` whose rules count valid ranges.
std::vector<std::string> scanValidityPatterns(const topicstats::RecordingContract &contract);
/// The topic the robot's motion is read from: evaluate's choice of odometry ("" when none).
std::string motionTopic(const std::vector<bag::TopicInfo> &topics);

/// Decodes the messages the per-message rules need into reused buffers.
class ContractMessages {
public:
    /// One scan: its ranges and the real returns among them, into `into`.
    Status addScan(topicstats::ScanValidityMeasurer &into, const bag::Message &message);
    /// One odometry message: the robot's track, for when it moved.
    Status addOdometry(const bag::Message &message);
    /// When the robot drove or turned, from the odometry so far.
    const TimeIntervals &moving() const { return moving_.result(); }
    /// Forgets the motion (the odometry topic changed).
    void resetMotion();

private:
    msgs::LaserScan scan_;
    msgs::Odometry odometry_;
    activity::MovingIntervals moving_;
    std::optional<TimeNs> last_;
};

}  // namespace robometrics::nodes
