#pragma once
// The bag metadata rosbag2 writes into each MCAP file it records (a Metadata record named
// `rosbag2`), so that the file alone says what metadata.yaml would: Jazzy's reader takes the
// metadata version from it, and that version decides how offered_qos_profiles is read
// (integer enums up to 8, names from 9; OfferedQos.hpp). Humble-era writers put only the key
// `ROS_DISTRO` there.

#include <map>
#include <string>
#include <vector>

#include "robometrics/bag/rosbag2/Metadata.hpp"

namespace robometrics::bag::rosbag2 {

/// metadata.yaml's content for `metadata`, without the root key, as rosbag2's YAML encoder
/// lays it out for `metadata.version`: fields that version does not have are left out; the QoS
/// of each topic is a YAML string up to version 8 and a sequence from 9.
std::string serializeMetadata(const BagMetadata &metadata);

/// The key/values of the `rosbag2` Metadata record for `metadata`: `serialized_metadata`, and
/// `ROS_DISTRO` when the distro is known (what Humble's writer put there).
std::map<std::string, std::string> rosbag2MetadataRecord(const BagMetadata &metadata);

/// The metadata version a bag's metadata stands for: its own, else the one its distro's rosbag2
/// writes (Humble 5, Iron 7, Jazzy and later 9: a Humble MCAP names only its distro); 0 unknown.
int metadataVersionOf(const BagMetadata &metadata);

/// The metadata version to write for `topics`: `source_version` when their QoS spelling agrees
/// with it, else the lowest version that reads that spelling (9 for names, 8 for integers);
/// 8 when the source gave none.
int metadataVersionFor(int source_version, const std::vector<TopicInfo> &topics);

}  // namespace robometrics::bag::rosbag2
