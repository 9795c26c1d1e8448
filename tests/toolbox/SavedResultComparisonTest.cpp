#include <gtest/gtest.h>

#include <fstream>

#include "TestSupport.hpp"
#include "robometrics/toolbox/SavedResultComparison.hpp"

using namespace robometrics;

namespace {

std::string resultFile(const std::filesystem::path &dir, const std::string &name, const std::string &relation,
                       double rmse) {
    const std::string path = (dir / name).string();
    std::ofstream(path) << R"({"n": 2, "rmse": )" << rmse
                        << R"(, "mean": 1, "median": 1, "std": 0, "min": 1, "max": 1, "sse": 2, "metric": "ape", )"
                        << R"("relation": ")" << relation << R"(", "unit": "m", "errors": [1, 1],)"
                        << R"( "info": {"title": "t", "est_name": "e.txt", "label": "e.txt"}})";
    return path;
}

}  // namespace

TEST(SavedResultComparison, NamesAsEvoWithSuffixesForRepeats) {
    std::vector<io::SavedResult> results(3);
    results[0].label = "est.txt";
    results[1].label = "est.txt";
    results[2].path = "runs/other.json";
    EXPECT_EQ(toolbox::savedResultNames(results, false), (std::vector<std::string>{"est.txt", "est.txt_2", "other"}));
    EXPECT_EQ(toolbox::savedResultNames(results, true), (std::vector<std::string>{"", "_2", "runs/other.json"}));
}

TEST(SavedResultComparison, TableAndWarningAboutDifferentRelations) {
    const auto dir = robometrics::test::scratchDir("saved_result_comparison");
    toolbox::SavedResultComparisonOptions o;
    o.files = {resultFile(dir, "a.json", "trans", 1.0), resultFile(dir, "b.json", "full", 1.25)};
    o.table = (dir / "table.csv").string();
    std::vector<std::string> warnings;
    auto text = toolbox::compareSavedResults(o, [&](const std::string &w) { warnings.push_back(w); });
    ASSERT_TRUE(text.ok()) << text.message();
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("holds ape trans [m]"), std::string::npos) << warnings[0];
    EXPECT_NE(text->find("e.txt_2        2     1.250000"), std::string::npos) << *text;
    EXPECT_NE(text->find("wrote " + o.table + "\n"), std::string::npos);
    EXPECT_NE(robometrics::test::readFile(o.table).find(",ape,full,m,2,1.25,1,1,0,1,1,2\n"), std::string::npos);
}
