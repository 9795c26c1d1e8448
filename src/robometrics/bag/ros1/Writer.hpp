#pragma once
// Writes ROS 1 bags (format 2.0) the way `rosbag record` lays them out: bag header padded to
// 4096 bytes, chunks (none, bz2 or lz4) each followed by its Index data records, then the
// Connection and Chunk info records. Used by tests (hand-made layouts: unsorted or overlapping
// chunks) and by the benchmark that compares the ROS 1 and MCAP readers.

#include <cstdint>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "robometrics/bag/ros1/Records.hpp"

namespace robometrics::bag::ros1 {

struct WriterOptions {
    std::string compression = "none";     ///< "none", "bz2" or "lz4"
    std::size_t chunk_size = 768 * 1024;  ///< rosbag's default chunk threshold
};

/// Optional connection header fields; an empty one is not written (as rosbags leaves them out).
struct ConnectionExtras {
    std::string callerid;  ///< the publishing node, e.g. "/static_transform_publisher"
    std::string latching;  ///< "1" for a latched publisher, "0" otherwise
};

class Writer {
public:
    static Result<Writer> create(const std::string &path, WriterOptions options = {});

    /// Declares a connection; returns its id. `type` is "pkg/Type".
    std::uint32_t addConnection(const std::string &topic, const std::string &type, const std::string &definition,
                                const std::string &md5sum = "*", const ConnectionExtras &extras = {});

    /// Appends a message (ROS 1 serialized) at `time` (>= 0).
    Status write(std::uint32_t conn, TimeNs time, Bytes data);

    /// Ends the current chunk (the next message starts a new one).
    Status flushChunk();

    /// Writes the index and the final bag header.
    Status close();

private:
    std::string path_;
    WriterOptions options_;
    std::ofstream out_;
    std::uint64_t position_ = 0;
    std::vector<std::vector<std::uint8_t>> connection_records_;
    std::vector<std::uint8_t> chunk_;                                 ///< records of the open chunk
    std::map<std::uint32_t, std::vector<std::uint8_t>> chunk_index_;  ///< per connection: (time, offset) entries
    std::map<std::uint32_t, std::uint32_t> chunk_counts_;
    std::vector<bool> connection_in_chunk_;
    TimeNs chunk_start_ = 0, chunk_end_ = 0;
    std::vector<std::vector<std::uint8_t>> chunk_infos_;
};

}  // namespace robometrics::bag::ros1
