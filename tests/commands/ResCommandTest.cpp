#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "TestSupport.hpp"

namespace robometrics {
namespace {

using test::runRobometrics;

/// A results file as `ape --save_results` writes it (docs/ape.md), with hand-computed statistics:
/// errors 1 2 3 4 -> sse 30, rmse sqrt(7.5), mean = median 2.5, std sqrt(1.25).
const char *kOrb = R"json({"n": 4, "rmse": 2.7386127875258306, "mean": 2.5, "median": 2.5, "std": 1.118033988749895,
  "min": 1.0, "max": 4.0, "sse": 30.0, "metric": "ape", "relation": "trans", "unit": "m",
  "format": "robometrics-results", "version": 1,
  "info": {"title": "APE w.r.t. trans (m)", "ref_name": "gt.txt", "est_name": "orb.txt", "label": "orb.txt"},
  "errors": [1, 2, 3, 4], "timestamps": [10, 11, 12, 13], "seconds_from_start": [0, 1, 2, 3]})json";
/// errors 0 0 0 10 -> sse 100, rmse 5, mean 2.5, median 0, std sqrt(18.75).
const char *kVins = R"json({"n": 4, "rmse": 5.0, "mean": 2.5, "median": 0.0, "std": 4.330127018922194,
  "min": 0.0, "max": 10.0, "sse": 100.0, "metric": "ape", "relation": "trans", "unit": "m",
  "format": "robometrics-results", "version": 1,
  "info": {"title": "APE w.r.t. trans (m)", "ref_name": "gt.txt", "est_name": "vins.txt", "label": "vins.txt"},
  "errors": [0, 0, 0, 10], "timestamps": [10, 11, 12, 13], "seconds_from_start": [0, 1, 2, 3]})json";

struct Files {
    std::filesystem::path dir;
    std::string orb, vins;
};

Files results(const std::string &name) {
    Files f{test::scratchDir(name), {}, {}};
    f.orb = (f.dir / "orb.json").string();
    f.vins = (f.dir / "vins.json").string();
    std::ofstream(f.orb) << kOrb;
    std::ofstream(f.vins) << kVins;
    return f;
}

TEST(ResCommand, TableOfTheStatistics) {
    Files f = results("res_table");
    auto r = runRobometrics({"res", f.orb, f.vins});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("orb.txt         4     2.738613     2.500000     2.500000     1.118034     1.000000     "
                         "4.000000    30.000000"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("vins.txt        4     5.000000     2.500000     0.000000     4.330127     0.000000    "
                         "10.000000   100.000000"),
              std::string::npos)
        << r.out;
}

TEST(ResCommand, SaveTableCsvAndJson) {
    Files f = results("res_csv");
    const std::string csv = (f.dir / "table.csv").string();
    auto r = runRobometrics({"res", f.orb, f.vins, "--save_table", csv, "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(test::readFile(csv),
              "name,file,metric,relation,unit,n,rmse,mean,median,std,min,max,sse\n"
              "orb.txt," +
                  f.orb +
                  ",ape,trans,m,4,2.7386127875258306,2.5,2.5,1.118033988749895,1,4,30\n"
                  "vins.txt," +
                  f.vins + ",ape,trans,m,4,5,2.5,0,4.330127018922194,0,10,100\n");
    auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["results"].size(), 2u);
    EXPECT_EQ(j["results"][1]["name"], "vins.txt");
    EXPECT_EQ(j["results"][1]["rmse"], 5.0);
    EXPECT_EQ(j["results"][1]["median"], 0.0);
    EXPECT_EQ(j["results"][0]["sse"], 30.0);
    EXPECT_EQ(j["written"][0], csv);
}

