#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "TestSupport.hpp"
#include "robometrics/toolbox/TrajectoryCollection.hpp"

using namespace robometrics;

namespace {

/// Three poses at x = 0, 1, 2 and y = `y` + x^2 / 2 (not on a line, so alignments are defined),
/// at 1 s intervals from `t0`.
std::string line(const std::filesystem::path &dir, const std::string &name, double t0, double y) {
    const std::string path = (dir / name).string();
    std::ofstream out(path);
    for (int i = 0; i < 3; ++i) out << t0 + i << " " << i << " " << y + 0.5 * i * i << " 0 0 0 0 1\n";
    return path;
}

}  // namespace

TEST(TrajectoryCollection, StatisticsTextAndJsonWithUniqueNames) {
    const auto dir = robometrics::test::scratchDir("trajectory_collection_stats");
    toolbox::TrajectoryCollectionOptions o;
    o.inputs = {line(dir, "a.tum", 0, 0), line(dir, "a.tum", 0, 0)};
    std::string text;
    auto out = toolbox::describeTrajectories(o, [&](std::string_view s) { text += s; });
    ASSERT_TRUE(out.ok()) << out.message();
    EXPECT_EQ((*out)["trajectories"][1]["name"], "a_2");
    // Steps (1, 0.5) and (1, 1.5): sqrt(1.25) + sqrt(3.25) m.
    EXPECT_NEAR((*out)["trajectories"][0]["length_m"].get<double>(), std::sqrt(1.25) + std::sqrt(3.25), 1e-12);
    EXPECT_EQ(text.rfind("a\n  3 poses, 2.921 m, 2.000 s, mean speed 1.460 m/s, max 1.803 m/s, 1.00 Hz\n", 0), 0u)
        << text;
}

TEST(TrajectoryCollection, AlignedToTheReferenceAndExported) {
    const auto dir = robometrics::test::scratchDir("trajectory_collection_ref");
    toolbox::TrajectoryCollectionOptions o;
    o.ref = line(dir, "gt.tum", 0, 0);
    o.inputs = {line(dir, "est.tum", 0, 2)};
    o.align = true;
    o.save_tum = true;
    o.json = true;
    o.out_dir = (dir / "out").string();
    std::string text;
    auto out = toolbox::describeTrajectories(o, [&](std::string_view s) { text += s; });
    ASSERT_TRUE(out.ok()) << out.message();
    EXPECT_TRUE(text.empty());  // JSON only
    const auto &est = (*out)["trajectories"][1];
    EXPECT_EQ(est["to_reference"]["matched"], 3);
    EXPECT_EQ(est["to_reference"]["alignment"], "se3");
    EXPECT_NEAR(est["to_reference"]["translation"][1].get<double>(), -2.0, 1e-12);
    EXPECT_EQ((*out)["written"].size(), 2u);  // gt.tum and est.tum
}

TEST(TrajectoryCollection, ErrorsNameTheInput) {
    toolbox::TrajectoryCollectionOptions o;
    o.inputs = {"/nonexistent/x.tum"};
    auto out = toolbox::describeTrajectories(o, [](std::string_view) {});
    ASSERT_FALSE(out.ok());
    EXPECT_EQ(out.message(), "/nonexistent/x.tum: no such file");
}
