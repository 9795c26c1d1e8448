#pragma once
// The index of a ROS 1 bag whose recording was never closed (bag header index_pos 0, no index
// section at the end, the last chunk possibly cut): rebuilt by walking the records from the bag
// header on, as `rosbag reindex` does. Each Chunk is decompressed once (on the loading threads) to
// collect its Connection records and its messages' times and counts; the walk stops at the first
// record that is cut or damaged, and says where.

#include <cstdint>
#include <string>
#include <vector>

#include "robometrics/bag/BagThreads.hpp"
#include "robometrics/bag/ReadDamage.hpp"
#include "robometrics/bag/mcap/FileInput.hpp"
#include "robometrics/bag/ros1/BagIndex.hpp"

namespace robometrics::bag::ros1 {

struct BagScan {
    BagIndex index;          ///< the connections and chunks before the damage
    std::string cut;         ///< where the walk stopped, in plain words; empty when the file ends cleanly
    bool truncated = false;  ///< it stopped because the file ends inside a record
    /// Damaged chunks skipped (chunks follow them, so the walk went on), in file order: their
    /// bytes and why; no times or counts (nothing indexes them).
    std::vector<LostSpan> lost;
};

/// Walks the records from `start` (the end of the bag header record) to the end of the file.
/// Never fails: what it could not read is in `cut`. Every length is checked against the bytes
/// that remain before anything is read. The chunks are decompressed and scanned on `loaders`
/// threads of their own (0: on this one) while the walk goes on; the index and the cut are those
/// of the walk in file order.
BagScan scanBagRecords(mcap::FileInput &file, const BagHeader &header, std::uint64_t start,
                       std::size_t loaders = chunkLoaders());

}  // namespace robometrics::bag::ros1
