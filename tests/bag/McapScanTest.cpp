// The catalog scan of an MCAP file without a usable summary (bag/mcap/McapScan.hpp) gives what one
// linear pass descending into every chunk gives (the oracle below, the scan as it was before its
// chunks went to loading threads): the same schemas, channels, counts, chunks and loose-message
// flag and the same strict error, with no loading thread and with two; a recovering scan, which
// skips a damaged chunk and reads on, keeps every chunk the pass keeps, the same with no loading
// thread and with two. Checked on
// files cut at many lengths and with single bytes flipped: written here (zstd, lz4, none) and
// every file of the MCAP conformance suite in the test data.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "TestSupport.hpp"
#include "robometrics/bag/mcap/McapScan.hpp"
#include "robometrics/bag/mcap/McapWriter.hpp"

namespace robometrics::bag {
namespace {

namespace fs = std::filesystem;
using namespace mcap;

/// The oracle: one linear pass, chunks decompressed and walked in file order as they come.
Status linearCatalog(const std::string &path, McapCatalog &catalog, std::optional<ReadDamage> *damage) {
    auto reader = LinearReader::open(path);
    if (!reader) return reader.error();
    RecordEntry entry;
    std::map<std::uint16_t, std::uint64_t> in_chunk;  // of the chunk being read
    auto chunkDone = [&] {
        for (const auto &[id, n] : in_chunk) catalog.counts[id] += n;
        in_chunk.clear();
    };
    for (;;) {
        auto more = reader->next(entry);
        if (!more) {
            if (!damage) return more.error();
            if (reader->failedInChunk() && !catalog.chunks.empty())
                catalog.chunks.pop_back();
            else
                chunkDone();
            *damage = linearDamage(*reader, more.error(), path);
            return Status::Ok();
        }
        if (!*more || std::holds_alternative<DataEndRecord>(entry.record)) {
            chunkDone();
            return Status::Ok();
        }
        if (!entry.in_chunk) chunkDone();
        if (auto *s = std::get_if<SchemaRecord>(&entry.record)) {
            if (s->id != 0) catalog.schemas.try_emplace(s->id, *s);
        } else if (auto *c = std::get_if<ChannelRecord>(&entry.record)) {
            catalog.channels.try_emplace(c->id, *c);
        } else if (auto *m = std::get_if<MessageRecord>(&entry.record)) {
            ++(entry.in_chunk ? in_chunk : catalog.counts)[m->channel_id];
            catalog.loose_messages = catalog.loose_messages || !entry.in_chunk;
        } else if (auto *chunk = std::get_if<ChunkRecord>(&entry.record)) {
            catalog.chunks.push_back(chunkIndexOf(entry, *chunk));
        }
    }
}

/// Everything a scan gives, as text, so that a difference shows in the failure message.
std::string outcome(bool recover, const std::function<Status(McapCatalog &, std::optional<ReadDamage> *)> &scan) {
    McapCatalog catalog;
    std::optional<ReadDamage> damage;
    const Status status = scan(catalog, recover ? &damage : nullptr);
    std::ostringstream out;
    out << (status.ok() ? "ok" : "error: " + status.message()) << "\n";
    if (!status.ok()) return out.str();  // a strict scan's catalog is not used after its error
    if (damage)
        out << "damage: " << damage->file << " | " << damage->description << " | " << damage->loss << " | "
            << damage->truncated << "\n";
    for (const auto &[id, s] : catalog.schemas)
        out << "schema " << id << " " << s.name << " " << s.encoding << " " << s.data.size() << "\n";
    for (const auto &[id, c] : catalog.channels) {
        out << "channel " << id << " " << c.topic << " " << c.schema_id << " " << c.message_encoding << " "
            << c.metadata.size() << "\n";
    }
    for (const auto &[id, n] : catalog.counts) out << "count " << id << " " << n << "\n";
    for (const ChunkIndexRecord &c : catalog.chunks) {
        out << "chunk " << c.chunk_start_offset << " " << c.chunk_length << " " << c.message_start_time << " "
            << c.message_end_time << " " << c.compression << " " << c.compressed_size << " " << c.uncompressed_size
            << "\n";
    }
    out << "loose " << catalog.loose_messages << "\n";
    return out.str();
}

/// Where the chunks of a catalog start.
std::set<std::uint64_t> chunkOffsets(const McapCatalog &catalog) {
    std::set<std::uint64_t> out;
    for (const ChunkIndexRecord &c : catalog.chunks) out.insert(c.chunk_start_offset);
    return out;
}

/// Strict: the oracle's outcome and the scan's with 0 and 2 loading threads. Recovering (which
/// skips damaged chunks and reads on, where the oracle stops): the same outcome with 0 and 2
/// loading threads, holding every chunk the oracle holds.
void expectSameAsLinear(const fs::path &file, const std::string &label) {
    const std::string path = file.string();
    const std::string expected =
        outcome(false, [&](McapCatalog &c, std::optional<ReadDamage> *d) { return linearCatalog(path, c, d); });
    for (std::size_t loaders : {0u, 2u}) {
        const std::string got = outcome(
            false, [&](McapCatalog &c, std::optional<ReadDamage> *d) { return scanMcapCatalog(path, c, d, loaders); });
        EXPECT_EQ(got, expected) << label << ", strict, " << loaders << " loaders";
    }
    McapCatalog oracle;
    std::optional<ReadDamage> oracle_damage;
    ASSERT_TRUE(linearCatalog(path, oracle, &oracle_damage).ok());
    std::string first;
    for (std::size_t loaders : {0u, 2u}) {
        McapCatalog catalog;
        const std::string got = outcome(true, [&](McapCatalog &c, std::optional<ReadDamage> *d) {
            const Status status = scanMcapCatalog(path, c, d, loaders);
            catalog = c;
            return status;
        });
        if (first.empty()) first = got;
        EXPECT_EQ(got, first) << label << ", recovering, " << loaders << " loaders";
        const std::set<std::uint64_t> have = chunkOffsets(catalog);
        for (std::uint64_t offset : chunkOffsets(oracle))
            EXPECT_TRUE(have.count(offset)) << label << ": the chunk at " << offset << " was lost";
    }
}

void writeBytes(const fs::path &path, const std::string &bytes) {
    std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

/// Cuts at `cuts` lengths and single-byte flips at `flips` places, spread over the file.
void expectSameOnDamagedCopies(const fs::path &whole, const fs::path &dir, int cuts, int flips) {
    const std::string bytes = test::readFile(whole);
    ASSERT_FALSE(bytes.empty()) << whole;
    const fs::path copy = dir / "damaged.mcap";
    expectSameAsLinear(whole, whole.filename().string() + " whole");
    for (int k = 1; k <= cuts; ++k) {
        const std::size_t length = bytes.size() * static_cast<std::size_t>(k) / static_cast<std::size_t>(cuts + 1);
        writeBytes(copy, bytes.substr(0, length));
        expectSameAsLinear(copy, whole.filename().string() + " cut at " + std::to_string(length));
    }
    for (int k = 1; k <= flips; ++k) {
        const std::size_t at =
            8 + (bytes.size() - 16) * static_cast<std::size_t>(k) / static_cast<std::size_t>(flips + 1);
        std::string flipped = bytes;
        flipped[at] = static_cast<char>(flipped[at] ^ 0x5a);
        writeBytes(copy, flipped);
        expectSameAsLinear(copy, whole.filename().string() + " flipped at " + std::to_string(at));
    }
}

// 300 messages on two channels in chunks of about 3 KB.
fs::path writeSample(const fs::path &dir, Compression compression) {
    const fs::path path = dir / "sample.mcap";
    McapWriterOptions options;
    options.compression = compression;
    options.chunk_size = 3000;
    auto writer = McapWriter::open(path.string(), options);
    EXPECT_TRUE(writer.ok()) << writer.message();
    const std::uint16_t schema = (*writer)->addSchema("std_msgs/msg/String", "ros2msg", "string data\n");
    const std::uint16_t a = (*writer)->addChannel("/a", schema, "cdr");
    const std::uint16_t b = (*writer)->addChannel("/b", schema, "cdr");
    std::vector<std::uint8_t> payload(90, 3);
    for (int i = 0; i < 300; ++i) {
        payload[0] = static_cast<std::uint8_t>(i);
        const TimeNs t = 1'700'000'000 * kNsPerSecond + i * 10 * test::kMs;
        EXPECT_TRUE((*writer)->write(i % 3 ? b : a, t, t, payload).ok());
    }
    EXPECT_TRUE((*writer)->close().ok());
    return path;
}

class McapScan : public ::testing::TestWithParam<Compression> {};

TEST_P(McapScan, CutAndFlippedFilesGiveWhatOneLinearPassGives) {
    const fs::path dir = test::scratchDir("mcap-scan");
    expectSameOnDamagedCopies(writeSample(dir, GetParam()), dir, 60, 60);
}

INSTANTIATE_TEST_SUITE_P(Compressions, McapScan,
                         ::testing::Values(Compression::Zstd, Compression::Lz4, Compression::None));

TEST(McapScanConformance, EveryConformanceFileCutAndFlippedGivesWhatOneLinearPassGives) {
    const fs::path suite = test::testDataDir() / "bags" / "mcap-conformance";
    if (!fs::exists(suite)) GTEST_SKIP() << "no MCAP conformance files at " << suite << " (ROBOMETRICS_TEST_DATA)";
    const fs::path dir = test::scratchDir("mcap-scan-conformance");
    int files = 0;
    for (const auto &entry : fs::recursive_directory_iterator(suite)) {
        if (entry.path().extension() != ".mcap") continue;
        expectSameOnDamagedCopies(entry.path(), dir, 4, 4);
        ++files;
    }
    EXPECT_GT(files, 100);
}

}  // namespace
}  // namespace robometrics::bag
