#pragma once
// A read-only file with positional reads. Every error names the file and the byte offset, and no
// read is allowed past the end of the file, so a damaged length field can never make a reader
// allocate more than the file holds.

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "robometrics/bag/mcap/OverwriteBuffer.hpp"
#include "robometrics/core/Result.hpp"

namespace robometrics::bag::mcap {

class FileInput {
public:
    static Result<FileInput> open(const std::string &path);

    const std::string &path() const { return path_; }
    std::uint64_t size() const { return size_; }

    /// Reads exactly `length` bytes at `offset` into `out` (resized): a std::vector<std::uint8_t> or
    /// an OverwriteBuffer (not zero-filled first). `what` names the thing read for the error
    /// message ("Chunk record").
    template <class Buffer>
    Status read(std::uint64_t offset, std::uint64_t length, Buffer &out, const char *what);
    /// Same, into caller memory.
    Status readInto(std::uint64_t offset, std::uint64_t length, std::uint8_t *out, const char *what);

    /// "file.mcap: offset 1234: " + message.
    Error error(std::uint64_t offset, const std::string &message) const;

private:
    struct Closer {
        void operator()(std::FILE *f) const { std::fclose(f); }
    };

    std::string path_;
    std::unique_ptr<std::FILE, Closer> file_;
    std::uint64_t size_ = 0;
    std::uint64_t position_ = 0;  ///< where the FILE stream is, to avoid needless seeks
};

}  // namespace robometrics::bag::mcap
