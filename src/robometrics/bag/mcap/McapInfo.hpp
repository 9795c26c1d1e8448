#pragma once
// What `robometrics info` shows about one MCAP file, in one call.
//
//   auto info = readMcapInfo("bag.mcap");           // summary when present, else a full scan
//   auto info = readMcapInfo("bag.mcap", true);     // recover: never fails after the magic;
//                                                   // info->error names the damage, counts
//                                                   // cover every complete record before it
//
// Counts and times come from the Statistics record when the file has one (then `indexed` is
// true); otherwise from a linear scan of every record. Metadata records (rosbag2 writes one named
// "rosbag2" with the keys `serialized_metadata` and/or `ROS_DISTRO`) are read through the
// MetadataIndex records, or found by the scan. Compressions are as stored: "" means none.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "robometrics/bag/mcap/Records.hpp"

namespace robometrics::bag::mcap {

struct McapChannelInfo {
    std::uint16_t id = 0;
    std::string topic;
    std::string message_encoding;  ///< "cdr"
    std::string schema_name;       ///< as stored ("sensor_msgs/msg/LaserScan"), "" without a schema
    std::string schema_encoding;   ///< "ros2msg", "ros2idl", ""
    StringMap metadata;            ///< offered_qos_profiles, topic_type_hash, ...
    std::uint64_t message_count = 0;
};

struct McapFileInfo {
    std::string path;
    std::uint64_t size_bytes = 0;
    std::string profile;                    ///< "ros2"
    std::string library;                    ///< "libmcap 0.8.0"
    std::vector<std::string> compressions;  ///< distinct chunk compressions, sorted; "" = none
    std::uint64_t chunk_count = 0;
    std::uint64_t message_count = 0;
    std::uint64_t attachment_count = 0;
    std::uint64_t start_time = 0;           ///< earliest log_time (0 without messages)
    std::uint64_t end_time = 0;             ///< latest log_time
    std::vector<McapChannelInfo> channels;  ///< by channel id
    std::vector<MetadataRecord> metadata;   ///< in file order
    bool indexed = false;                   ///< counts came from the summary, not from a scan
    std::string error;                      ///< recover mode only: the first damage found ("" when the file is whole)
};

/// Reads the overview of one MCAP file. With `recover`, damage after the leading magic is
/// reported in `error` instead of failing, and the overview covers what is readable before it.
Result<McapFileInfo> readMcapInfo(const std::string &path, bool recover = false);

/// "sensor_msgs/msg/LaserScan" for "sensor_msgs/msg/LaserScan" and "sensor_msgs/LaserScan".
std::string normaliseTypeName(const std::string &name);

}  // namespace robometrics::bag::mcap
