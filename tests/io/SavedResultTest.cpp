#include <gtest/gtest.h>

#include <fstream>

#include "TestSupport.hpp"
#include "robometrics/io/EvoResultZip.hpp"
#include "robometrics/io/SavedResult.hpp"

namespace robometrics::io {
namespace {

std::string write(const std::string &name, const std::string &json) {
    const auto path = (test::scratchDir("saved_result") / name).string();
    std::ofstream(path) << json;
    return path;
}

TEST(SavedResult, ReadsStatisticsInfoAndArrays) {
    const auto path = write("a.json",
                            R"({"n": 2, "rmse": 1.5, "mean": 1.25, "median": 1.25, "std": 0.75, "min": 0.5,
                                "max": 2.0, "sse": 4.25, "metric": "ape", "relation": "trans", "unit": "m",
                                "format": "robometrics-results", "version": 1,
                                "info": {"title": "APE", "ref_name": "gt.txt", "est_name": "run/est.txt", "label": "est.txt"},
                                "errors": [0.5, 2.0], "timestamps": [10, 11], "seconds_from_start": [0, 1]})");
    auto r = readSavedResult(path);
    ASSERT_TRUE(r) << r.message();
    EXPECT_EQ(r->stats.n, 2u);
    EXPECT_EQ(r->stats.rmse, 1.5);
    EXPECT_EQ(r->stats.sse, 4.25);
    EXPECT_EQ(r->metric, "ape");
    EXPECT_EQ(r->unit, "m");
    EXPECT_EQ(r->label, "est.txt");
    EXPECT_EQ(r->est_name, "run/est.txt");
    EXPECT_EQ(r->errors, (std::vector<double>{0.5, 2.0}));
    EXPECT_EQ(r->seconds_from_start, (std::vector<double>{0, 1}));
}

TEST(SavedResult, ErrorsNameTheFileAndField) {
    auto missing = readSavedResult(write("b.json", R"({"n": 1, "rmse": 1, "mean": 1, "median": 1, "std": 0,
                                                      "min": 1, "max": 1, "sse": 1})"));
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.message().find("b.json: missing field 'errors'"), std::string::npos) << missing.message();
    auto bad = readSavedResult(write("c.json", R"({"n": 1, "rmse": "x"})"));
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.message().find("c.json: field 'rmse' is not a number"), std::string::npos) << bad.message();
    auto text = readSavedResult(write("d.json", "0 0 0 0 0 0 0 1\n"));
    ASSERT_FALSE(text);
    EXPECT_NE(text.message().find("not a results file"), std::string::npos);
    EXPECT_FALSE(readSavedResult("/nonexistent/e.json"));
}

TEST(SavedResult, ReadsEvosZipWhateverItsName) {
    // evo's keys only: the metric from the title, the relation from "w.r.t.", the unit from the
    // label; n is the number of errors (stats.json has none).
    EvoResultZip zip;
    zip.info = {{"title", "RPE w.r.t. translation part (m)\nfor delta = 1 (frames)"},
                {"ref_name", "gt.txt"},
                {"est_name", "run/orb.txt"},
                {"label", "RPE (m)"}};
    zip.stats = {{"rmse", 1.5}, {"mean", 1.25}, {"median", 1.25}, {"std", 0.75},
                 {"min", 0.5},  {"max", 2.0},   {"sse", 4.25}};
    zip.arrays.emplace_back("error_array", NpyArray{{2}, {0.5, 2.0}});
    zip.arrays.emplace_back("seconds_from_start", NpyArray{{2}, {0.0, 0.1}});
    const auto path = (test::scratchDir("saved_result") / "evo_result.json").string();  // the name does not matter
    ASSERT_TRUE(writeEvoResultZip(path, zip).ok());
    auto r = readSavedResult(path);
    ASSERT_TRUE(r) << r.message();
    EXPECT_EQ(r->stats.n, 2u);
    EXPECT_EQ(r->stats.sse, 4.25);
    EXPECT_EQ(r->metric, "rpe");
    EXPECT_EQ(r->relation, "translation part");
    EXPECT_EQ(r->unit, "m");
    EXPECT_EQ(r->label, "") << "evo's label is an axis label, not a name";
    EXPECT_EQ(r->est_name, "run/orb.txt");
    EXPECT_EQ(r->errors, (std::vector<double>{0.5, 2.0}));
    EXPECT_EQ(r->seconds_from_start, (std::vector<double>{0.0, 0.1}));
    // A missing statistic names the member.
    zip.stats.erase("sse");
    ASSERT_TRUE(writeEvoResultZip(path, zip).ok());
    auto bad = readSavedResult(path);
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.message().find("evo_result.json: stats.json: missing field 'sse'"), std::string::npos)
        << bad.message();
}

}  // namespace
}  // namespace robometrics::io
