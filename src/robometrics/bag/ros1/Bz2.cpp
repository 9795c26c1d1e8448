// bz2 chunk data (ROS 1 bags written with `rosbag record --bz2`).

#include <bzlib.h>

#include <algorithm>

#include "robometrics/bag/ros1/ChunkDecompressor.hpp"

namespace robometrics::bag::ros1 {

namespace {

std::string bz2Error(int code) {
    switch (code) {
        case BZ_DATA_ERROR:
            return "corrupt bz2 data (bad block CRC or structure)";
        case BZ_DATA_ERROR_MAGIC:
            return "corrupt bz2 data (no 'BZh' stream header)";
        case BZ_MEM_ERROR:
            return "not enough memory for bz2";
        default:
            return "bz2 error " + std::to_string(code);
    }
}

struct Stream {
    bz_stream s{};
    bool open = false;
    ~Stream() {
        if (open) BZ2_bzDecompressEnd(&s);
    }
};

}  // namespace

Status decompressBz2(Bytes data, std::uint64_t size, std::vector<std::uint8_t> &out, bool at_most) {
    Stream stream;
    int rc = BZ2_bzDecompressInit(&stream.s, 0, 0);
    if (rc != BZ_OK) return Error{bz2Error(rc)};
    stream.open = true;
    // bz2 can expand a few bytes to megabytes, so the declared size cannot be bounded by the
    // input; instead the buffer grows with what the stream really produces (doubling, from a
    // multiple of the input), and never beyond the declared size.
    const std::size_t target = size;
    out.resize(std::min<std::size_t>(target, std::max<std::size_t>(data.size() * 8, std::size_t{1} << 16)));
    stream.s.next_in = const_cast<char *>(reinterpret_cast<const char *>(data.data()));
    stream.s.avail_in = static_cast<unsigned>(data.size());
    std::size_t produced = 0;
    for (;;) {
        stream.s.next_out = reinterpret_cast<char *>(out.data() + produced);
        stream.s.avail_out = static_cast<unsigned>(out.size() - produced);
        rc = BZ2_bzDecompress(&stream.s);
        produced = out.size() - stream.s.avail_out;
        if (rc == BZ_STREAM_END) break;
        if (rc != BZ_OK) return Error{bz2Error(rc)};
        if (stream.s.avail_out == 0) {
            if (out.size() == target) {
                return Error{"bz2 data decompresses to more than the chunk's " + std::to_string(target) + " bytes"};
            }
            out.resize(std::min(target, out.size() * 2));
        } else if (stream.s.avail_in == 0) {
            return Error{"bz2 data ends inside the stream (after " + std::to_string(produced) + " bytes)"};
        }
    }
    if (at_most) out.resize(produced);
    if (produced != target && !at_most) {
        return Error{"bz2 data decompressed to " + std::to_string(produced) + " bytes, the chunk declares " +
                     std::to_string(target)};
    }
    if (stream.s.avail_in != 0) {
        return Error{std::to_string(stream.s.avail_in) + " bytes after the end of the bz2 stream"};
    }
    out.resize(produced);
    return Status::Ok();
}

}  // namespace robometrics::bag::ros1
