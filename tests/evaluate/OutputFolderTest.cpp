// evaluate's output folder keeps the files evaluate did not write (OutputFolder.hpp), carried
// into the new folder that replaces it.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "TestSupport.hpp"
#include "robometrics/evaluate/EvaluationWriter.hpp"
#include "robometrics/evaluate/OutputFolder.hpp"

namespace robometrics::evaluate {
namespace {

namespace fs = std::filesystem;

std::set<std::string> folderNames(const fs::path &dir) {
    std::set<std::string> names;
    for (const auto &entry : fs::directory_iterator(dir)) names.insert(entry.path().filename().string());
    return names;
}

/// A small evaluation with or without a traversal (traversal.csv written or not).
Evaluation smallEvaluation(bool traversal) {
    Evaluation e;
    e.inputs.bag = "run.mcap";
    e.start_time = 0;
    e.end_time = 10 * kNsPerSecond;
    if (traversal) e.traversal = TraversalResult{};
    return e;
}

TEST(OutputFolder, ARerunReplacesOnlyItsOwnFilesAndKeepsTheUsersFiles) {
    const fs::path dir = test::scratchDir("output-folder-rerun");
    fs::create_directories(dir / "eval" / "mine");
    std::ofstream(dir / "eval" / "notes.txt") << "mine";
    std::ofstream(dir / "eval" / "mine" / "shot.png") << "png";
    fs::create_symlink("notes.txt", dir / "eval" / "latest-notes");
    ASSERT_TRUE(writeEvaluation(smallEvaluation(true), (dir / "eval").string()).ok());
    EXPECT_TRUE(folderNames(dir / "eval").count("traversal.csv"));
    // The second run writes no traversal.csv: the earlier one goes, the user's files stay.
    ASSERT_TRUE(writeEvaluation(smallEvaluation(false), (dir / "eval").string()).ok());
    const std::set<std::string> names = folderNames(dir / "eval");
    EXPECT_FALSE(names.count("traversal.csv"));
    EXPECT_TRUE(names.count("summary.json"));
    EXPECT_TRUE(names.count("report.html"));
    EXPECT_EQ(test::readFile(dir / "eval" / "notes.txt"), "mine");
    EXPECT_EQ(test::readFile(dir / "eval" / "mine" / "shot.png"), "png");
    EXPECT_TRUE(fs::is_symlink(dir / "eval" / "latest-notes"));
    EXPECT_EQ(fs::read_symlink(dir / "eval" / "latest-notes"), "notes.txt");
    EXPECT_EQ(folderNames(dir), std::set<std::string>{"eval"});  // no staging folder left beside it
}

TEST(OutputFolder, AFolderWithAForeignFileOfAnEvaluateNameIsRefused) {
    const fs::path dir = test::scratchDir("output-folder-refuse");
    std::ofstream(dir / "ate.csv") << "mine";
    std::ofstream(dir / "summary.csv") << "mine";
    const Status s = checkOutputFolder(dir.string());
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.message(),
              dir.string() + " holds files evaluate did not write (ate.csv); choose an empty folder or remove them");
    EXPECT_FALSE(writeEvaluation(smallEvaluation(false), dir.string()).ok());
    EXPECT_EQ(test::readFile(dir / "ate.csv"), "mine");
    std::ofstream(dir / "summary.json") << "{}";  // an earlier evaluate output: its files may be replaced
    EXPECT_TRUE(checkOutputFolder(dir.string()).ok());
    EXPECT_TRUE(checkOutputFolder((dir / "new").string()).ok());
}

}  // namespace
}  // namespace robometrics::evaluate
