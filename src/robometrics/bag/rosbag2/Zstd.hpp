#pragma once
// zstd as rosbag2 uses it: MESSAGE mode stores each message as one zstd frame, FILE mode
// compresses each whole storage file. Both decompress in a streaming way so that memory and
// disk use follow the real output, never a size claimed by the (possibly damaged) input.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::bag::rosbag2 {

/// True when `data` starts with the zstd frame magic (28 B5 2F FD). A CDR payload never does:
/// its encapsulation header starts with a zero byte.
bool isZstdFrame(std::span<const std::uint8_t> data);

/// Decompresses one message frame; reuses its context and buffer between calls.
class ZstdMessageDecompressor {
public:
    ZstdMessageDecompressor();
    ~ZstdMessageDecompressor();
    ZstdMessageDecompressor(const ZstdMessageDecompressor &) = delete;
    ZstdMessageDecompressor &operator=(const ZstdMessageDecompressor &) = delete;

    /// Decompresses `frame` into an internal buffer (valid until the next call). Fails on damaged
    /// data or output above `max_bytes`; `where` prefixes the error ("bag_0.db3: message 12").
    Result<std::span<const std::uint8_t>> decompress(std::span<const std::uint8_t> frame, const std::string &where,
                                                     std::size_t max_bytes = kDefaultMaxMessageBytes);

    static constexpr std::size_t kDefaultMaxMessageBytes = std::size_t{1} << 31;

private:
    struct Context;
    std::unique_ptr<Context> context_;
    std::vector<std::uint8_t> buffer_;
};

/// A file removed when the object dies (used for FILE-compressed storage files), or by the
/// interrupt handler (core/InterruptCleanup.hpp) when Ctrl-C ends the process first.
class TempFile {
public:
    /// Creates an empty, uniquely named file in the system temporary directory (TMPDIR) whose
    /// name ends in `suffix`.
    static Result<std::unique_ptr<TempFile>> create(const std::string &suffix);
    ~TempFile();
    TempFile(const TempFile &) = delete;
    TempFile &operator=(const TempFile &) = delete;
    const std::string &path() const { return path_; }

private:
    TempFile(std::string path, int slot) : path_(std::move(path)), slot_(slot) {}
    std::string path_;
    int slot_ = -1;
};

/// Decompresses the zstd stream in `source` into a new temporary file ending in `suffix`. Fails
/// (naming `source` and the input offset) on damaged data, a truncated stream, or output larger
/// than `kMaxExpansion` times the input plus 64 MiB.
Result<std::unique_ptr<TempFile>> decompressFileToTemp(const std::string &source, const std::string &suffix);

constexpr std::uint64_t kMaxExpansion = 4096;

}  // namespace robometrics::bag::rosbag2
