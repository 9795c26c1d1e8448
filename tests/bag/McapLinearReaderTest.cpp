// The streaming MCAP reader against the whole official conformance suite, plus damaged files.

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "TestSupport.hpp"
#include "robometrics/bag/mcap/McapSource.hpp"
#include "robometrics/bag/mcap/LinearReader.hpp"
#include "robometrics/bag/mcap/RecordEncoder.hpp"
#include "robometrics/bag/mcap/RecordJson.hpp"

namespace robometrics::bag::mcap {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> conformanceFiles(const fs::path &dir) {
    std::vector<fs::path> out;
    for (const auto &e : fs::recursive_directory_iterator(dir)) {
        if (e.path().extension() == ".mcap") out.push_back(e.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

// Every record of a file in the conformance JSON form; Chunk and MessageIndex left out.
Result<nlohmann::json> streamRecords(const std::string &path) {
    auto reader = LinearReader::open(path);
    if (!reader) return reader.error();
    nlohmann::json records = nlohmann::json::array();
    RecordEntry entry;
    for (;;) {
        auto more = reader->next(entry);
        if (!more) return more.error();
        if (!more.value()) break;
        nlohmann::json j = recordToConformanceJson(entry.record);
        if (!j.is_null()) records.push_back(std::move(j));
    }
    return records;
}

TEST(McapLinearReader, PassesTheWholeConformanceSuite) {
    ROBOMETRICS_REQUIRE_DATA(dir, "bags/mcap-conformance");
    auto files = conformanceFiles(dir);
    ASSERT_EQ(files.size(), 416u);
    int passed = 0;
    for (const fs::path &mcap : files) {
        std::ifstream in(fs::path(mcap).replace_extension(".json"));
        nlohmann::json expected = nlohmann::json::parse(in);
        auto actual = streamRecords(mcap.string());
        ASSERT_TRUE(actual.ok()) << actual.message();
        EXPECT_EQ(actual.value(), expected["records"]) << mcap.filename();
        if (actual.value() == expected["records"]) ++passed;
    }
    EXPECT_EQ(passed, 416);
}

std::vector<std::uint8_t> readBytes(const fs::path &p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

void writeBytes(const fs::path &p, const std::vector<std::uint8_t> &b) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char *>(b.data()), static_cast<std::streamsize>(b.size()));
}

// Reads a whole file; returns the number of records delivered and the final error ("" if none).
std::pair<int, std::string> drain(const fs::path &p) {
    auto reader = LinearReader::open(p.string());
    if (!reader) return {0, reader.message()};
    RecordEntry entry;
    int n = 0;
    for (;;) {
        auto more = reader->next(entry);
        if (!more) return {n, more.message()};
        if (!more.value()) return {n, ""};
        ++n;
    }
}

TEST(McapLinearReader, TruncatedFileDeliversEveryCompleteRecordThenNamesTheOffset) {
    ROBOMETRICS_REQUIRE_DATA(src, "bags/mcap-conformance/TenMessages/TenMessages-ch-chx-mx-rch-rsh-st-sum.mcap");
    auto bytes = readBytes(src);
    const fs::path dir = test::scratchDir("mcap_truncated");
    // Cut right after the Header record (8 magic + 9 prefix + 8 content of two empty strings).
    std::vector<std::uint8_t> cut(bytes.begin(), bytes.begin() + 25 + 5);
    writeBytes(dir / "cut.mcap", cut);
    auto [n, error] = drain(dir / "cut.mcap");
    EXPECT_EQ(n, 1);  // the Header
    EXPECT_NE(error.find("cut.mcap: offset 25: truncated: the file ends at byte 30 inside a truncated record"),
              std::string::npos)
        << error;

    // At every length the reader stops with an error naming the file, never crashes or hangs.
    for (std::size_t len = 0; len < bytes.size(); ++len) {
        writeBytes(dir / "cut.mcap", std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + len));
        auto [count, message] = drain(dir / "cut.mcap");
        EXPECT_NE(message.find("cut.mcap: offset "), std::string::npos) << len << ": " << message;
    }
}

TEST(McapLinearReader, FlippedBytesGiveErrorsNotCrashes) {
    ROBOMETRICS_REQUIRE_DATA(src, "bags/mcap-conformance/OneAttachment/OneAttachment-ax-pad-st-sum.mcap");
    auto bytes = readBytes(src);
    const fs::path dir = test::scratchDir("mcap_flipped");
    int errors = 0;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        auto copy = bytes;
        copy[i] ^= 0x5A;
        writeBytes(dir / "flip.mcap", copy);
        auto [n, message] = drain(dir / "flip.mcap");
        if (!message.empty()) {
            ++errors;
            EXPECT_NE(message.find("flip.mcap"), std::string::npos) << message;
        }
    }
    // Every byte is covered by a CRC, a magic or a length check except the summary CRC field itself
    // and a few padding bytes after it, so almost every flip must be caught.
    EXPECT_GT(errors, static_cast<int>(bytes.size()) * 9 / 10);
}

TEST(McapLinearReader, BadDataSectionCrcIsReported) {
    ROBOMETRICS_REQUIRE_DATA(src, "bags/mcap-conformance/OneMessage/OneMessage.mcap");
    auto bytes = readBytes(src);
    // The Message's data bytes [1,2,3] sit just before DataEnd; change one.
    const std::uint8_t payload[] = {1, 2, 3};
    auto pos = std::search(bytes.begin(), bytes.end(), std::begin(payload), std::end(payload));
    ASSERT_NE(pos, bytes.end());
    *pos = 9;
    const fs::path p = test::scratchDir("mcap_crc") / "crc.mcap";
    writeBytes(p, bytes);
    auto [n, message] = drain(p);
    EXPECT_NE(message.find("data section CRC mismatch"), std::string::npos) << message;
}

TEST(McapLinearReader, HugeLengthFieldIsRejectedWithoutAllocating) {
    ROBOMETRICS_REQUIRE_DATA(src, "bags/mcap-conformance/OneMessage/OneMessage.mcap");
    auto bytes = readBytes(src);
    // The Header's content length (offset 9..16) set to 2^62.
    for (int i = 0; i < 8; ++i) bytes[9 + i] = i == 7 ? 0x40 : 0;
    const fs::path p = test::scratchDir("mcap_huge") / "huge.mcap";
    writeBytes(p, bytes);
    auto [n, message] = drain(p);
    EXPECT_EQ(n, 0);
    // A length past the end reads as a file cut short: nothing tells it from a cut.
    EXPECT_NE(message.find("huge.mcap: offset 8: truncated: the file ends inside a Header record"), std::string::npos)
        << message;
    EXPECT_NE(message.find("declares 4611686018427387904 content bytes"), std::string::npos) << message;
}

TEST(McapLinearReader, SkipsPrivateAndFutureRecords) {
    // magic, Header, private record 0x80, Channel, future record 0x42, Message, DataEnd, Footer, magic.
    std::vector<std::uint8_t> b(kMagic, kMagic + 8);
    RecordEncoder e(b);
    e.begin(Opcode::Header);
    e.string("ros2");
    e.string("hand made");
    e.finish();
    b.insert(b.end(), {0x80, 3, 0, 0, 0, 0, 0, 0, 0, 7, 7, 7});
    encodeChannel(b, ChannelRecord{5, 0, "/x", "cdr", {}});
    b.insert(b.end(), {0x42, 0, 0, 0, 0, 0, 0, 0, 0});
    e.begin(Opcode::Message);
    e.u16(5);
    e.u32(0);
    e.u64(10);
    e.u64(10);
    e.raw(std::vector<std::uint8_t>{0, 1, 0, 0});
    e.finish();
    e.begin(Opcode::DataEnd);
    e.u32(0);
    e.finish();
    e.begin(Opcode::Footer);
    e.u64(0);
    e.u64(0);
    e.u32(0);
    e.finish();
    b.insert(b.end(), kMagic, kMagic + 8);
    const fs::path p = test::scratchDir("mcap_unknown") / "unknown.mcap";
    writeBytes(p, b);

    auto reader = LinearReader::open(p.string());
    ASSERT_TRUE(reader.ok());
    std::vector<std::string> names;
    RecordEntry entry;
    while (reader->next(entry).value()) names.push_back(opcodeName(entry.opcode));
    EXPECT_EQ(names, (std::vector<std::string>{"Header", "opcode 0x80", "Channel", "opcode 0x42", "Message", "DataEnd",
                                               "Footer"}));
    auto source = openMcap(p.string());
    ASSERT_TRUE(source.ok()) << source.message();
    Message m;
    ASSERT_TRUE((*source)->next(m).value());
    EXPECT_EQ(m.topic->name, "/x");
    EXPECT_EQ(m.log_time, 10);
    EXPECT_EQ(m.data.size(), 4u);
    EXPECT_FALSE((*source)->next(m).value());
}

TEST(McapLinearReader, WrongMagicIsNotAnMcapFile) {
    const fs::path p = test::scratchDir("mcap_magic") / "text.mcap";
    writeBytes(p, {'h', 'e', 'l', 'l', 'o', ' ', 'w', 'o', 'r', 'l', 'd'});
    auto reader = LinearReader::open(p.string());
    ASSERT_FALSE(reader.ok());
    EXPECT_NE(reader.message().find("text.mcap: offset 0: not an MCAP file"), std::string::npos);
}

}  // namespace
}  // namespace robometrics::bag::mcap
