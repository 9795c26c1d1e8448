// McapWriter: what it writes is read back identically by both readers, its records form a valid
// conformance-style stream, and its summary agrees with the data.

#include <gtest/gtest.h>

#include <fstream>

#include "TestSupport.hpp"
#include "robometrics/bag/mcap/McapSource.hpp"
#include "robometrics/bag/mcap/McapWriter.hpp"
#include "robometrics/bag/mcap/IndexedReader.hpp"
#include "robometrics/bag/mcap/LinearReader.hpp"
#include "robometrics/bag/mcap/McapInfo.hpp"
#include "robometrics/bag/mcap/RecordJson.hpp"
#include "robometrics/bag/mcap/Summary.hpp"

namespace robometrics::bag::mcap {
namespace {

namespace fs = std::filesystem;

struct Written {
    std::uint16_t channel;
    std::uint64_t log_time, publish_time;
    std::uint32_t sequence;
    std::vector<std::uint8_t> data;
};

// 300 messages on 3 channels; payload i is i%50+1 bytes of value i%251; log times out of order
// within each group of 3 (2,0,1, 5,3,4, ...) to exercise the stable merge.
std::vector<Written> sampleMessages() {
    std::vector<Written> out;
    for (std::uint32_t i = 0; i < 300; ++i) {
        std::uint64_t t = 1000 + (i / 3) * 3 + (i % 3 == 0 ? 2 : i % 3 - 1);
        out.push_back({static_cast<std::uint16_t>(i % 3 + 1), t, t + 7, i,
                       std::vector<std::uint8_t>(i % 50 + 1, static_cast<std::uint8_t>(i % 251))});
    }
    return out;
}

fs::path writeSample(const std::string &name, Compression compression) {
    const fs::path path = test::scratchDir("mcap_writer_" + name) / (name + ".mcap");
    McapWriterOptions options;
    options.compression = compression;
    options.chunk_size = 2000;  // several chunks
    auto writer = McapWriter::open(path.string(), options);
    EXPECT_TRUE(writer.ok()) << writer.message();
    auto &w = **writer;
    EXPECT_EQ(w.addSchema("pkg/msg/A", "ros2msg", "int32 a"), 1);
    EXPECT_EQ(w.addSchema("pkg/msg/B", "ros2msg", "string b"), 2);
    EXPECT_EQ(w.addChannel("/a", 1, "cdr", {{"offered_qos_profiles", "- depth: 1"}}), 1);
    EXPECT_EQ(w.addChannel("/b", 2, "cdr"), 2);
    EXPECT_EQ(w.addChannel("/c", 0, "text"), 3);
    EXPECT_TRUE(w.writeMetadata("rosbag2", {{"ROS_DISTRO", "jazzy"}}).ok());
    for (const Written &m : sampleMessages()) {
        EXPECT_TRUE(w.write(m.channel, TimeNs(m.log_time), TimeNs(m.publish_time), m.data, m.sequence).ok());
    }
    EXPECT_FALSE(w.write(9, 0, 0, {}).ok());  // unknown channel
    EXPECT_TRUE(w.close().ok());
    return path;
}

nlohmann::json expectedMessageJson(const Written &m) {
    return recordToConformanceJson(MessageRecord{m.channel, m.sequence, m.log_time, m.publish_time, m.data});
}

class McapWriterRoundTrip : public ::testing::TestWithParam<Compression> {};

TEST_P(McapWriterRoundTrip, StreamingReadGivesBackEveryRecordAsWritten) {
    const fs::path path = writeSample("stream", GetParam());
    auto reader = LinearReader::open(path.string());
    ASSERT_TRUE(reader.ok()) << reader.message();
    std::vector<nlohmann::json> messages, schemas, channels;
    std::map<std::string, int> types;
    std::uint64_t chunks = 0, message_indexes = 0;
    RecordEntry e;
    for (;;) {
        auto more = reader->next(e);
        ASSERT_TRUE(more.ok()) << more.message();
        if (!more.value()) break;
        ++types[opcodeName(e.opcode)];
        if (auto *c = std::get_if<ChunkRecord>(&e.record)) {
            ++chunks;
            const char *expected = GetParam() == Compression::Zstd  ? "zstd"
                                   : GetParam() == Compression::Lz4 ? "lz4"
                                                                    : "";
            EXPECT_EQ(c->compression, expected);
            EXPECT_NE(c->uncompressed_crc, 0u);
        }
        if (std::holds_alternative<MessageIndexRecord>(e.record)) ++message_indexes;
        auto j = recordToConformanceJson(e.record);
        if (std::holds_alternative<MessageRecord>(e.record)) messages.push_back(j);
        if (std::holds_alternative<SchemaRecord>(e.record)) schemas.push_back(j);
        if (std::holds_alternative<ChannelRecord>(e.record)) channels.push_back(j);
    }
    // File order is write order.
    std::vector<nlohmann::json> expected;
    for (const Written &m : sampleMessages()) expected.push_back(expectedMessageJson(m));
    EXPECT_EQ(messages, expected);
    // Each Schema and Channel once in the data section and once in the summary.
    EXPECT_EQ(schemas.size(), 4u);
    EXPECT_EQ(channels.size(), 6u);
    EXPECT_EQ(schemas[0], schemas[2]);
    EXPECT_EQ(channels[2], channels[5]);
    EXPECT_EQ(schemas[0],
              recordToConformanceJson(SchemaRecord{1, "pkg/msg/A", "ros2msg", {'i', 'n', 't', '3', '2', ' ', 'a'}}));
    EXPECT_EQ(types["Header"], 1);
    EXPECT_EQ(types["DataEnd"], 1);
    EXPECT_EQ(types["Statistics"], 1);
    EXPECT_EQ(types["Metadata"], 1);
    EXPECT_EQ(types["MetadataIndex"], 1);
    EXPECT_EQ(types["Footer"], 1);
    EXPECT_EQ(types["ChunkIndex"], static_cast<int>(chunks));
    EXPECT_EQ(types["SummaryOffset"], 5);  // Schema, Channel, Statistics, ChunkIndex, MetadataIndex groups
    EXPECT_GE(chunks, 5u);
    EXPECT_EQ(message_indexes, chunks * 3);  // every chunk holds all three channels
}

TEST_P(McapWriterRoundTrip, IndexedReadGivesLogTimeOrderAndTheSummaryMatches) {
    const fs::path path = writeSample("indexed", GetParam());
    auto file = FileInput::open(path.string());
    ASSERT_TRUE(file.ok());
    auto summary = readSummary(file.value());
    ASSERT_TRUE(summary.ok()) << summary.message();
    ASSERT_TRUE(summary->statistics.has_value());
    const StatisticsRecord &st = *summary->statistics;
    EXPECT_EQ(st.message_count, 300u);
    EXPECT_EQ(st.schema_count, 2u);
    EXPECT_EQ(st.channel_count, 3u);
    EXPECT_EQ(st.metadata_count, 1u);
    EXPECT_EQ(st.chunk_count, summary->chunk_indexes.size());
    EXPECT_EQ(st.message_start_time, 1000u);
    EXPECT_EQ(st.message_end_time, 1299u);
    EXPECT_EQ(st.channel_message_counts, (std::map<std::uint16_t, std::uint64_t>{{1, 100}, {2, 100}, {3, 100}}));

    std::vector<Written> sorted = sampleMessages();
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const Written &a, const Written &b) { return a.log_time < b.log_time; });
    IndexedReader reader(std::move(file.value()), summary->chunk_indexes, {});
    MessageRecord m;
    std::size_t i = 0;
    while (reader.next(m).value()) {
        ASSERT_LT(i, sorted.size());
        EXPECT_EQ(recordToConformanceJson(m), expectedMessageJson(sorted[i])) << i;
        ++i;
    }
    EXPECT_EQ(i, 300u);

