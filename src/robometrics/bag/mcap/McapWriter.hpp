#pragma once
// Writes MCAP files: chunked (zstd, lz4 or none), with message indexes, chunk indexes, schemas
// and channels repeated in the summary, statistics and summary offsets, all CRCs computed.

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>

#include "robometrics/core/Result.hpp"
#include "robometrics/core/Time.hpp"

namespace robometrics::bag {

enum class Compression { None, Zstd, Lz4 };

/// "robometrics <version>": the library string of the MCAP header, so a file says which release
/// wrote it.
std::string mcapLibraryName();

/// Parses "none" / "zstd" / "lz4".
Result<Compression> parseCompression(const std::string &name);

struct McapWriterOptions {
    Compression compression = Compression::Zstd;
    std::uint64_t chunk_size = 1024 * 1024;  ///< uncompressed bytes per chunk before it is closed
    std::string profile = "ros2";            ///< "ros1" for ROS 1 channels (message encoding ros1, schemas ros1msg)
    std::string library;                     ///< empty: mcapLibraryName()
    /// Threads that compress closed chunks while the next one fills (bag/mcap/ChunkCompressor.hpp);
    /// 0: the writing thread compresses each chunk as it closes. The file's bytes are the same
    /// either way; a compression error is returned by a later call (or close()) with threads.
    std::size_t compression_threads = 0;
};

class McapWriter {
public:
    virtual ~McapWriter() = default;

    /// Starts writing `path`: the bytes go to a temporary file beside it (core/AtomicFile.hpp),
    /// which close() renames to `path` once the file is complete. Until then an earlier file at
    /// `path` is untouched.
    static Result<std::unique_ptr<McapWriter>> open(const std::string &path, const McapWriterOptions &options = {});

    /// Registers a schema; returns its id (never 0).
    virtual std::uint16_t addSchema(const std::string &name, const std::string &encoding, const std::string &data) = 0;
    /// Registers a channel; schema_id 0 means no schema. Returns its id.
    virtual std::uint16_t addChannel(const std::string &topic, std::uint16_t schema_id,
                                     const std::string &message_encoding,
                                     const std::map<std::string, std::string> &metadata = {}) = 0;
    /// Appends one message to the current chunk.
    virtual Status write(std::uint16_t channel_id, TimeNs log_time, TimeNs publish_time,
                         std::span<const std::uint8_t> data, std::uint32_t sequence = 0) = 0;
    /// Adds a Metadata record (e.g. rosbag2's).
    virtual Status writeMetadata(const std::string &name, const std::map<std::string, std::string> &metadata) = 0;
    /// Flushes the last chunk, writes DataEnd, the summary and the footer, closes the file and
    /// gives it its name. A writer destroyed without close() leaves no file: an unfinished
    /// output is never mistaken for a complete one.
    virtual Status close() = 0;
};

}  // namespace robometrics::bag
