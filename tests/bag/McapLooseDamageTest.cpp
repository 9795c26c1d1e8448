// A recovering read of an MCAP file written without chunks (Schema, Channel and Message records
// directly in the data section, as writers with chunking off write it), damaged in the middle:
// the read skips the damaged stretch and goes on at the next whole record. Every message read is
// the intact file's (topic, log time and bytes, in order), never more than it holds, and at least
// all but the messages whose records the damage touched; each skipped stretch is a lost span
// with its bytes, the times of the neighbouring messages and, where the summary's statistics
// allow, its message count and topics. Without recover the same files are an Error. The files
// are written record by record here (the project's writer always writes chunks).

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "DamagedRead.hpp"
#include "TestSupport.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/mcap/Crc32.hpp"
#include "robometrics/bag/mcap/RecordEncoder.hpp"

namespace robometrics::bag {
namespace {

namespace fs = std::filesystem;
using namespace mcap;
using test::FullRead;
using test::isSubsequence;
using test::readFully;
using test::writeDamagedCopy;

constexpr int kLooseMessages = 400;
constexpr TimeNs kLooseStart = 1'700'000'000 * kNsPerSecond;
constexpr TimeNs kLooseStep = 10 * test::kMs;

TimeNs looseTime(int i) { return kLooseStart + i * kLooseStep; }

/// An unchunked file and where each of its Message records lies.
struct LooseFile {
    std::string bytes;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> messages;  ///< [offset, end) of message i
};

struct LooseOptions {
    bool summary = true;  ///< schemas, channels and statistics repeated after DataEnd
};

// 400 messages on /a and /b (alternately), 60 to 66 bytes of data each, none of them zero.
LooseFile writeLoose(const LooseOptions &options = {}) {
    LooseFile file;
    std::vector<std::uint8_t> out(kMagic, kMagic + sizeof kMagic);
    {
        RecordEncoder e(out);
        e.begin(Opcode::Header);
        e.string("ros2");
        e.string("robometrics test");
        e.finish();
    }
    const std::string text = "string data\n";
    const SchemaRecord schema{1, "std_msgs/msg/String", "ros2msg", std::vector<std::uint8_t>(text.begin(), text.end())};
    const ChannelRecord a{1, 1, "/a", "cdr", {}}, b{2, 1, "/b", "cdr", {}};
    encodeSchema(out, schema);
    encodeChannel(out, a);
    encodeChannel(out, b);
    for (int i = 0; i < kLooseMessages; ++i) {
        const std::uint64_t offset = out.size();
        RecordEncoder e(out);
        e.begin(Opcode::Message);
        e.u16(i % 2 ? 2 : 1);
        e.u32(static_cast<std::uint32_t>(i));
        e.u64(static_cast<std::uint64_t>(looseTime(i)));
        e.u64(static_cast<std::uint64_t>(looseTime(i)));
        for (int j = 0; j < 60 + i % 7; ++j) e.u8(static_cast<std::uint8_t>(1 + (i * 31 + j * 7) % 250));
        e.finish();
        file.messages.emplace_back(offset, out.size());
    }
    const std::uint32_t data_crc = crc32(Bytes(out));
    {
        RecordEncoder e(out);
        e.begin(Opcode::DataEnd);
        e.u32(data_crc);
        e.finish();
    }
    const std::uint64_t summary_start = options.summary ? out.size() : 0;
    if (options.summary) {
        encodeSchema(out, schema);
        encodeChannel(out, a);
        encodeChannel(out, b);
        RecordEncoder e(out);
        e.begin(Opcode::Statistics);
        e.u64(kLooseMessages);
        e.u16(1);
        e.u32(2);
        e.u32(0);
        e.u32(0);
        e.u32(0);
        e.u64(static_cast<std::uint64_t>(looseTime(0)));
        e.u64(static_cast<std::uint64_t>(looseTime(kLooseMessages - 1)));
        e.idMap({{1, kLooseMessages / 2}, {2, kLooseMessages / 2}});
        e.finish();
    }
    {
        RecordEncoder e(out);
        e.begin(Opcode::Footer);
        e.u64(summary_start);
        e.u64(0);
        e.u32(0);  // no summary CRC
        e.finish();
    }
    out.insert(out.end(), kMagic, kMagic + sizeof kMagic);
    file.bytes.assign(out.begin(), out.end());
    return file;
}

/// How many messages have a byte in [begin, end).
std::size_t messagesTouched(const LooseFile &file, std::uint64_t begin, std::uint64_t end) {
    std::size_t n = 0;
    for (const auto &[offset, stop] : file.messages) n += offset < end && begin < stop;
    return n;
}

/// The checks every damaged copy must pass: no error, at most the intact messages, at least all
/// but `lost_at_most`, each read equal to the intact one and in order; without recover, an
/// Error naming the file. Returns the recovering read.
FullRead expectRecovered(const fs::path &path, const FullRead &intact, std::size_t lost_at_most) {
    const FullRead read = readFully(path, true);
    EXPECT_EQ(read.error, "");
    EXPECT_LE(read.messages.size(), intact.messages.size());
    EXPECT_GE(read.messages.size(), intact.messages.size() - lost_at_most);
    EXPECT_TRUE(isSubsequence(read.messages, intact.messages));
    const FullRead strict = readFully(path, false);
    EXPECT_NE(strict.error.find(path.filename().string()), std::string::npos) << strict.error;
    return read;
}

TEST(McapLooseDamage, TheIntactFileIsReadWhole) {
    const fs::path dir = test::scratchDir("mcap-loose-intact");
    const FullRead read = readFully(writeDamagedCopy(dir / "whole.mcap", writeLoose().bytes), false);
    EXPECT_EQ(read.error, "");
    ASSERT_EQ(read.messages.size(), static_cast<std::size_t>(kLooseMessages));
    EXPECT_EQ(std::get<1>(read.messages[7]), looseTime(7));
    EXPECT_FALSE(read.damage.has_value());
}

// A zeroed stretch over messages 100 (from the middle of its data) to 104 (its opcode and
// length): exactly those five are lost, and the span says which bytes, when (from message 99 to
// message 105) and, from the summary's statistics, how many messages on which topics.
TEST(McapLooseDamage, AZeroedStretchLosesTheMessagesItTouches) {
    const fs::path dir = test::scratchDir("mcap-loose-zeroed");
    const LooseFile file = writeLoose();
    const FullRead intact = readFully(writeDamagedCopy(dir / "whole.mcap", file.bytes), false);
    std::string damaged = file.bytes;
    const std::uint64_t begin = file.messages[100].first + 50, end = file.messages[104].first + 5;
    for (std::uint64_t i = begin; i < end; ++i) damaged[i] = 0;
    ASSERT_EQ(messagesTouched(file, begin, end), 5u);
    const fs::path path = writeDamagedCopy(dir / "damaged.mcap", damaged);
    const FullRead read = expectRecovered(path, intact, 5);
    EXPECT_EQ(read.messages.size(), intact.messages.size() - 5);
    ASSERT_TRUE(read.damage.has_value());
    EXPECT_TRUE(read.damage->read_to_end);
    EXPECT_FALSE(read.damage->truncated);
    ASSERT_EQ(read.damage->spans.size(), 1u);
    const LostSpan &span = read.damage->spans[0];
    EXPECT_EQ(fs::path(span.file).filename(), "damaged.mcap");
    EXPECT_EQ(span.byte_begin, file.messages[100].first);
    EXPECT_EQ(span.byte_end, file.messages[105].first);
    EXPECT_EQ(span.start_time, looseTime(99));
    EXPECT_EQ(span.end_time, looseTime(105));
    EXPECT_EQ(span.messages, 5u);
    EXPECT_EQ(span.topics, (std::vector<std::string>{"/a", "/b"}));
    EXPECT_EQ(read.damage->messages_read, read.messages.size());
}

// Zeroed 4 KiB pages (page-aligned, as a disk or SD card loses them) all over the file.
TEST(McapLooseDamage, ZeroedPagesLoseTheirMessagesOnly) {
    const fs::path dir = test::scratchDir("mcap-loose-pages");
    const LooseFile file = writeLoose();
    const FullRead intact = readFully(writeDamagedCopy(dir / "whole.mcap", file.bytes), false);
    const std::uint64_t data_end = file.messages.back().second;
    for (std::uint64_t page = 4096; page + 4096 < data_end; page += 4096) {
        SCOPED_TRACE("page at " + std::to_string(page));
        std::string damaged = file.bytes;
        for (std::uint64_t i = page; i < page + 4096; ++i) damaged[i] = 0;
        const FullRead read = expectRecovered(writeDamagedCopy(dir / "damaged.mcap", damaged), intact,
                                              messagesTouched(file, page, page + 4096));
        ASSERT_TRUE(read.damage.has_value());
        EXPECT_EQ(read.damage->spans.size(), 1u);
    }
}

// A wrong length field (too short, a little too long, past the end of the file) in message k:
// message k is lost, its neighbours are read.
TEST(McapLooseDamage, AWrongLengthFieldLosesItsMessageOnly) {
    const fs::path dir = test::scratchDir("mcap-loose-length");
    const LooseFile file = writeLoose();
    const FullRead intact = readFully(writeDamagedCopy(dir / "whole.mcap", file.bytes), false);
    for (int k = 1; k < kLooseMessages - 1; k += 13) {
        for (const int change : {-30, -1, 1, 20, 1 << 30}) {
            SCOPED_TRACE("message " + std::to_string(k) + ", length " + std::to_string(change));
            std::string damaged = file.bytes;
            const std::uint64_t at = file.messages[static_cast<std::size_t>(k)].first + 1;
            std::uint64_t length = loadLe<std::uint64_t>(reinterpret_cast<const std::uint8_t *>(damaged.data() + at));
            length += static_cast<std::uint64_t>(static_cast<std::int64_t>(change));
            for (int i = 0; i < 8; ++i)
                damaged[at + static_cast<std::uint64_t>(i)] = static_cast<char>(length >> (8 * i));
            const FullRead read = expectRecovered(writeDamagedCopy(dir / "damaged.mcap", damaged), intact, 1);
            ASSERT_TRUE(read.damage.has_value());
            EXPECT_FALSE(read.damage->spans.empty());
        }
    }
}

// A record cut out (its bytes gone, the file shorter), and a stretch cut out across records: the
// records around it are read; what the cut took is lost, and at most one message more: where the
// cut leaves only the opcode and length of a record, nothing tells that record's length from the
// one of the message before, and that message is dropped rather than risk reading it damaged.
TEST(McapLooseDamage, BytesCutOutLoseTheirMessagesOnly) {
    const fs::path dir = test::scratchDir("mcap-loose-cut");
    const LooseFile file = writeLoose();
    const FullRead intact = readFully(writeDamagedCopy(dir / "whole.mcap", file.bytes), false);
    for (std::size_t k = 3; k + 3 < file.messages.size(); k += 37) {
        SCOPED_TRACE("message " + std::to_string(k) + " cut out");
        const auto [offset, end] = file.messages[k];
        const std::string damaged = file.bytes.substr(0, offset) + file.bytes.substr(end);
        const FullRead read = expectRecovered(writeDamagedCopy(dir / "damaged.mcap", damaged), intact, 1);
        // The records still frame: the loss shows only in the data section's CRC.
        ASSERT_TRUE(read.damage.has_value());
    }
    for (std::uint64_t begin = file.messages[5].first + 17; begin + 700 < file.messages.back().first; begin += 1013) {
        SCOPED_TRACE("bytes " + std::to_string(begin) + " to " + std::to_string(begin + 500) + " cut out");
        const std::string damaged = file.bytes.substr(0, begin) + file.bytes.substr(begin + 500);
        const FullRead read = expectRecovered(writeDamagedCopy(dir / "damaged.mcap", damaged), intact,
                                              messagesTouched(file, begin, begin + 500) + 1);
        ASSERT_TRUE(read.damage.has_value());
        EXPECT_FALSE(read.damage->spans.empty());
    }
}

// One bit flipped in the record framing (opcode and length bytes) of many messages, and in the
// schema and channel records: never an error, never a message the intact file does not hold, at
// most the flipped record's messages lost.
TEST(McapLooseDamage, FlipsInTheFramingLoseAtMostTheirRecord) {
    const fs::path dir = test::scratchDir("mcap-loose-framing");
    const LooseFile file = writeLoose();
    const FullRead intact = readFully(writeDamagedCopy(dir / "whole.mcap", file.bytes), false);
    const int step = test::kUnderSanitizers ? 41 : 7;
    for (int k = 0; k < kLooseMessages; k += step) {
        for (const std::uint64_t byte : {0u, 1u, 2u, 4u, 8u}) {
            SCOPED_TRACE("message " + std::to_string(k) + ", byte " + std::to_string(byte));
            std::string damaged = file.bytes;
            damaged[file.messages[static_cast<std::size_t>(k)].first + byte] ^= 0x20;
            expectRecovered(writeDamagedCopy(dir / "damaged.mcap", damaged), intact, 1);
        }
    }
}

// A flip in a message's data cannot be placed (records outside chunks carry no CRC of their
// own): every message is read and the damage is said, from the data section's CRC.
TEST(McapLooseDamage, AFlipInMessageDataIsSaidNotPlaced) {
    const fs::path dir = test::scratchDir("mcap-loose-data");
    const LooseFile file = writeLoose();
    const FullRead intact = readFully(writeDamagedCopy(dir / "whole.mcap", file.bytes), false);
    std::string damaged = file.bytes;
    damaged[file.messages[200].first + 40] ^= 0x01;
    const fs::path path = writeDamagedCopy(dir / "damaged.mcap", damaged);
    const FullRead read = readFully(path, true);
    EXPECT_EQ(read.error, "");
    EXPECT_EQ(read.messages.size(), intact.messages.size());
    ASSERT_TRUE(read.damage.has_value());
    EXPECT_NE(read.damage->description.find("data section CRC mismatch"), std::string::npos);
    EXPECT_NE(damageWarning(*read.damage).find("may include damaged ones"), std::string::npos);
    EXPECT_NE(readFully(path, false).error, "");
}

// Without a summary the span still has its bytes and the times of its neighbours; its message
// count is not known. Two damaged stretches are two spans, in file order.
TEST(McapLooseDamage, WithoutASummaryEachSpanHasBytesAndTimes) {
    const fs::path dir = test::scratchDir("mcap-loose-nosummary");
    const LooseFile file = writeLoose({false});
    const FullRead intact = readFully(writeDamagedCopy(dir / "whole.mcap", file.bytes), false);
    ASSERT_EQ(intact.messages.size(), static_cast<std::size_t>(kLooseMessages));
    std::string damaged = file.bytes;
    for (std::uint64_t i = file.messages[50].first; i < file.messages[52].first; ++i) damaged[i] = 0;
    for (std::uint64_t i = file.messages[300].first + 30; i < file.messages[301].first + 3; ++i) damaged[i] = 0;
    const FullRead read = expectRecovered(writeDamagedCopy(dir / "damaged.mcap", damaged), intact, 4);
    EXPECT_EQ(read.messages.size(), intact.messages.size() - 4);
    ASSERT_TRUE(read.damage.has_value());
    ASSERT_EQ(read.damage->spans.size(), 2u);
    EXPECT_EQ(read.damage->spans[0].byte_begin, file.messages[50].first);
    EXPECT_EQ(read.damage->spans[0].byte_end, file.messages[52].first);
    EXPECT_EQ(read.damage->spans[0].start_time, looseTime(49));
    EXPECT_EQ(read.damage->spans[0].end_time, looseTime(52));
    EXPECT_FALSE(read.damage->spans[0].messages.has_value());
    EXPECT_EQ(read.damage->spans[1].byte_begin, file.messages[300].first);
    EXPECT_EQ(read.damage->spans[1].byte_end, file.messages[302].first);
    EXPECT_EQ(read.damage->spans[1].start_time, looseTime(299));
    EXPECT_EQ(read.damage->spans[1].end_time, looseTime(302));
}

// Damage right after the first records (before any message) and over the last message: the spans
// have no neighbour on that side, and say so (no time there).
TEST(McapLooseDamage, DamageAtEitherEndHasOneNeighbour) {
    const fs::path dir = test::scratchDir("mcap-loose-ends");
    const LooseFile file = writeLoose();
    const FullRead intact = readFully(writeDamagedCopy(dir / "whole.mcap", file.bytes), false);
    std::string damaged = file.bytes;
    for (std::uint64_t i = file.messages[0].first; i < file.messages[1].first + 4; ++i) damaged[i] = 0;
    const std::uint64_t last = file.messages.back().first;
    for (std::uint64_t i = last; i < last + 30; ++i) damaged[i] = 0;
    const FullRead read = expectRecovered(writeDamagedCopy(dir / "damaged.mcap", damaged), intact, 3);
    EXPECT_EQ(read.messages.size(), intact.messages.size() - 3);
    ASSERT_TRUE(read.damage.has_value());
    ASSERT_EQ(read.damage->spans.size(), 2u);
    EXPECT_FALSE(read.damage->spans[0].start_time.has_value());
    EXPECT_EQ(read.damage->spans[0].end_time, looseTime(2));
    EXPECT_EQ(read.damage->spans[1].start_time, looseTime(kLooseMessages - 2));
    EXPECT_FALSE(read.damage->spans[1].end_time.has_value());
}

}  // namespace
}  // namespace robometrics::bag
