#pragma once
// Feeding tf2_msgs/TFMessage into the core TfBuffer, shared by every consumer of /tf and
// /tf_static (the costmap command and the run evaluation).

#include <Eigen/Geometry>

#include "robometrics/core/TfBuffer.hpp"
#include "robometrics/msgs/Messages.hpp"

namespace robometrics::terrain {

Eigen::Isometry3d toIsometry(const msgs::Transform &t);

/// Adds every transform of `message` (stamped by its own header) to `tf`.
void addTransforms(TfBuffer &tf, const msgs::TFMessage &message, bool is_static);

/// A header's stamp, or `fallback` (the log time) when the stamp is unset.
TimeNs stampOr(const msgs::Header &header, TimeNs fallback);

}  // namespace robometrics::terrain
