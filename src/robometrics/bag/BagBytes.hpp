#pragma once
// The size of a bag on disk, the total of the progress lines over its bytes (core/ByteProgress).

#include <cstdint>
#include <string>

namespace robometrics::bag {

/// A file's size, or the total of the regular files directly in a directory (a rosbag2 folder:
/// its storage files and metadata.yaml); 0 when `path` cannot be read.
std::uint64_t bytesOnDisk(const std::string &path);

}  // namespace robometrics::bag
