// ChunkDecompressor: the chunk codecs under the MCAP readers, on good and corrupt input.

#include <gtest/gtest.h>
#include <lz4frame.h>
#include <zstd.h>

#include <cstring>
#include <string>

#include "robometrics/bag/mcap/ChunkDecompressor.hpp"
#include "robometrics/bag/mcap/Crc32.hpp"
#include "robometrics/bag/mcap/OverwriteBuffer.hpp"

namespace robometrics::bag::mcap {
namespace {

std::vector<std::uint8_t> text(const std::string &s) { return {s.begin(), s.end()}; }

std::vector<std::uint8_t> zstdFrame(const std::vector<std::uint8_t> &raw) {
    std::vector<std::uint8_t> out(ZSTD_compressBound(raw.size()));
    out.resize(ZSTD_compress(out.data(), out.size(), raw.data(), raw.size(), 3));
    return out;
}

std::vector<std::uint8_t> lz4Frame(const std::vector<std::uint8_t> &raw) {
    std::vector<std::uint8_t> out(LZ4F_compressFrameBound(raw.size(), nullptr));
    out.resize(LZ4F_compressFrame(out.data(), out.size(), raw.data(), raw.size(), nullptr));
    return out;
}

ChunkRecord chunk(const std::string &compression, const std::vector<std::uint8_t> &records, std::uint64_t size,
                  std::uint32_t crc) {
    ChunkRecord c;
    c.compression = compression;
    c.records = records;
    c.uncompressed_size = size;
    c.uncompressed_crc = crc;
    return c;
}

TEST(McapChunkDecompressor, DecompressesAllThreeCompressionsAndChecksTheCrc) {
    std::vector<std::uint8_t> raw;
    for (int i = 0; i < 100000; ++i) raw.push_back(static_cast<std::uint8_t>(i * 7 % 13));
    const std::uint32_t crc = crc32(raw);
    ChunkDecompressor d;
    std::vector<std::uint8_t> storage;
    for (auto [name, bytes] : {std::pair{"", raw}, {"zstd", zstdFrame(raw)}, {"lz4", lz4Frame(raw)}}) {
        auto out = d.decompress(chunk(name, bytes, raw.size(), crc), storage, true);
        ASSERT_TRUE(out.ok()) << name << ": " << out.message();
        EXPECT_TRUE(std::equal(out->begin(), out->end(), raw.begin(), raw.end())) << name;
        auto bad = d.decompress(chunk(name, bytes, raw.size(), crc ^ 1), storage, true);
        ASSERT_FALSE(bad.ok());
        EXPECT_NE(bad.message().find("chunk CRC mismatch"), std::string::npos) << bad.message();
        EXPECT_TRUE(d.decompress(chunk(name, bytes, raw.size(), crc ^ 1), storage, false).ok());  // not verified
        EXPECT_TRUE(d.decompress(chunk(name, bytes, raw.size(), 0), storage, true).ok());         // 0 = not computed
    }
}

TEST(McapChunkDecompressor, ZstdBeyondTheTrustedRatioGrowsWithTheData) {
    // 4 MiB of a short repeated pattern: far more than 16 times its frame, so the buffer grows
    // with the data instead of being allocated at the declared size.
    std::vector<std::uint8_t> raw(std::size_t{4} << 20);
    for (std::size_t i = 0; i < raw.size(); ++i) raw[i] = static_cast<std::uint8_t>(i % 3);
    const auto frame = zstdFrame(raw);
    ASSERT_GT(raw.size(), 16 * frame.size());
    ChunkDecompressor d;
    std::vector<std::uint8_t> storage;
    auto out = d.decompress(chunk("zstd", frame, raw.size(), crc32(raw)), storage, true);
    ASSERT_TRUE(out.ok()) << out.message();
    EXPECT_TRUE(std::equal(out->begin(), out->end(), raw.begin(), raw.end()));

    auto more = d.decompress(chunk("zstd", frame, raw.size() + 1000, 0), storage, false);
    ASSERT_FALSE(more.ok());
    EXPECT_NE(more.message().find("decompressed to 4194304 bytes, the chunk declares 4195304"), std::string::npos)
        << more.message();
    auto less = d.decompress(chunk("zstd", frame, raw.size() - 1000, 0), storage, false);
    ASSERT_FALSE(less.ok());
    EXPECT_NE(less.message().find("more than the chunk's 4193304 bytes"), std::string::npos) << less.message();
    // The same context still decompresses a good chunk afterwards.
    EXPECT_TRUE(d.decompress(chunk("zstd", frame, raw.size(), 0), storage, false).ok());
}

TEST(McapChunkDecompressor, TwoConcatenatedZstdFramesAreOneChunk) {
    auto a = text("first frame "), b = text("second frame");
    auto frames = zstdFrame(a);
    auto second = zstdFrame(b);
    frames.insert(frames.end(), second.begin(), second.end());
    ChunkDecompressor d;
    std::vector<std::uint8_t> storage;
    auto out = d.decompress(chunk("zstd", frames, a.size() + b.size(), 0), storage, true);
    ASSERT_TRUE(out.ok()) << out.message();
    EXPECT_EQ(std::string(out->begin(), out->end()), "first frame second frame");
}

TEST(McapChunkDecompressor, CorruptOrInconsistentInputIsAnError) {
    auto raw = text(std::string(5000, 'x') + "tail");
    ChunkDecompressor d;
    std::vector<std::uint8_t> storage;
    auto fails = [&](const std::string &name, std::vector<std::uint8_t> bytes, std::uint64_t size) {
        auto out = d.decompress(chunk(name, bytes, size, 0), storage, true);
        return out.ok() ? std::string() : out.message();
    };
    EXPECT_EQ(fails("bz2", raw, raw.size()), "unsupported chunk compression \"bz2\"");
    EXPECT_EQ(fails("", raw, raw.size() + 1),
              "chunk uncompressed_size 5005 is impossible for 5004 bytes of uncompressed data");

    auto z = zstdFrame(raw);
    EXPECT_NE(fails("zstd", z, raw.size() - 1).find("corrupt zstd data"), std::string::npos);  // too small
    EXPECT_EQ(fails("zstd", z, raw.size() + 10), "zstd data decompressed to 5004 bytes, the chunk declares 5014");
    auto zc = z;
    zc[0] ^= 0xFF;  // frame magic
    EXPECT_NE(fails("zstd", zc, raw.size()).find("corrupt zstd data: Unknown frame descriptor"), std::string::npos);
    EXPECT_NE(fails("zstd", std::vector<std::uint8_t>(z.begin(), z.end() - 3), raw.size()).find("corrupt zstd data"),
              std::string::npos);
    // A size field far beyond what the bytes could hold is refused before allocating.
    EXPECT_NE(fails("zstd", z, std::uint64_t(1) << 50).find("is impossible for"), std::string::npos);

    auto l = lz4Frame(raw);
    EXPECT_NE(fails("lz4", l, raw.size() - 1).find("lz4 data decompresses to more than"), std::string::npos);
    EXPECT_EQ(fails("lz4", l, raw.size() + 10), "lz4 data decompressed to 5004 bytes, the chunk declares 5014");
    EXPECT_EQ(fails("lz4", std::vector<std::uint8_t>(l.begin(), l.end() - 3), raw.size()),
              "lz4 data ends inside a frame");
    auto lc = l;
    lc[0] ^= 0xFF;  // frame magic
    EXPECT_NE(fails("lz4", lc, raw.size()).find("corrupt lz4 data"), std::string::npos);
    EXPECT_NE(fails("lz4", l, std::uint64_t(1) << 50).find("is impossible for"), std::string::npos);
}

TEST(McapOverwriteBuffer, GrowsAQuarterBeyondTheNeedAndKeepsItsMemoryWhileItFits) {
    std::vector<std::uint8_t> buffer{1, 2, 3};
    resizeForOverwrite(buffer, 1000);
    EXPECT_EQ(buffer.size(), 1000U);
    EXPECT_EQ(buffer.capacity(), 1250U);  // 1000 + 1000 / 4
    const std::uint8_t *memory = buffer.data();
    resizeForOverwrite(buffer, 1200);  // a larger chunk that fits
    EXPECT_EQ(buffer.size(), 1200U);
    EXPECT_EQ(buffer.data(), memory);
    resizeForOverwrite(buffer, 10);  // a smaller one
    EXPECT_EQ(buffer.size(), 10U);
    EXPECT_EQ(buffer.data(), memory);
    resizeForOverwrite(buffer, 2000);
    EXPECT_EQ(buffer.size(), 2000U);
    EXPECT_EQ(buffer.capacity(), 2500U);
}

TEST(McapOverwriteBuffer, GrowsWithoutZeroFillingWhatIsOverwrittenNext) {
    OverwriteBuffer buffer;
    resizeForOverwrite(buffer, 1000);
    std::memset(buffer.data(), 0xAB, buffer.size());
    resizeForOverwrite(buffer, 10);
    resizeForOverwrite(buffer, 1200);  // within its capacity: the bytes past 10 are left as they were
    EXPECT_EQ(buffer[10], 0xAB);
    EXPECT_EQ(buffer[999], 0xAB);
    // A std::vector zero-fills them (what the chunk buffers did before).
    std::vector<std::uint8_t> zeroed(1000, 0xAB);
    zeroed.resize(10);
    zeroed.resize(1200);
    EXPECT_EQ(zeroed[10], 0);
}

TEST(McapChunkDecompressor, GivesTheSameRecordsInAnOverwriteBuffer) {
    std::vector<std::uint8_t> raw;
    for (int i = 0; i < 100000; ++i) raw.push_back(static_cast<std::uint8_t>(i * 5 % 11));
    ChunkDecompressor d;
    OverwriteBuffer storage(raw.size() * 2, 0xCD);  // larger and dirty: shrunk, then overwritten
    for (auto [name, bytes] : {std::pair{"zstd", zstdFrame(raw)}, {"lz4", lz4Frame(raw)}}) {
        auto out = d.decompress(chunk(name, bytes, raw.size(), crc32(raw)), storage, true);
        ASSERT_TRUE(out.ok()) << name << ": " << out.message();
        EXPECT_TRUE(std::equal(out->begin(), out->end(), raw.begin(), raw.end())) << name;
        EXPECT_EQ(storage.size(), raw.size()) << name;
    }
}

}  // namespace
}  // namespace robometrics::bag::mcap
