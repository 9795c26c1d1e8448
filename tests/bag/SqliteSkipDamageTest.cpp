// A rosbag2 .db3 with a damaged page in the middle (issue 60): a recovering read skips the rows on
// that page only, reads every other row in (timestamp, id) order, and names the rows lost with the
// times of their neighbours; a strict read refuses the file. The bag is written here with sqlite
// (rosbag2's schema), the page damaged by construction, and the rows it held read from the page
// itself (the b-tree leaf's cells), so the expected loss does not come from the reader under test.

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "DamagedRead.hpp"
#include "TestSupport.hpp"

namespace robometrics::bag {
namespace {

namespace fs = std::filesystem;

constexpr int kRows = 1200;
constexpr std::size_t kPageSize = 4096;
constexpr TimeNs kStart = 1'700'000'000'000'000'000;
constexpr TimeNs kPeriod = 10'000'000;  // 100 Hz

TimeNs logTime(int id) { return kStart + static_cast<TimeNs>(id) * kPeriod; }

/// A rosbag2 (schema 3) bag of kRows std_msgs/String-sized blobs on two topics.
void writeBag(const fs::path &path) {
    fs::remove(path);
    sqlite3 *db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    const char *schema =
        "PRAGMA page_size=4096;"
        "CREATE TABLE schema(schema_version INTEGER PRIMARY KEY, ros_distro TEXT NOT NULL);"
        "INSERT INTO schema VALUES(3, 'humble');"
        "CREATE TABLE topics(id INTEGER PRIMARY KEY, name TEXT NOT NULL, type TEXT NOT NULL,"
        " serialization_format TEXT NOT NULL, offered_qos_profiles TEXT NOT NULL);"
        "INSERT INTO topics VALUES(1, '/a', 'std_msgs/msg/String', 'cdr', '');"
        "INSERT INTO topics VALUES(2, '/b', 'std_msgs/msg/String', 'cdr', '');"
        "CREATE TABLE messages(id INTEGER PRIMARY KEY, topic_id INTEGER NOT NULL, timestamp INTEGER NOT NULL,"
        " data BLOB NOT NULL);"
        "CREATE INDEX timestamp_idx ON messages (timestamp ASC);"
        "BEGIN;";
    ASSERT_EQ(sqlite3_exec(db, schema, nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
    sqlite3_stmt *insert = nullptr;
    ASSERT_EQ(sqlite3_prepare_v2(db, "INSERT INTO messages VALUES(?, ?, ?, ?)", -1, &insert, nullptr), SQLITE_OK);
    for (int id = 1; id <= kRows; ++id) {
        std::vector<std::uint8_t> data(200, static_cast<std::uint8_t>(id));
        sqlite3_bind_int64(insert, 1, id);
        sqlite3_bind_int64(insert, 2, 1 + id % 2);
        sqlite3_bind_int64(insert, 3, logTime(id));
        sqlite3_bind_blob(insert, 4, data.data(), static_cast<int>(data.size()), SQLITE_TRANSIENT);
        ASSERT_EQ(sqlite3_step(insert), SQLITE_DONE);
        sqlite3_reset(insert);
    }
    sqlite3_finalize(insert);
    ASSERT_EQ(sqlite3_exec(db, "COMMIT;", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
}

std::uint64_t varint(const std::string &bytes, std::size_t &at) {
    std::uint64_t v = 0;
    for (int i = 0; i < 9; ++i) {
        const auto b = static_cast<std::uint8_t>(bytes[at++]);
        if (i == 8) return (v << 8) | b;
        v = (v << 7) | (b & 0x7f);
        if (!(b & 0x80)) break;
    }
    return v;
}

/// The row ids stored in the cells of the table leaf page `page` (1-based) of `bytes`.
std::set<std::int64_t> rowIdsOnLeaf(const std::string &bytes, std::size_t page) {
    const std::size_t base = (page - 1) * kPageSize;
    const std::size_t cells = (static_cast<std::uint8_t>(bytes[base + 3]) << 8) | static_cast<std::uint8_t>(bytes[base + 4]);
    std::set<std::int64_t> ids;
    for (std::size_t i = 0; i < cells; ++i) {
        const std::size_t pointer = base + 8 + 2 * i;
        std::size_t at =
            base + ((static_cast<std::uint8_t>(bytes[pointer]) << 8) | static_cast<std::uint8_t>(bytes[pointer + 1]));
        varint(bytes, at);  // payload size
        ids.insert(static_cast<std::int64_t>(varint(bytes, at)));
    }
    return ids;
}

/// The pages of `bytes` whose b-tree page type is `type` (0x0D table leaf, 0x0A index leaf).
std::vector<std::size_t> pagesOfType(const std::string &bytes, std::uint8_t type) {
    std::vector<std::size_t> pages;
    for (std::size_t page = 2; page * kPageSize <= bytes.size(); ++page)
        if (static_cast<std::uint8_t>(bytes[(page - 1) * kPageSize]) == type) pages.push_back(page);
    return pages;
}

struct Fixture {
    fs::path dir;
    std::string bytes;
    test::FullRead whole;
};

Fixture makeBag(const std::string &name) {
    Fixture f;
    f.dir = test::scratchDir(name);
    writeBag(f.dir / "intact.db3");
    f.bytes = test::readFile(f.dir / "intact.db3");
    f.whole = test::readFully(f.dir / "intact.db3", false);
    return f;
}

TEST(SqliteSkipDamage, ADamagedLeafPageCostsOnlyItsRows) {
    Fixture f = makeBag("sqlite-skip-leaf");
    ASSERT_EQ(f.whole.error, "");
    ASSERT_EQ(f.whole.messages.size(), static_cast<std::size_t>(kRows));
    const std::vector<std::size_t> leaves = pagesOfType(f.bytes, 0x0D);
    ASSERT_GT(leaves.size(), 20u);
    const std::size_t page = leaves[leaves.size() / 2];
    const std::set<std::int64_t> lost = rowIdsOnLeaf(f.bytes, page);
    ASSERT_GT(lost.size(), 5u);
    ASSERT_EQ(*lost.rbegin() - *lost.begin() + 1, static_cast<std::int64_t>(lost.size()));  // one run of ids

    std::string damaged = f.bytes;
    damaged[(page - 1) * kPageSize] = 0x00;  // not a page type: sqlite reports the page corrupt
    const fs::path path = test::writeDamagedCopy(f.dir / "damaged.db3", damaged);

    const test::FullRead strict = test::readFully(path, false);
    EXPECT_NE(strict.error.find("damaged.db3: sqlite: reading message row"), std::string::npos) << strict.error;

    for (bool ahead : {false, true}) {
        SCOPED_TRACE(ahead);
        const test::FullRead read = test::readFully(path, true, ahead);
        EXPECT_EQ(read.error, "");
        // Every row but those of the page, byte for byte, in order.
        std::vector<test::StoredMessage> expected;
        for (int id = 1; id <= kRows; ++id)
            if (!lost.count(id)) expected.push_back(f.whole.messages[static_cast<std::size_t>(id - 1)]);
        EXPECT_EQ(read.messages.size(), expected.size());
        EXPECT_TRUE(read.messages == expected);  // bytes and order (a failure would print megabytes)
        ASSERT_TRUE(read.damage.has_value());
        EXPECT_TRUE(read.damage->read_to_end) << read.damage->description;
        ASSERT_EQ(read.damage->spans.size(), 1u);
        const LostSpan &span = read.damage->spans[0];
        EXPECT_EQ(span.messages, lost.size());
        EXPECT_EQ(span.start_time, logTime(static_cast<int>(*lost.begin()) - 1));
        EXPECT_EQ(span.end_time, logTime(static_cast<int>(*lost.rbegin()) + 1));
        EXPECT_FALSE(span.byte_begin.has_value());
        EXPECT_EQ(span.reason, "rows " + std::to_string(*lost.begin()) + " to " + std::to_string(*lost.rbegin()) +
                                   " of the messages table are on damaged pages");
        EXPECT_EQ(describeSpan(span, logTime(1)).find("bytes"), std::string::npos);
    }
}

TEST(SqliteSkipDamage, ADamagedTimestampIndexLosesNoRow) {
    Fixture f = makeBag("sqlite-skip-index");
    const std::vector<std::size_t> index_leaves = pagesOfType(f.bytes, 0x0A);
    ASSERT_GT(index_leaves.size(), 2u);
    std::string damaged = f.bytes;
    damaged[(index_leaves[index_leaves.size() / 2] - 1) * kPageSize] = 0x00;
    const fs::path path = test::writeDamagedCopy(f.dir / "damaged.db3", damaged);
    const test::FullRead read = test::readFully(path, true);
    EXPECT_EQ(read.error, "");
    EXPECT_EQ(read.messages.size(), f.whole.messages.size());
    EXPECT_TRUE(read.messages == f.whole.messages);
    EXPECT_FALSE(read.damage.has_value());
}

TEST(SqliteSkipDamage, TwoDamagedPagesAreTwoSpansAndATopicFilterDropsTheCount) {
    Fixture f = makeBag("sqlite-skip-two");
    const std::vector<std::size_t> leaves = pagesOfType(f.bytes, 0x0D);
    const std::size_t first = leaves[leaves.size() / 3], second = leaves[2 * leaves.size() / 3];
    std::set<std::int64_t> lost = rowIdsOnLeaf(f.bytes, first);
    for (std::int64_t id : rowIdsOnLeaf(f.bytes, second)) lost.insert(id);
    std::string damaged = f.bytes;
    damaged[(first - 1) * kPageSize] = 0x00;
    damaged[(second - 1) * kPageSize] = 0x00;
    const fs::path path = test::writeDamagedCopy(f.dir / "damaged.db3", damaged);

    const test::FullRead read = test::readFully(path, true);
    EXPECT_EQ(read.error, "");
    EXPECT_EQ(read.messages.size(), static_cast<std::size_t>(kRows) - lost.size());
    EXPECT_TRUE(test::isSubsequence(read.messages, f.whole.messages));
    ASSERT_TRUE(read.damage.has_value());
    ASSERT_EQ(read.damage->spans.size(), 2u);

    ReadOptions options;
    options.recover = true;
    options.topics = {"/a"};
    auto source = openBag(path.string(), options);
    ASSERT_TRUE(source) << source.message();
    const test::FullRead only_a = test::readFully(**source);
    std::size_t expected_a = 0;
    for (int id = 1; id <= kRows; ++id) expected_a += (!lost.count(id) && 1 + id % 2 == 1) ? 1 : 0;
    EXPECT_EQ(only_a.messages.size(), expected_a);
    ASSERT_TRUE(only_a.damage.has_value());
    ASSERT_EQ(only_a.damage->spans.size(), 2u);
    EXPECT_FALSE(only_a.damage->spans[0].messages.has_value());  // the rows of both topics are counted by id
}

}  // namespace
}  // namespace robometrics::bag
