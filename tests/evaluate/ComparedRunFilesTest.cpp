#include <gtest/gtest.h>

#include <fstream>

#include "TestSupport.hpp"
#include "robometrics/evaluate/ComparedRunFiles.hpp"

using namespace robometrics;

TEST(ComparedRunFiles, ReadsEachSummaryNamedByItsDirectory) {
    const auto dir = robometrics::test::scratchDir("compared_run_files");
    std::filesystem::create_directories(dir / "run1");
    std::ofstream(dir / "run1" / "summary.json") << R"({"verdict": "pass"})";
    auto runs = evaluate::readComparedRuns({(dir / "run1").string()});
    ASSERT_TRUE(runs.ok()) << runs.message();
    ASSERT_EQ(runs->size(), 1u);
    EXPECT_EQ((*runs)[0].name, (dir / "run1").string());
    EXPECT_EQ((*runs)[0].summary["verdict"], "pass");
}

TEST(ComparedRunFiles, MissingOrMalformedSummaryNamesTheFile) {
    const auto dir = robometrics::test::scratchDir("compared_run_files_bad");
    std::filesystem::create_directories(dir / "bad");
    std::ofstream(dir / "bad" / "summary.json") << "[1, 2]";
    const std::string bad = (dir / "bad" / "summary.json").string();
    EXPECT_EQ(evaluate::readComparedRuns({(dir / "bad").string()}).message(), bad + ": not a JSON object");
    const std::string none = (dir / "none" / "summary.json").string();
    EXPECT_EQ(evaluate::readComparedRuns({(dir / "none").string()}).message(),
              none + ": no such file (run robometrics evaluate first)");
}
