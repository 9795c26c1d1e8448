#include "robometrics/evaluate/RunInputs.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "TestSupport.hpp"

namespace robometrics::evaluate {

TEST(RunInputs, RunDirectoryFindsTheBagAndTheTruthFiles) {
    auto dir = test::scratchDir("inputs");
    for (const char *f : {"run.mcap", "run.json", "system.csv", "gt_map.yaml", "gt_trajectory.tum", "scenario.json"}) {
        std::ofstream(dir / f) << "x";
    }
    auto inputs = findRunInputs(dir.string());
    ASSERT_TRUE(inputs.ok()) << inputs.message();
    EXPECT_EQ(inputs->bag, (dir / "run.mcap").string());
    EXPECT_EQ(*inputs->run_json, (dir / "run.json").string());
    EXPECT_EQ(*inputs->system_csv, (dir / "system.csv").string());
    EXPECT_EQ(*inputs->gt_map, (dir / "gt_map.yaml").string());
    EXPECT_EQ(*inputs->gt_trajectory, (dir / "gt_trajectory.tum").string());
    EXPECT_EQ(*inputs->scenario_json, (dir / "scenario.json").string());
}

TEST(RunInputs, ABagFileAloneAndARosbag2Directory) {
    auto dir = test::scratchDir("inputs2");
    std::ofstream(dir / "a.mcap") << "x";
    auto file = findRunInputs((dir / "a.mcap").string());
    ASSERT_TRUE(file.ok()) << file.message();
    EXPECT_EQ(file->bag, (dir / "a.mcap").string());
    EXPECT_FALSE(file->gt_map.has_value());
    std::filesystem::create_directories(dir / "bag");
    std::ofstream(dir / "bag" / "metadata.yaml") << "x";
    auto bagdir = findRunInputs((dir / "bag").string());
    ASSERT_TRUE(bagdir.ok()) << bagdir.message();
    EXPECT_EQ(bagdir->bag, (dir / "bag").string());
}

TEST(RunInputs, NoBagOrSeveralBagsAreErrorsNamingThePath) {
    auto empty = test::scratchDir("inputs3");
    auto none = findRunInputs(empty.string());
    ASSERT_FALSE(none.ok());
    EXPECT_NE(none.message().find(empty.string()), std::string::npos);
    std::ofstream(empty / "a.mcap") << "x";
    std::ofstream(empty / "b.mcap") << "x";
    auto two = findRunInputs(empty.string());
    ASSERT_FALSE(two.ok());
    EXPECT_NE(two.message().find("2 bags"), std::string::npos);
    EXPECT_FALSE(findRunInputs("/nonexistent/x").ok());
}

}  // namespace robometrics::evaluate
