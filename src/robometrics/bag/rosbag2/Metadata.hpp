#pragma once
// rosbag2's metadata.yaml (versions 1 to 9): which storage plugin, which files, which topics
// and how they are compressed. Optional fields may be missing; unknown keys are ignored.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/core/Result.hpp"

namespace robometrics::bag::rosbag2 {

enum class CompressionMode { None, File, Message };

/// One entry of `files:` (version 5 and later).
struct FileEntry {
    std::string path;
    TimeNs starting_time = 0;
    TimeNs duration = 0;
    std::uint64_t message_count = 0;
};

struct BagMetadata {
    int version = 0;
    std::string storage_identifier;  ///< "sqlite3", "mcap", or "" when not given
    std::vector<std::string> relative_file_paths;
    TimeNs starting_time = 0;
    TimeNs duration = 0;
    std::uint64_t message_count = 0;
    std::vector<TopicInfo> topics;  ///< with message_count; schema empty (metadata.yaml has none)
    std::string compression_format;  ///< "" or "zstd"
    CompressionMode compression_mode = CompressionMode::None;
    std::vector<FileEntry> files;
    std::map<std::string, std::string> custom_data;
    std::string ros_distro;
};

/// Parses metadata.yaml text; `file` names the source in error messages.
Result<BagMetadata> parseMetadata(const std::string &text, const std::string &file);

/// Parses the bag metadata rosbag2 keeps inside an MCAP file (the `rosbag2` Metadata record's
/// `serialized_metadata`): metadata.yaml's content without its root key. `where` names the source.
Result<BagMetadata> parseSerializedMetadata(const std::string &text, const std::string &where);

/// Reads and parses a metadata.yaml file (refuses files above 64 MiB).
Result<BagMetadata> readMetadata(const std::string &path);

/// "pkg/Type" -> "pkg/msg/Type"; names that already have three parts are kept.
std::string normalizeTypeName(const std::string &type);

/// "FILE" / "message" / "" / "none" -> mode; anything else is an error.
Result<CompressionMode> parseCompressionMode(const std::string &text);

const char *compressionModeName(CompressionMode mode);

}  // namespace robometrics::bag::rosbag2
