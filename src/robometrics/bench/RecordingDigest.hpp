#pragma once
// The content of a recording of a fleet (a bag file, or a folder such as a rosbag2 directory),
// so that `bench compare`, which pairs the recordings of two benchmarks by name (the same path
// is not needed: two CI workspaces at different paths), can say which pairs hold other bytes (a
// bag re-recorded under its old name, a run folder with a new ground truth).

#include <string>

#include "robometrics/bench/JobSpec.hpp"
#include "robometrics/core/Result.hpp"

namespace robometrics::bench {

/// A file: SHA-256 of its bytes, the same as `sha256sum FILE`. A folder: SHA-256 over its regular
/// files in the byte order of their relative paths, each as its relative path, a NUL, its size
/// as 8 little-endian bytes and its bytes (symbolic links are followed; nothing else is read).
Result<RecordingDigest> digestRecording(const std::string &path);

}  // namespace robometrics::bench
