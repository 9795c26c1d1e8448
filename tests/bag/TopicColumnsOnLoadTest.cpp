// Decoding on the loading threads (what Bag.to_dataframe() does with an indexed MCAP whose chunks
// follow one another): the columns equal those of decoding every message in the order the bag
// gives them; a bag whose chunks overlap in time, or one cut short, is read as before; the first
// message that does not decode is the error, wherever it is; a message that comes elsewhere than
// its chunk said is reported, so that the read starts again on the usual path.

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "TestSupport.hpp"
#include "robometrics/bag/BagThreads.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/TopicColumns.hpp"
#include "robometrics/bag/TopicColumnsOnLoad.hpp"
#include "robometrics/bag/mcap/McapWriter.hpp"
#include "robometrics/msgs/Codec.hpp"
#include "robometrics/msgs/ColumnDecoder.hpp"
#include "robometrics/msgs/DynamicDecoder.hpp"

namespace robometrics::bag {
namespace {

namespace fs = std::filesystem;
using msgs::Column;
using msgs::ColumnDecoder;

constexpr int kOnLoadScans = 3000;

std::vector<std::uint8_t> onLoadScan(int i) {
    msgs::LaserScan scan;
    scan.header.stamp = msgs::Time{i, 7};
    scan.header.frame_id = "lidar" + std::to_string(i % 5);
    scan.angle_min = static_cast<float>(i) * 0.5F;
    scan.ranges.assign(static_cast<std::size_t>(i % 4), 0.125F * static_cast<float>(i));
    return msgs::encodeCdr(scan);
}

/// /scan (LaserScan) at `times[i]`, a String topic between them, chunks of about 4 KB (dozens of
/// chunks). The scans of `broken` rows of the write order are cut to 10 bytes: they do not decode.
fs::path writeScans(const fs::path &path, const std::vector<TimeNs> &times, const std::set<int> &broken = {}) {
    McapWriterOptions options;
    options.chunk_size = 4000;
    auto writer = McapWriter::open(path.string(), options);
    EXPECT_TRUE(writer.ok()) << writer.message();
    const std::uint16_t scan_schema = (*writer)->addSchema("sensor_msgs/msg/LaserScan", "ros2msg", "");
    const std::uint16_t text_schema = (*writer)->addSchema("std_msgs/msg/String", "ros2msg", "string data\n");
    const std::uint16_t scans = (*writer)->addChannel("/scan", scan_schema, "cdr");
    const std::uint16_t texts = (*writer)->addChannel("/note", text_schema, "cdr");
    for (std::size_t i = 0; i < times.size(); ++i) {
        std::vector<std::uint8_t> payload = onLoadScan(static_cast<int>(i));
        if (broken.count(static_cast<int>(i))) payload.resize(10);
        EXPECT_TRUE((*writer)->write(scans, times[i], times[i], payload).ok());
        if (i % 3 == 0) {
            msgs::String note;
            note.data = "note " + std::to_string(i);
            EXPECT_TRUE((*writer)->write(texts, times[i], times[i], msgs::encodeCdr(note)).ok());
        }
    }
    EXPECT_TRUE((*writer)->close().ok());
    return path;
}

std::vector<TimeNs> ascendingTimes() {
    std::vector<TimeNs> times;
    for (int i = 0; i < kOnLoadScans; ++i) times.push_back(1'000'000'000 + TimeNs{i} * 20'000'000);
    return times;
}

/// What one thread makes: every /scan message as the bag gives it, appended (or the error).
struct AppendedScans {
    std::vector<TimeNs> log_times;
    std::vector<Column> columns;
    std::string error;
    std::optional<ReadDamage> damage;
};

AppendedScans appendEveryScan(const fs::path &path, bool recover) {
    AppendedScans out;
    ReadOptions options;
    options.topics = {"/scan"};
    options.recover = recover;
    auto source = openBag(path.string(), options);
    EXPECT_TRUE(source.ok()) << source.message();
    auto dynamic = msgs::DynamicDecoder::create("sensor_msgs/msg/LaserScan", "");
    auto columns = ColumnDecoder::create(*dynamic, {});
    Message message;
    for (;;) {
        auto more = (*source)->next(message);
        EXPECT_TRUE(more.ok()) << more.message();
        if (!more.ok() || !*more) break;
        out.log_times.push_back(message.log_time);
        if (Status s = columns->append(message.data); !s.ok()) {
            out.error = path.string() + ": topic /scan message at log time " + std::to_string(message.log_time) +
                        ": " + s.error().message;
            return out;
        }
    }
    out.damage = (*source)->damage();
    out.columns = columns->take();
    return out;
}

void expectColumnsAsAppended(const fs::path &path, bool recover) {
    const AppendedScans expected = appendEveryScan(path, recover);
    TopicColumnsRequest request;
    request.topic = "/scan";
    request.recover = recover;
    auto read = readTopicColumns(path.string(), request);
    ASSERT_EQ(read.ok() ? "" : read.message(), expected.error);
    if (!read.ok()) return;
    EXPECT_EQ(read->log_times, expected.log_times);
    EXPECT_EQ(read->damage.has_value(), expected.damage.has_value());
    if (read->damage && expected.damage) {
        EXPECT_EQ(read->damage->description, expected.damage->description);
        EXPECT_EQ(read->damage->messages_read, expected.damage->messages_read);
    }
    const std::vector<Column> &a = read->columns, &b = expected.columns;
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t c = 0; c < a.size(); ++c) {
        EXPECT_EQ(a[c].path, b[c].path);
        ASSERT_EQ(a[c].values().size(), b[c].values().size()) << a[c].path;
        if (!a[c].values().empty()) {
            EXPECT_EQ(std::memcmp(a[c].values().data(), b[c].values().data(), a[c].values().size()), 0) << a[c].path;
        }
        EXPECT_EQ(a[c].ends, b[c].ends) << a[c].path;
        EXPECT_EQ(a[c].texts, b[c].texts) << a[c].path;
        EXPECT_EQ(a[c].text_rows, b[c].text_rows) << a[c].path;
    }
}

/// Whether the bag at `path` lets its chunks be decoded as they load.
bool chunksVisited(const fs::path &path, bool recover) {
    auto visitor = std::make_shared<TopicColumnsOnLoad>();
    ReadOptions options;
    options.topics = {"/scan"};
    options.recover = recover;
    options.chunk_visitor = visitor;
    auto source = openBag(path.string(), options);
    EXPECT_TRUE(source.ok()) << source.message();
    return visitor->accepted();
}

TEST(TopicColumnsOnLoadTest, ChunksThatFollowOneAnotherAreDecodedAsTheyLoad) {
    const fs::path path = writeScans(test::scratchDir("columns-on-load") / "ordered.mcap", ascendingTimes());
    EXPECT_TRUE(chunksVisited(path, true));
    expectColumnsAsAppended(path, true);
    expectColumnsAsAppended(path, false);
}

// The second half of the scans falls between the times of the first: its chunks overlap theirs.
TEST(TopicColumnsOnLoadTest, OverlappingChunksAreReadAsBefore) {
    std::vector<TimeNs> times = ascendingTimes();
    for (std::size_t i = times.size() / 2; i < times.size(); ++i)
        times[i] = times[i - times.size() / 2] + 10'000'000;
    const fs::path path = writeScans(test::scratchDir("columns-on-load") / "overlapping.mcap", times);
    EXPECT_FALSE(chunksVisited(path, true));
    expectColumnsAsAppended(path, true);
}

TEST(TopicColumnsOnLoadTest, AFileCutShortIsReadAsBefore) {
    const fs::path dir = test::scratchDir("columns-on-load");
    const fs::path path = writeScans(dir / "cut.mcap", ascendingTimes());
    fs::resize_file(path, fs::file_size(path) * 2 / 3);
    EXPECT_FALSE(chunksVisited(path, true));
    expectColumnsAsAppended(path, true);
}

// Broken scans in chunks the loading threads decode, and one in the first chunk, which is loaded
// when the bag opens and decoded by the reading thread: the earliest is the error.
TEST(TopicColumnsOnLoadTest, TheFirstMessageThatFailsIsTheError) {
    const fs::path dir = test::scratchDir("columns-on-load");
    for (const std::set<int> &broken : {std::set<int>{1700, 2600}, std::set<int>{2, 1700}, std::set<int>{2999}}) {
        const fs::path path = writeScans(dir / "broken.mcap", ascendingTimes(), broken);
        EXPECT_TRUE(chunksVisited(path, true));
        expectColumnsAsAppended(path, true);
    }
}

// The reading thread's checks, on chunks shown out of order from two threads: the rows follow the
// chunks' order, and a message other than the one a row expects is Unexpected.
TEST(TopicColumnsOnLoadTest, AMessageElsewhereThanItsChunkSaidIsUnexpected) {
    auto dynamic = msgs::DynamicDecoder::create("sensor_msgs/msg/LaserScan", "");
    auto decoder = ColumnDecoder::create(*dynamic, {});
    decoder->reserve(4);
    const std::vector<std::vector<std::uint8_t>> payloads = {onLoadScan(0), onLoadScan(1), onLoadScan(2), onLoadScan(3)};
    auto view = [&](int i) { return LoadedMessage{i, payloads[static_cast<std::size_t>(i)]}; };
    const std::vector<LoadedMessage> first = {view(0), view(1)}, second = {view(2), view(3)};

    TopicColumnsOnLoad on_load;
    on_load.accept();
    on_load.bind(*decoder);
    std::thread later([&] { on_load.loaded(1, second); });  // waits for chunk 0's count
    on_load.loaded(0, first);
    later.join();
    EXPECT_EQ(on_load.take(0, payloads[0]), TopicColumnsOnLoad::Row::Decoded);
    EXPECT_EQ(on_load.take(1, payloads[1]), TopicColumnsOnLoad::Row::Decoded);
    EXPECT_EQ(on_load.take(2, payloads[3]), TopicColumnsOnLoad::Row::Unexpected);
    on_load.unbind();

    TopicColumnsOnLoad whole;
    whole.accept();
    whole.bind(*decoder);
    whole.loaded(0, first);
    EXPECT_EQ(whole.take(0, payloads[0]), TopicColumnsOnLoad::Row::Decoded);
    EXPECT_FALSE(whole.finish(1));  // row 1 was not given
    whole.unbind();
}

}  // namespace
}  // namespace robometrics::bag
