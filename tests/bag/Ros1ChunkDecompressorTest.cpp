// ROS 1 chunk data: none, bz2 and lz4 round trips, and errors (never large allocations) for
// sizes that disagree with the data and for corrupt streams.

#include <bzlib.h>
#include <gtest/gtest.h>
#include <lz4frame.h>

#include "robometrics/bag/ros1/ChunkDecompressor.hpp"

namespace robometrics::bag::ros1 {
namespace {

std::vector<std::uint8_t> sample() {
    std::vector<std::uint8_t> out(100000);
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<std::uint8_t>((i * 7) % 13);
    return out;
}

std::vector<std::uint8_t> bz2(const std::vector<std::uint8_t> &in) {
    std::vector<std::uint8_t> out(in.size() + 1000);
    auto size = static_cast<unsigned>(out.size());
    EXPECT_EQ(BZ2_bzBuffToBuffCompress(reinterpret_cast<char *>(out.data()), &size,
                                       const_cast<char *>(reinterpret_cast<const char *>(in.data())),
                                       static_cast<unsigned>(in.size()), 9, 0, 0),
              BZ_OK);
    out.resize(size);
    return out;
}

std::vector<std::uint8_t> lz4(const std::vector<std::uint8_t> &in) {
    std::vector<std::uint8_t> out(LZ4F_compressFrameBound(in.size(), nullptr));
    out.resize(LZ4F_compressFrame(out.data(), out.size(), in.data(), in.size(), nullptr));
    return out;
}

TEST(Ros1ChunkDecompressor, RoundTrips) {
    const auto plain = sample();
    ChunkDecompressor d;
    std::vector<std::uint8_t> storage;
    const auto size = static_cast<std::uint32_t>(plain.size());
    auto none = d.decompress({"none", size}, plain, storage);
    ASSERT_TRUE(none.ok());
    EXPECT_EQ(none->data(), plain.data());  // no copy
    for (const char *how : {"bz2", "lz4"}) {
        const auto packed = std::string(how) == "bz2" ? bz2(plain) : lz4(plain);
        auto out = d.decompress({how, size}, packed, storage);
        ASSERT_TRUE(out.ok()) << how << ": " << out.message();
        EXPECT_TRUE(std::equal(out->begin(), out->end(), plain.begin(), plain.end())) << how;
    }
}

TEST(Ros1ChunkDecompressor, SizeMismatchesAndCorruption) {
    const auto plain = sample();
    const auto size = static_cast<std::uint32_t>(plain.size());
    ChunkDecompressor d;
    std::vector<std::uint8_t> storage;
    EXPECT_EQ(d.decompress({"none", size + 1}, plain, storage).message(),
              "uncompressed chunk holds 100000 bytes but declares size 100001");
    const auto packed = bz2(plain);
    EXPECT_EQ(d.decompress({"bz2", size - 1}, packed, storage).message(),
              "bz2 data decompresses to more than the chunk's 99999 bytes");
    // A declared size of 4 GiB - 1 with small data: an error, and the buffer grew only with real output.
    EXPECT_EQ(d.decompress({"bz2", 0xFFFFFFFFu}, packed, storage).message(),
              "bz2 data decompressed to 100000 bytes, the chunk declares 4294967295");
    EXPECT_LT(storage.capacity(), std::size_t{1} << 20);
    EXPECT_EQ(d.decompress({"bz2", size}, std::span(packed).first(packed.size() / 2), storage)
                  .message()
                  .find("bz2 data ends inside the stream"),
              0u);
    auto broken = packed;
    broken[0] = 'X';
    EXPECT_EQ(d.decompress({"bz2", size}, broken, storage).message(), "corrupt bz2 data (no 'BZh' stream header)");
    EXPECT_NE(d.decompress({"lz4", 0xFFFFFFFFu}, lz4(plain), storage).message().find("impossible"), std::string::npos);
    EXPECT_EQ(d.decompress({"zstd", size}, plain, storage).message(),
              "unsupported chunk compression 'zstd' (expected none, bz2 or lz4)");
}

}  // namespace
}  // namespace robometrics::bag::ros1