    auto info = readMcapInfo(path.string());
    ASSERT_TRUE(info.ok()) << info.message();
    EXPECT_TRUE(info->indexed);
    EXPECT_EQ(info->library, mcapLibraryName());  // "robometrics <version>"
    EXPECT_EQ(info->profile, "ros2");
    ASSERT_EQ(info->metadata.size(), 1u);
    EXPECT_EQ(info->metadata[0].metadata.at("ROS_DISTRO"), "jazzy");
    ASSERT_EQ(info->channels.size(), 3u);
    EXPECT_EQ(info->channels[0].schema_name, "pkg/msg/A");
    EXPECT_EQ(info->channels[2].schema_name, "");
    EXPECT_EQ(info->channels[1].message_count, 100u);
}

TEST_P(McapWriterRoundTrip, IndexesPointAtTheRecordsTheyDescribe) {
    const fs::path path = writeSample("offsets", GetParam());
    auto reader = LinearReader::open(path.string());
    ASSERT_TRUE(reader.ok());
    std::vector<RecordEntry> top;                           // top-level records, Chunk contents left out
    std::map<std::uint64_t, std::uint64_t> chunk_messages;  // chunk offset -> messages inside
    RecordEntry e;
    for (;;) {
        auto more = reader->next(e);
        ASSERT_TRUE(more.ok()) << more.message();
        if (!more.value()) break;
        if (e.in_chunk) {
            if (e.opcode == static_cast<std::uint8_t>(Opcode::MessageIndex)) FAIL() << "MessageIndex inside a chunk";
            if (std::holds_alternative<MessageRecord>(e.record)) ++chunk_messages[e.offset];
            continue;
        }
        // Keep only what the checks below need (views into the reader's buffer expire).
        if (auto *c = std::get_if<ChunkRecord>(&e.record)) c->records = {};
        if (auto *m = std::get_if<MessageRecord>(&e.record)) m->data = {};
        top.push_back(e);
    }
    std::map<std::uint64_t, const RecordEntry *> at;  // offset -> record
    for (const RecordEntry &r : top) at[r.offset] = &r;
    std::uint64_t summary_start = 0, chunk_indexes = 0, first_summary = 0;
    for (const RecordEntry &r : top) {
        if (std::holds_alternative<DataEndRecord>(r.record)) first_summary = r.offset + r.length;
        if (auto *f = std::get_if<FooterRecord>(&r.record)) summary_start = f->summary_start;
        if (auto *ci = std::get_if<ChunkIndexRecord>(&r.record)) {
            ++chunk_indexes;
            ASSERT_TRUE(at.count(ci->chunk_start_offset));
            const RecordEntry &chunk = *at[ci->chunk_start_offset];
            ASSERT_EQ(chunk.opcode, static_cast<std::uint8_t>(Opcode::Chunk));
            EXPECT_EQ(ci->chunk_length, chunk.length);
            const auto &cr = std::get<ChunkRecord>(chunk.record);
            EXPECT_EQ(ci->message_start_time, cr.message_start_time);
            EXPECT_EQ(ci->message_end_time, cr.message_end_time);
            EXPECT_EQ(ci->uncompressed_size, cr.uncompressed_size);
            EXPECT_EQ(ci->compression, cr.compression);
            std::uint64_t indexed = 0, index_bytes = 0;
            for (const auto &[channel, offset] : ci->message_index_offsets) {
                ASSERT_TRUE(at.count(offset));
                const auto &mi = std::get<MessageIndexRecord>(at[offset]->record);
                EXPECT_EQ(mi.channel_id, channel);
                indexed += mi.records.size();
                index_bytes += at[offset]->length;
            }
            EXPECT_EQ(indexed, chunk_messages[ci->chunk_start_offset]);
            EXPECT_EQ(ci->message_index_length, index_bytes);
        }
        if (auto *so = std::get_if<SummaryOffsetRecord>(&r.record)) {
            ASSERT_TRUE(at.count(so->group_start));
            EXPECT_EQ(at[so->group_start]->opcode, so->group_opcode);
            std::uint64_t end = so->group_start;
            while (at.count(end) && at[end]->opcode == so->group_opcode) end += at[end]->length;
            EXPECT_EQ(so->group_length, end - so->group_start);
        }
        if (auto *mx = std::get_if<MetadataIndexRecord>(&r.record)) {
            ASSERT_TRUE(at.count(mx->offset));
            EXPECT_EQ(at[mx->offset]->opcode, static_cast<std::uint8_t>(Opcode::Metadata));
            EXPECT_EQ(at[mx->offset]->length, mx->length);
        }
    }
    EXPECT_EQ(summary_start, first_summary);
    EXPECT_EQ(chunk_indexes, chunk_messages.size());
}

