#pragma once
// What a verdict rests on. `ok` means "checked and found nothing", so it needs the checks that
// decide a run's safety and health to have run (docs/evaluate.md, "What the verdict rests on"):
//   collisions    a range sensor (LaserScan) that sent scans
//   motion        a track of the robot: odometry (10 messages or more), a ground-truth pose, or
//                 a moving TF chain
//   topic_health  the topics' rates and gaps (any message at all)
// Without one of them an evaluation that raised nothing is `inconclusive`, never `ok`.

#include <vector>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/evaluate/Evaluation.hpp"

namespace robometrics::evaluate {

/// The core checks of `e` (its analyses done): each with whether it ran and on what, or why not.
std::vector<CoreCheck> coreChecks(const Evaluation &e);

/// Every sensor topic of the bag (sensor_msgs types and odometry) and what read it, or why
/// nothing did.
std::vector<SensorUse> sensorUses(const std::vector<bag::TopicInfo> &topics, const Evaluation &e);

}  // namespace robometrics::evaluate
