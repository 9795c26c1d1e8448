#pragma once
// The sensor sections of summary.json: the traversal metrics (each measured, or null with the
// reason when the topic it is measured on was not recorded: a bag without a scan has no collision
// count, not 0), every scanner's collisions, and which sensors were read.

#include <nlohmann/json.hpp>

#include "robometrics/core/RunClock.hpp"
#include "robometrics/nodes/TopicChoice.hpp"
#include "robometrics/traversal/TraversalRow.hpp"

namespace robometrics::evaluate {

struct Evaluation;

/// A "traversal" object measured on `topics` (the run's, or one robot's), with "null_reasons"
/// naming why each null metric is null.
nlohmann::json traversalJson(const traversal::TraversalSummary &s, const nodes::TopicChoice &topics,
                             const RunClock &clock);

/// `summary.json`'s "traversal" object: the run's (its first robot's). Needs e.traversal.
nlohmann::json traversalJson(const Evaluation &e);

/// "scanners": each range sensor's collisions and clearance, its contacts on the run's axis.
nlohmann::json scannersJson(const Evaluation &e);

/// "point_clouds": every PointCloud2 topic, whether it was judged as a range sensor, and why not.
nlohmann::json pointCloudsJson(const Evaluation &e);

/// "safety": collisions over every scanner (null without one), and the closest valid reading.
nlohmann::json safetyJson(const Evaluation &e);

/// "sensors": every sensor topic of the bag, whether an analysis read it and why.
nlohmann::json sensorsJson(const Evaluation &e);

}  // namespace robometrics::evaluate