INSTANTIATE_TEST_SUITE_P(Compressions, McapWriterRoundTrip,
                         ::testing::Values(Compression::None, Compression::Zstd, Compression::Lz4));

TEST(McapWriter, ParseCompression) {
    EXPECT_EQ(parseCompression("zstd").value(), Compression::Zstd);
    EXPECT_EQ(parseCompression("lz4").value(), Compression::Lz4);
    EXPECT_EQ(parseCompression("none").value(), Compression::None);
    auto bad = parseCompression("bz2");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.message(), "unknown compression \"bz2\" (expected zstd, lz4 or none)");
}

TEST(McapWriter, EmptyFileIsValid) {
    const fs::path path = test::scratchDir("mcap_writer_empty") / "empty.mcap";
    {
        auto writer = McapWriter::open(path.string());
        ASSERT_TRUE(writer.ok());
        ASSERT_TRUE((*writer)->close().ok());
    }
    auto source = openMcap(path.string());
    ASSERT_TRUE(source.ok()) << source.message();
    EXPECT_TRUE((*source)->topics().empty());
    Message m;
    EXPECT_FALSE((*source)->next(m).value());
}

// The file takes its name only when close() finished it: before, an earlier file at the path is
// untouched; without close() (an error path) nothing is left, not even the temporary.
TEST(McapWriter, TheTargetAppearsOnlyWhenClosed) {
    const fs::path dir = test::scratchDir("mcap_writer_atomic");
    const fs::path path = dir / "out.mcap";
    std::ofstream(path, std::ios::binary) << "earlier";
    {
        auto writer = McapWriter::open(path.string());
        ASSERT_TRUE(writer.ok());
        const std::uint16_t schema = (*writer)->addSchema("std_msgs/msg/String", "ros2msg", "string data");
        const std::uint16_t channel = (*writer)->addChannel("/chatter", schema, "cdr");
        const std::vector<std::uint8_t> payload = {0, 1, 0, 0, 2, 0, 0, 0, 'a', 0};
        ASSERT_TRUE((*writer)->write(channel, 10, 10, payload).ok());
        EXPECT_EQ(fs::file_size(path), 7u);  // still the earlier file
        // destroyed without close()
    }
    EXPECT_EQ(fs::file_size(path), 7u);
    EXPECT_EQ(test::countEntries(dir), 1u);

    auto writer = McapWriter::open(path.string());
    ASSERT_TRUE(writer.ok());
    ASSERT_TRUE((*writer)->close().ok());
    EXPECT_TRUE(openMcap(path.string()).ok());
}

