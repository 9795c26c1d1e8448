// openBag with ReadOptions::recover on rosbag2 sqlite3 files a recorder left behind: a .db3 cut
// short (rows read until sqlite meets the cut), a -wal file beside it, and one damaged file of a
// split bag (the other files are read whole). Samples: rosbag2's wbag test bag in tests/data.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "RecoveringRead.hpp"
#include "TestSupport.hpp"
#include "robometrics/bag/MessageSource.hpp"

namespace robometrics::bag {
namespace {

namespace fs = std::filesystem;

const char *kRecoverWbag = "bags/rosbag2/rosbag2_py/test/resources/sqlite3/wbag";

void copyCut(const fs::path &from, const fs::path &to, std::uintmax_t length) {
    const std::string bytes = test::readFile(from);
    std::ofstream(to, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(length));
}

TEST(SqliteRecover, ACutFileGivesAPrefixOfItsRowsAndSaysItWasCut) {
    ROBOMETRICS_REQUIRE_DATA(dir, kRecoverWbag);
    const fs::path scratch = test::scratchDir("sqlite-recover");
    const test::RecoveringRead whole = test::readToTheEnd(dir / "wbag_0.db3", false);
    ASSERT_EQ(whole.error, "");
    ASSERT_FALSE(whole.messages.empty());
    for (std::uintmax_t length : {std::uintmax_t{45056}, std::uintmax_t{86016}, std::uintmax_t{90000}}) {
        SCOPED_TRACE(length);
        const fs::path cut = scratch / "cut.db3";
        copyCut(dir / "wbag_0.db3", cut, length);
        const test::RecoveringRead read = test::readToTheEnd(cut, true);
        EXPECT_EQ(read.error, "");
        ASSERT_LE(read.messages.size(), whole.messages.size());
        for (std::size_t i = 0; i < read.messages.size(); ++i) EXPECT_EQ(read.messages[i], whole.messages[i]) << i;
        ASSERT_TRUE(read.damage.has_value());
        EXPECT_EQ(read.damage->file, cut.string());
        EXPECT_TRUE(read.damage->truncated) << read.damage->description;
        EXPECT_NE(read.damage->description.find("the file ends at byte " + std::to_string(length)), std::string::npos)
            << read.damage->description;
        EXPECT_EQ(read.damage->messages_read, read.messages.size());

        const test::RecoveringRead strict = test::readToTheEnd(cut, false);
        EXPECT_NE(strict.error.find("cut.db3: truncated: the file ends at byte"), std::string::npos) << strict.error;
    }
}

TEST(SqliteRecover, RowsLeftInAWalFileAreNamedAsLost) {
    ROBOMETRICS_REQUIRE_DATA(dir, kRecoverWbag);
    const fs::path scratch = test::scratchDir("sqlite-recover-wal");
    fs::copy_file(dir / "wbag_1.db3", scratch / "run.db3");
    std::ofstream(scratch / "run.db3-wal", std::ios::binary) << std::string(32, 'w');
    const test::RecoveringRead read = test::readToTheEnd(scratch / "run.db3", true);
    EXPECT_EQ(read.messages.size(), test::readToTheEnd(dir / "wbag_1.db3", false).messages.size());
    ASSERT_TRUE(read.damage.has_value());
    EXPECT_NE(read.damage->description.find("a -wal file of 32 bytes"), std::string::npos) << read.damage->description;
}

TEST(SqliteRecover, ACutFileOfASplitBagLeavesTheOtherFilesWhole) {
    ROBOMETRICS_REQUIRE_DATA(dir, kRecoverWbag);
    const fs::path bag = test::scratchDir("sqlite-recover-split") / "wbag";
    fs::create_directories(bag);
    std::size_t others = 0;
    for (int i = 0; i < 5; ++i) {
        const std::string name = "wbag_" + std::to_string(i) + ".db3";
        if (i == 2) {
            copyCut(dir / name, bag / name, 20000);
        } else {
            fs::copy_file(dir / name, bag / name);
            others += test::readToTheEnd(dir / name, false).messages.size();
        }
    }
    fs::copy_file(dir / "metadata.yaml", bag / "metadata.yaml");
    const test::RecoveringRead read = test::readToTheEnd(bag, true);
    EXPECT_EQ(read.error, "");
    EXPECT_GE(read.messages.size(), others);
    ASSERT_TRUE(read.damage.has_value());
    EXPECT_EQ(read.damage->file, (bag / "wbag_2.db3").string());
    EXPECT_NE(test::readToTheEnd(bag, false).error.find("wbag_2.db3"), std::string::npos);
}

// A split bag whose metadata.yaml lists files that are not there (a copy that stopped half way):
// a recovering read gives every message of the files present and one lost span per missing file;
// a strict read refuses the bag naming the first missing file. Version 4 metadata has no `files:`
// entries, so the spans' times and counts are unknown; with version 5 entries they are the entry's.
TEST(SqliteRecover, AMissingFileOfASplitBagLosesOnlyItself) {
    ROBOMETRICS_REQUIRE_DATA(dir, kRecoverWbag);
    const fs::path bag = test::scratchDir("sqlite-recover-missing") / "wbag";
    fs::create_directories(bag);
    std::size_t present = 0;
    for (int i : {0, 3}) {
        const std::string name = "wbag_" + std::to_string(i) + ".db3";
        fs::copy_file(dir / name, bag / name);
        present += test::readToTheEnd(dir / name, false).messages.size();
    }
    fs::copy_file(dir / "metadata.yaml", bag / "metadata.yaml");
    const test::RecoveringRead read = test::readToTheEnd(bag, true);
    EXPECT_EQ(read.error, "");
    EXPECT_EQ(read.messages.size(), present);
    ASSERT_TRUE(read.damage.has_value());
    EXPECT_TRUE(read.damage->read_to_end);
    ASSERT_EQ(read.damage->spans.size(), 3u);
    std::vector<std::string> files;
    for (const LostSpan &span : read.damage->spans) {
        files.push_back(span.file);
        EXPECT_EQ(span.reason, "the file is missing");
        EXPECT_FALSE(span.start_time.has_value());
        EXPECT_FALSE(span.messages.has_value());
    }
    EXPECT_EQ(files, (std::vector<std::string>{"wbag_1.db3", "wbag_2.db3", "wbag_4.db3"}));
    EXPECT_EQ(read.damage->other_damaged_files, 2);

    // With a `files:` entry (metadata version 5 and later) the span is the entry's.
    std::ofstream(bag / "metadata.yaml", std::ios::app)
        << "\n  files:\n    - path: wbag_1.db3\n      starting_time:\n        nanoseconds_since_epoch: 2700\n"
           "      duration:\n        nanoseconds: 50\n      message_count: 7\n";
    const test::RecoveringRead with_entry = test::readToTheEnd(bag, true);
    ASSERT_TRUE(with_entry.damage.has_value());
    ASSERT_EQ(with_entry.damage->spans.size(), 3u);
    EXPECT_EQ(with_entry.damage->spans[0].start_time, TimeNs{2700});
    EXPECT_EQ(with_entry.damage->spans[0].end_time, TimeNs{2750});
    EXPECT_EQ(with_entry.damage->spans[0].messages, std::uint64_t{7});

    const std::string strict = test::readToTheEnd(bag, false).error;
    EXPECT_EQ(strict, (bag / "metadata.yaml").string() +
                          ": relative_file_paths names 'wbag_1.db3', which exists neither in the bag directory "
                          "nor in its parent");
}

// Cut inside its first page, a .db3 does not open: with nothing readable, an error even when
// recovering, and one that says the file was cut.
TEST(SqliteRecover, AFileCutInsideItsSchemaIsAnError) {
    ROBOMETRICS_REQUIRE_DATA(dir, kRecoverWbag);
    const fs::path cut = test::scratchDir("sqlite-recover-schema") / "cut.db3";
    for (std::uintmax_t length : {std::uintmax_t{4096}}) {
        copyCut(dir / "wbag_0.db3", cut, length);
        for (bool recover : {true, false}) {
            const std::string error = test::readToTheEnd(cut, recover).error;
            EXPECT_NE(error.find(cut.string() + ": truncated: the file ends at byte " + std::to_string(length)),
                      std::string::npos)
                << error;
        }
    }
}

}  // namespace
}  // namespace robometrics::bag
