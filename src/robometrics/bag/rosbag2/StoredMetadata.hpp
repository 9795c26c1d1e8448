#pragma once
// What a bag says about its own recording (metadata version, ROS distro, custom data), wherever
// it keeps it: metadata.yaml in a rosbag2 directory, else the `rosbag2` Metadata record of an
// MCAP storage file (SerializedMetadata.hpp). `convert` passes it on so the output reads as the
// source distro's own bag.

#include <optional>

#include "robometrics/bag/rosbag2/Layout.hpp"
#include "robometrics/core/Result.hpp"

namespace robometrics::bag::rosbag2 {

/// The bag's stored metadata: metadata.yaml's when present, else the last `rosbag2` record of
/// the first MCAP storage file (its `serialized_metadata`, and `ROS_DISTRO` as Humble wrote it);
/// nullopt when neither exists (ROS 1 bags, sqlite files alone, other writers' MCAP). A damaged
/// record is an error naming the file.
Result<std::optional<BagMetadata>> storedMetadata(const BagLayout &layout);

}  // namespace robometrics::bag::rosbag2
