// AtomicFile / AtomicDirectory: the target appears only on commit(), keeps its earlier content
// until then, and no temporary is left beside it whatever happens.
#include <gtest/gtest.h>

#include <fstream>

#include "TestSupport.hpp"
#include "robometrics/core/AtomicFile.hpp"

namespace robometrics {
namespace {

namespace fs = std::filesystem;

TEST(AtomicFile, TargetAppearsOnlyOnCommitAndTheTemporaryIsHiddenBesideIt) {
    const fs::path dir = test::scratchDir("atomic-commit");
    const std::string target = (dir / "out.csv").string();
    auto file = AtomicFile::create(target);
    ASSERT_TRUE(file.ok()) << file.message();
    const fs::path temp(file->path());
    EXPECT_EQ(temp.parent_path(), dir);
    EXPECT_EQ(temp.filename().string().rfind(".out.csv.tmp-", 0), 0u) << temp;
    std::ofstream(temp, std::ios::binary) << "a,b\n1,2\n";
    EXPECT_FALSE(fs::exists(target));
    ASSERT_TRUE(file->commit().ok());
    EXPECT_EQ(test::readFile(target), "a,b\n1,2\n");
    EXPECT_FALSE(fs::exists(temp));
    EXPECT_EQ(test::countEntries(dir), 1u);
    EXPECT_EQ(file->commit().message(), target + ": already written or discarded");
}

TEST(AtomicFile, WithoutCommitTheEarlierFileIsUntouchedAndNothingIsLeft) {
    const fs::path dir = test::scratchDir("atomic-discard");
    const fs::path target = dir / "run.mcap";
    std::ofstream(target, std::ios::binary) << "earlier";
    {
        auto file = AtomicFile::create(target.string());
        ASSERT_TRUE(file.ok()) << file.message();
        std::ofstream(file->path(), std::ios::binary) << "half a file";
    }  // destroyed without commit()
    EXPECT_EQ(test::readFile(target), "earlier");
    EXPECT_EQ(test::countEntries(dir), 1u);

    auto moved_from = AtomicFile::create(target.string());
    ASSERT_TRUE(moved_from.ok());
    AtomicFile kept = std::move(*moved_from);
    kept.discard();
    EXPECT_EQ(test::countEntries(dir), 1u);
}

// The temporary is opened without truncation (core/AtomicFile.hpp says why): bytes already in it
// stay, which can only be seen by putting some there first.
TEST(AtomicFile, ItsStreamsOpenTheTemporaryWithoutTruncatingIt) {
    const fs::path dir = test::scratchDir("atomic-no-truncate");
    auto file = AtomicFile::create((dir / "out.mcap").string());
    ASSERT_TRUE(file.ok()) << file.message();
    std::ofstream(file->path(), std::ios::binary) << "abcdef";
    std::FILE *stream = file->openStream();
    ASSERT_NE(stream, nullptr);
    EXPECT_EQ(std::fwrite("X", 1, 1, stream), 1u);
    EXPECT_EQ(std::fclose(stream), 0);
    EXPECT_EQ(test::readFile(file->path()), "Xbcdef");
    std::ofstream(file->path(), AtomicFile::kStreamMode) << "YZ";
    EXPECT_EQ(test::readFile(file->path()), "YZcdef");
}

TEST(AtomicFile, ErrorsNameTheTarget) {
    const fs::path dir = test::scratchDir("atomic-errors");
    const std::string missing = (dir / "no-such-folder" / "x.csv").string();
    auto file = AtomicFile::create(missing);
    ASSERT_FALSE(file.ok());
    EXPECT_EQ(file.message(), missing + ": cannot create: No such file or directory");
    EXPECT_EQ(writeFileAtomically("", "x").message(), "no output path given");

    // A folder in the target's place: the rename fails, and the temporary goes with it.
    fs::create_directories(dir / "taken" / "inner");
    Status s = writeFileAtomically((dir / "taken").string(), "x");
    EXPECT_EQ(s.message(), (dir / "taken").string() + ": cannot write: Is a directory");
    EXPECT_EQ(test::countEntries(dir), 1u);
}

TEST(AtomicFile, WriteFileAtomicallyReplacesTheWholeFile) {
    const fs::path dir = test::scratchDir("atomic-write");
    const std::string target = (dir / "summary.json").string();
    ASSERT_TRUE(writeFileAtomically(target, "a much longer first version\n").ok());
    ASSERT_TRUE(writeFileAtomically(target, "{}\n").ok());
    EXPECT_EQ(test::readFile(target), "{}\n");
    EXPECT_EQ(test::countEntries(dir), 1u);
}

TEST(AtomicDirectory, CommitSwapsInTheNewFolderAndDropsTheEarlierOne) {
    const fs::path root = test::scratchDir("atomic-dir");
    const fs::path target = root / "eval";
    fs::create_directories(target / "plots");
    std::ofstream(target / "stale.csv") << "old";
    std::ofstream(target / "plots" / "old.svg") << "old";

    auto dir = AtomicDirectory::create(target.string() + "/");  // a trailing slash names the same folder
    ASSERT_TRUE(dir.ok()) << dir.message();
    EXPECT_EQ(dir->target(), target.string());
    EXPECT_EQ(fs::path(dir->path()).parent_path(), root);
    std::ofstream(fs::path(dir->path()) / "summary.json") << "{}";
    EXPECT_TRUE(fs::exists(target / "stale.csv"));  // untouched until commit
    ASSERT_TRUE(dir->commit().ok());
    EXPECT_EQ(test::countEntries(root), 1u);
    EXPECT_EQ(test::countEntries(target), 1u);
    EXPECT_EQ(test::readFile(target / "summary.json"), "{}");

    auto fresh = AtomicDirectory::create((root / "new").string());
    ASSERT_TRUE(fresh.ok());
    std::ofstream(fs::path(fresh->path()) / "a.txt") << "a";
    ASSERT_TRUE(fresh->commit().ok());
    EXPECT_EQ(test::readFile(root / "new" / "a.txt"), "a");
}

TEST(AtomicDirectory, DiscardLeavesTheEarlierFolderAndAFileTargetIsRefused) {
    const fs::path root = test::scratchDir("atomic-dir-discard");
    fs::create_directories(root / "eval");
    std::ofstream(root / "eval" / "summary.json") << "earlier";
    {
        auto dir = AtomicDirectory::create((root / "eval").string());
        ASSERT_TRUE(dir.ok());
        std::ofstream(fs::path(dir->path()) / "summary.json") << "half";
    }
    EXPECT_EQ(test::readFile(root / "eval" / "summary.json"), "earlier");
    EXPECT_EQ(test::countEntries(root), 1u);

    std::ofstream(root / "file") << "x";
    auto refused = AtomicDirectory::create((root / "file").string());
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.message(), (root / "file").string() + ": exists and is not a folder");
}

}  // namespace
}  // namespace robometrics