// The sample messages many times over in small chunks, with a Metadata record between two
// chunks while later ones compress, on `threads` compressing threads.
std::string writeOnCompressingThreads(Compression compression, std::size_t threads) {
    const fs::path path = test::scratchDir("mcap_writer_threads_" + std::to_string(threads)) / "out.mcap";
    McapWriterOptions options;
    options.compression = compression;
    options.chunk_size = 1500;
    options.compression_threads = threads;
    auto writer = McapWriter::open(path.string(), options);
    EXPECT_TRUE(writer.ok()) << writer.message();
    auto &w = **writer;
    w.addChannel("/a", w.addSchema("pkg/msg/A", "ros2msg", "int32 a"), "cdr");
    w.addChannel("/b", 0, "cdr");
    w.addChannel("/c", 0, "text");
    for (int round = 0; round < 20; ++round) {
        for (const Written &m : sampleMessages())
            EXPECT_TRUE(w.write(m.channel, TimeNs(m.log_time + round * 1000), TimeNs(m.publish_time), m.data).ok());
        if (round == 7) {
            EXPECT_TRUE(w.writeMetadata("round", {{"n", "7"}}).ok());
        }
    }
    EXPECT_TRUE(w.close().ok());
    return test::readFile(path);
}

TEST(McapWriter, CompressingOnThreadsWritesTheSameBytes) {
    for (Compression c : {Compression::Zstd, Compression::Lz4, Compression::None}) {
        const std::string here = writeOnCompressingThreads(c, 0);
        ASSERT_GT(here.size(), 10000u);
        EXPECT_EQ(writeOnCompressingThreads(c, 1), here);
        EXPECT_EQ(writeOnCompressingThreads(c, 2), here);
        EXPECT_EQ(writeOnCompressingThreads(c, 3), here);
    }
    // And it reads back: every message, the metadata among the chunks.
    const std::string path = (test::scratchDir("mcap_writer_threads_read") / "out.mcap").string();
    std::ofstream(path, std::ios::binary) << writeOnCompressingThreads(Compression::Zstd, 2);
    auto source = openMcap(path);
    ASSERT_TRUE(source.ok()) << source.message();
    Message m;
    std::size_t n = 0;
    while ((*source)->next(m).value()) ++n;
    EXPECT_EQ(n, 20u * 300u);
}

}  // namespace
}  // namespace robometrics::bag::mcap