TEST(ResCommand, UseFilenamesAndUniqueNames) {
    Files f = results("res_names");
    auto j = nlohmann::json::parse(runRobometrics({"res", f.orb, f.orb, "--json"}).out);
    EXPECT_EQ(j["results"][0]["name"], "orb.txt");
    EXPECT_EQ(j["results"][1]["name"], "orb.txt_2");
    auto k = nlohmann::json::parse(runRobometrics({"res", f.orb, f.vins, "--use_filenames", "--json"}).out);
    EXPECT_EQ(k["results"][0]["name"], f.orb);
    EXPECT_EQ(k["results"][1]["name"], f.vins);
}

TEST(ResCommand, PlotsPerResult) {
    Files f = results("res_plots");
    const auto out = f.dir / "plots";
    auto r = runRobometrics({"res", f.orb, f.vins, "-p", "-o", out.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    for (const char *stem : {"res_raw", "res_box", "res_stats", "res_histogram", "res_violin"}) {
        const std::string svg = test::readFile(out / (std::string(stem) + ".svg"));
        EXPECT_NE(svg.find(">orb.txt</text>"), std::string::npos) << stem;
        EXPECT_NE(svg.find(">vins.txt</text>"), std::string::npos) << stem;
    }
}

TEST(ResCommand, BadInputIsAnErrorNamingTheFile) {
    Files f = results("res_bad");
    const std::string text = (f.dir / "est.txt").string();
    std::ofstream(text) << "0 0 0 0 0 0 0 1\n";
    auto r = runRobometrics({"res", f.orb, text});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find(text + ": not a results file"), std::string::npos) << r.err;
    EXPECT_EQ(runRobometrics({"res"}).exit_code, 2);
}

TEST(ResCommand, ReadsWhatApeSaves) {
    auto dir = test::scratchDir("res_from_ape");
    const std::string gt = (dir / "gt.txt").string(), est = (dir / "est.txt").string();
    std::ofstream(gt) << "0 0 0 0 0 0 0 1\n1 1 0 0 0 0 0 1\n2 1 1 0 0 0 0 1\n3 0 1 1 0 0 0 1\n";
    // Heights 1 1 2 1 m above the reference: errors 1 1 2 1 -> rmse sqrt(7/4), median 1.
    std::ofstream(est) << "0 0 0 1 0 0 0 1\n1 1 0 1 0 0 0 1\n2 1 1 2 0 0 0 1\n3 0 1 2 0 0 0 1\n";
    const std::string saved = (dir / "ape.json").string();
    auto ape = runRobometrics({"ape", gt, est, "--save_results", saved});
    ASSERT_EQ(ape.exit_code, 0) << ape.err;
    auto r = runRobometrics({"res", saved, "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["results"][0]["name"], "est.txt");
    EXPECT_EQ(j["results"][0]["n"], 4);
    EXPECT_DOUBLE_EQ(j["results"][0]["rmse"].get<double>(), std::sqrt(7.0 / 4.0));
    EXPECT_EQ(j["results"][0]["median"], 1.0);
    EXPECT_EQ(j["results"][0]["unit"], "m");
}

TEST(ResCommand, SavePlotWritesTheFormatTheExtensionNames) {
    Files f = results("res_save_plot");
    ASSERT_EQ(runRobometrics({"res", f.orb, f.vins, "--save_plot", (f.dir / "cmp.png").string()}).exit_code, 0);
    std::uint32_t w = 0, h = 0;
    for (const char *name :
         {"cmp_raw.png", "cmp_box_plot.png", "cmp_stats.png", "cmp_histogram.png", "cmp_violin_histogram.png"})
        EXPECT_TRUE(test::pngSize(f.dir / name, w, h)) << name;
    ASSERT_EQ(runRobometrics({"res", f.orb, f.vins, "--save_plot", (f.dir / "cmp.pdf").string()}).exit_code, 0);
    EXPECT_EQ(test::readFile(f.dir / "cmp.pdf").substr(0, 4), "%PDF");
    auto bad = runRobometrics({"res", f.orb, f.vins, "--save_plot", (f.dir / "cmp.tiff").string()});
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("'.tiff'"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace robometrics
