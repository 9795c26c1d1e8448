// The indexed MCAP reader: the conformance suite's indexed expectation, time-range seeks and the
// stable log-time merge across chunks.

#include <gtest/gtest.h>

#include <fstream>

#include "TestSupport.hpp"
#include "robometrics/bag/mcap/McapWriter.hpp"
#include "robometrics/bag/mcap/IndexedReader.hpp"
#include "robometrics/bag/mcap/RecordJson.hpp"
#include "robometrics/bag/mcap/Summary.hpp"

namespace robometrics::bag::mcap {
namespace {

namespace fs = std::filesystem;

// Upstream runs the indexed test only for variants with messages and all of ch chx mx rch rsh.
bool upstreamRunsIndexed(const nlohmann::json &expected) {
    std::set<std::string> features;
    for (const auto &f : expected["meta"]["variant"]["features"]) features.insert(f.get<std::string>());
    for (const char *f : {"ch", "chx", "mx", "rch", "rsh"}) {
        if (!features.count(f)) return false;
    }
    for (const auto &r : expected["records"]) {
        if (r["type"] == "Message") return true;
    }
    return false;
}

// {schemas, channels, messages, statistics} as upstream derives it from the streamed records.
nlohmann::json indexedExpectation(const nlohmann::json &records) {
    std::map<std::uint64_t, nlohmann::json> schemas, channels;
    nlohmann::json messages = nlohmann::json::array(), statistics = nlohmann::json::array();
    auto field = [](const nlohmann::json &r, const char *name) {
        for (const auto &f : r["fields"]) {
            if (f[0] == name) return f[1];
        }
        return nlohmann::json();
    };
    for (const auto &r : records) {
        if (r["type"] == "Schema") schemas.try_emplace(std::stoull(field(r, "id").get<std::string>()), r);
        if (r["type"] == "Channel") channels.try_emplace(std::stoull(field(r, "id").get<std::string>()), r);
        if (r["type"] == "Message") messages.push_back(r);
        if (r["type"] == "Statistics") statistics.push_back(r);
    }
    std::stable_sort(messages.begin(), messages.end(), [&](const nlohmann::json &a, const nlohmann::json &b) {
        return std::stoull(field(a, "log_time").get<std::string>()) <
               std::stoull(field(b, "log_time").get<std::string>());
    });
    nlohmann::json out = {{"schemas", nlohmann::json::array()},
                          {"channels", nlohmann::json::array()},
                          {"messages", messages},
                          {"statistics", statistics}};
    for (auto &[id, s] : schemas) out["schemas"].push_back(s);
    for (auto &[id, c] : channels) out["channels"].push_back(c);
    return out;
}

Result<nlohmann::json> readIndexed(const std::string &path) {
    auto file = FileInput::open(path);
    if (!file) return file.error();
    auto summary = readSummary(file.value());
    if (!summary) return summary.error();
    nlohmann::json out = {{"schemas", nlohmann::json::array()},
                          {"channels", nlohmann::json::array()},
                          {"messages", nlohmann::json::array()},
                          {"statistics", nlohmann::json::array()}};
    for (const auto &[id, s] : summary->schemas) out["schemas"].push_back(recordToConformanceJson(s));
    for (const auto &[id, c] : summary->channels) out["channels"].push_back(recordToConformanceJson(c));
    if (summary->statistics) out["statistics"].push_back(recordToConformanceJson(*summary->statistics));
    IndexedReader reader(std::move(file.value()), summary->chunk_indexes, {});
    MessageRecord m;
    for (;;) {
        auto more = reader.next(m);
        if (!more) return more.error();
        if (!more.value()) break;
        out["messages"].push_back(recordToConformanceJson(m));
    }
    return out;
}

TEST(McapIndexedReader, PassesTheConformanceVariantsUpstreamRunsIndexed) {
    ROBOMETRICS_REQUIRE_DATA(dir, "bags/mcap-conformance");
    int checked = 0;
    for (const auto &e : fs::recursive_directory_iterator(dir)) {
        if (e.path().extension() != ".mcap") continue;
        std::ifstream in(fs::path(e.path()).replace_extension(".json"));
        nlohmann::json expected = nlohmann::json::parse(in);
        if (!upstreamRunsIndexed(expected)) continue;
        auto actual = readIndexed(e.path().string());
        ASSERT_TRUE(actual.ok()) << actual.message();
        EXPECT_EQ(actual.value(), indexedExpectation(expected["records"])) << e.path().filename();
        ++checked;
    }
    // OneMessage and TenMessages with ch chx mx rch rsh, each with or without st, sum and pad: 2 x 8.
    EXPECT_EQ(checked, 16);
}

TEST(McapIndexedReader, TenMessagesComeOutStablySortedByLogTime) {
    ROBOMETRICS_REQUIRE_DATA(p, "bags/mcap-conformance/TenMessages/TenMessages-ch-chx-mx-rch-rsh.mcap");
    auto file = FileInput::open(p.string());
    ASSERT_TRUE(file.ok());
    auto summary = readSummary(file.value());
    ASSERT_TRUE(summary.ok()) << summary.message();
    IndexedReader reader(std::move(file.value()), summary->chunk_indexes, {});
    std::vector<std::uint64_t> times;
    MessageRecord m;
    while (reader.next(m).value()) times.push_back(m.log_time);
    EXPECT_EQ(times, (std::vector<std::uint64_t>{0, 1, 2, 3, 3, 4, 5, 7, 8, 9}));
}

// 1000 messages (log times 0..999 ms) alternating on two channels, 100 messages per chunk except
// the first, which also holds the Schema and both Channels (120 bytes): 0-96, 97-196, ... 997-999.
fs::path writeTenChunks(const fs::path &dir) {
    const fs::path path = dir / "ten_chunks.mcap";
    McapWriterOptions options;
    options.compression = Compression::Zstd;
    options.chunk_size = 100 * (9 + 22 + 4) - 1;  // 100 messages of 4 bytes per chunk
    auto writer = McapWriter::open(path.string(), options);
    EXPECT_TRUE(writer.ok());
    auto schema = (*writer)->addSchema("std_msgs/msg/UInt32", "ros2msg", "uint32 data");
    auto a = (*writer)->addChannel("/a", schema, "cdr");
    auto b = (*writer)->addChannel("/b", schema, "cdr");
    for (std::uint32_t i = 0; i < 1000; ++i) {
        std::uint8_t data[4] = {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i >> 8), 0, 0};
        EXPECT_TRUE((*writer)->write(i % 2 ? b : a, TimeNs(i) * 1'000'000, TimeNs(i) * 1'000'000, data).ok());
    }
    EXPECT_TRUE((*writer)->close().ok());
    return path;
}

TEST(McapIndexedReader, TimeRangeSeekReadsOnlyOverlappingChunks) {
    const fs::path path = writeTenChunks(test::scratchDir("mcap_seek"));
    auto file = FileInput::open(path.string());
    ASSERT_TRUE(file.ok());
    auto summary = readSummary(file.value());
    ASSERT_TRUE(summary.ok()) << summary.message();
    ASSERT_EQ(summary->chunk_indexes.size(), 11u);
    MessageFilter filter;
    filter.start_time = 250'000'000;  // message 250, in chunk 197-296
    filter.end_time = 420'000'000;    // message 420, in chunk 397-496
    IndexedReader reader(std::move(file.value()), summary->chunk_indexes, filter);
    std::vector<std::uint64_t> times;
    MessageRecord m;
    while (reader.next(m).value()) times.push_back(m.log_time / 1'000'000);
    ASSERT_EQ(times.size(), 171u);  // 250..420 inclusive
    EXPECT_EQ(times.front(), 250u);
    EXPECT_EQ(times.back(), 420u);
    EXPECT_EQ(reader.chunksLoaded(), 3u);
}

TEST(McapIndexedReader, ChannelFilterSkipsChunksWithoutThatChannel) {
    const fs::path path = writeTenChunks(test::scratchDir("mcap_channel_filter"));
    auto file = FileInput::open(path.string());
    ASSERT_TRUE(file.ok());
    auto summary = readSummary(file.value());
    ASSERT_TRUE(summary.ok()) << summary.message();
    MessageFilter filter;
    filter.channels = {2};  // "/b": odd messages
    IndexedReader reader(std::move(file.value()), summary->chunk_indexes, filter);
    std::uint64_t count = 0, sum = 0;
    MessageRecord m;
    while (reader.next(m).value()) {
        ++count;
        sum += m.log_time / 1'000'000;
    }
    EXPECT_EQ(count, 500u);
    EXPECT_EQ(sum, 250000u);  // 1 + 3 + ... + 999
}

// What the reader gives, one line per message, and the error it ends with ("" at the end).
std::vector<std::string> readAll(const fs::path &path, std::size_t loaders) {
    auto file = FileInput::open(path.string());
    EXPECT_TRUE(file.ok());
    auto summary = readSummary(file.value());
    EXPECT_TRUE(summary.ok()) << summary.message();
    IndexedReader reader(std::move(file.value()), summary->chunk_indexes, {});
    if (loaders > 0) reader.loadAhead(loaders);
    std::vector<std::string> out;
    MessageRecord m;
    for (;;) {
        auto more = reader.next(m);
        if (!more) {
            out.push_back("error: " + more.message());
            break;
        }
        if (!more.value()) break;
        out.push_back(std::to_string(m.channel_id) + " " + std::to_string(m.log_time) + " " +
                      std::to_string(m.data[0] | m.data[1] << 8));
    }
    return out;
}

TEST(McapIndexedReader, LoadingAheadGivesTheSameMessagesOnOneOrTwoThreads) {
    const fs::path path = writeTenChunks(test::scratchDir("mcap_ahead"));
    const std::vector<std::string> here = readAll(path, 0);
    ASSERT_EQ(here.size(), 1000u);
    EXPECT_EQ(here[999], "2 999000000 999");
    EXPECT_EQ(readAll(path, 1), here);
    EXPECT_EQ(readAll(path, 2), here);
}

TEST(McapIndexedReader, LoadingAheadMeetsADamagedChunkWhereReadingHereDoes) {
    const fs::path path = writeTenChunks(test::scratchDir("mcap_ahead_damaged"));
    {
        auto file = FileInput::open(path.string());
        ASSERT_TRUE(file.ok());
        auto summary = readSummary(file.value());
        ASSERT_TRUE(summary.ok()) << summary.message();
        // The middle of the fifth chunk's compressed records: its CRC or zstd frame breaks.
        const ChunkIndexRecord &fifth = summary->chunk_indexes.at(4);
        std::fstream out(path, std::ios::in | std::ios::out | std::ios::binary);
        out.seekp(static_cast<std::streamoff>(fifth.chunk_start_offset + fifth.chunk_length - 40));
        out.write("\xff\xff\xff\xff\xff\xff\xff\xff", 8);
    }
    const std::vector<std::string> here = readAll(path, 0);
    ASSERT_EQ(here.size(), 398u);  // chunks 1-4 (397 messages), then the error
    EXPECT_NE(here.back().find("error: "), std::string::npos);
    EXPECT_EQ(readAll(path, 1), here);
    EXPECT_EQ(readAll(path, 2), here);
}

TEST(McapIndexedReader, APinnedMessageKeepsItsBytesWhileLaterChunksAreRead) {
    const fs::path path = writeTenChunks(test::scratchDir("mcap_pin"));
    auto file = FileInput::open(path.string());
    ASSERT_TRUE(file.ok());
    auto summary = readSummary(file.value());
    ASSERT_TRUE(summary.ok()) << summary.message();
    IndexedReader reader(std::move(file.value()), summary->chunk_indexes, {});
    std::shared_ptr<const void> keeper;
    EXPECT_FALSE(reader.pinLast(keeper));  // no message yet
    // Pin every 150th message and keep only its view: each must still read its own index after
    // the reader went through (and would have reused) the chunks after it.
    std::vector<std::pair<std::shared_ptr<const void>, MessageRecord>> pinned;
    MessageRecord m;
    std::uint32_t i = 0;
    for (; reader.next(m).value(); ++i) {
        std::shared_ptr<const void> before = keeper;
        ASSERT_TRUE(reader.pinLast(keeper));
        if (i != 0 && i % 100 != 97) {  // within a chunk (chunk starts: 0, 97, 197, ...) the keeper stays
            EXPECT_EQ(keeper.get(), before.get()) << i;
        } else {
            EXPECT_NE(keeper.get(), before.get()) << i;
        }
        if (i % 150 == 0) pinned.emplace_back(keeper, m);
    }
    EXPECT_EQ(i, 1000u);
    EXPECT_FALSE(reader.pinLast(keeper));  // after the end
    ASSERT_EQ(pinned.size(), 7u);
    for (std::size_t k = 0; k < pinned.size(); ++k) {
        const auto &data = pinned[k].second.data;
        ASSERT_EQ(data.size(), 4u);
        EXPECT_EQ(data[0] | data[1] << 8, static_cast<int>(k * 150)) << k;
    }
}

TEST(McapIndexedReader, AChunkAboveTheLimitIsNotPinned) {
    // Two chunks: 9 messages of 1 MiB (above the 8 MiB limit), then one small message.
    const fs::path path = test::scratchDir("mcap_pin_limit") / "big_chunk.mcap";
    {
        McapWriterOptions options;
        options.compression = Compression::Zstd;
        options.chunk_size = 9 << 20;
        auto writer = McapWriter::open(path.string(), options);
        ASSERT_TRUE(writer.ok());
        auto schema = (*writer)->addSchema("std_msgs/msg/UInt8MultiArray", "ros2msg", "uint8[] data");
        auto channel = (*writer)->addChannel("/big", schema, "cdr");
        const std::vector<std::uint8_t> mib(1 << 20, 7);
        for (int i = 0; i < 10; ++i) {
            const std::vector<std::uint8_t> data = i < 9 ? mib : std::vector<std::uint8_t>(4, 7);
            ASSERT_TRUE((*writer)->write(channel, i, i, data).ok());
        }
        ASSERT_TRUE((*writer)->close().ok());
    }
    auto file = FileInput::open(path.string());
    ASSERT_TRUE(file.ok());
    auto summary = readSummary(file.value());
    ASSERT_TRUE(summary.ok()) << summary.message();
    ASSERT_EQ(summary->chunk_indexes.size(), 2u);
    IndexedReader reader(std::move(file.value()), summary->chunk_indexes, {});
    std::shared_ptr<const void> keeper;
    MessageRecord m;
    std::vector<bool> pinned;
    while (reader.next(m).value()) pinned.push_back(reader.pinLast(keeper));
    EXPECT_EQ(pinned, (std::vector<bool>{false, false, false, false, false, false, false, false, false, true}));
}

}  // namespace
}  // namespace robometrics::bag::mcap
