#pragma once
// Reads a resolved bag (one or more storage files) as ONE stream ordered by log time: a k-way
// merge over the files, each of which is already in log-time order. Ties keep file order.
// On the way it normalises type names to pkg/msg/Type, unifies topics across split files (the
// same topic may have another id or position in each file), decompresses MESSAGE-mode zstd
// frames, and applies the topic filter and time range.

#include <memory>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/rosbag2/Layout.hpp"

namespace robometrics::bag::rosbag2 {

/// Opens every storage file of `layout` (FILE-compressed ones are decompressed to temporary
/// files that live as long as the source) and merges them.
Result<std::unique_ptr<MessageSource>> openLayout(const BagLayout &layout, const ReadOptions &options);

}  // namespace robometrics::bag::rosbag2
