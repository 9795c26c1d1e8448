#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "robometrics/evaluate/EvaluationReport.hpp"

namespace robometrics::evaluate {

namespace {

constexpr TimeNs kStart = 1'778'233'420 * kNsPerSecond;  // wall-clock log times
constexpr double kSimStart = 100.0;                      // header stamps: simulated time
constexpr int kSeconds = 1800;

/// A 30-minute run recorded on the wall clock whose header stamps are simulated time.
Evaluation longSimTimeRun() {
    Evaluation e;
    e.inputs.bag = "run.mcap";
    e.start_time = kStart;
    e.end_time = kStart + kSeconds * kNsPerSecond;
    for (int k = 0; k <= kSeconds * 10; ++k) {
        e.clock.observe(kStart + k * (kNsPerSecond / 10), fromSeconds(kSimStart + k * 0.1));
    }
    e.clock.finish();
    e.topics.odometry = "/odom";  // no scan, no IMU
    TraversalResult t;
    for (int s = 0; s <= kSeconds; ++s) {
        traversal::TraversalRow row;
        row.time = kStart + s * kNsPerSecond;
        row.obstacle_clearance = INFINITY;
        row.min_clearance = INFINITY;
        row.current_velocity = 0.5;
        t.rows.push_back(row);
    }
    e.traversal = t;
    slam::Trajectory reference;
    TrajectoryResult tr;
    for (int s = 0; s <= kSeconds; s += 10) {
        reference.positions.emplace_back(s * 0.01, 0, 0);
        tr.addPair(AtePair{kSimStart + s, 0.1, 0.1, {s * 0.01, 0, 0}, {s * 0.01, 0.1, 0}});
    }
    tr.keepReference(reference);
    tr.estimate_source = "run.mcap:/amcl_pose";
    e.trajectory = std::move(tr);
    e.lost = LostResult{"/amcl_pose", {}, {}};
    SystemResult sys;
    sys.samples = {{0.0, 50.0, 1 << 20, std::nullopt, 1, 1}, {1.0, 60.0, 2 << 20, std::nullopt, 1, 1}};
    e.system = sys;
    return e;
}

std::vector<std::string> svgsOf(const std::string &page) {
    std::vector<std::string> out;
    for (std::size_t at = page.find("<svg"); at != std::string::npos; at = page.find("<svg", at + 1)) {
        out.push_back(page.substr(at, page.find("</svg>", at) - at));
    }
    return out;
}

const std::string &svgTitled(const std::vector<std::string> &svgs, const std::string &title) {
    for (const auto &s : svgs) {
        if (s.find(">" + title + "</text>") != std::string::npos) return s;
    }
    throw std::runtime_error("no plot " + title);
}

std::size_t count(const std::string &text, const std::string &what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

TEST(EvaluationReport, EveryPlotHasItsOwnClipIdAndReachesTheEndOfTheRun) {
    const std::string page = renderReport(longSimTimeRun());
    const auto svgs = svgsOf(page);
    ASSERT_GE(svgs.size(), 6u);
    std::set<std::string> ids;
    const std::regex def(R"re(<clipPath id="([^"]+)">)re"), ref(R"re(clip-path="url\(#([^)]+)\)")re");
    for (const auto &svg : svgs) {
        std::smatch m;
        ASSERT_TRUE(std::regex_search(svg, m, def));
        const std::string id = m[1];
        EXPECT_TRUE(ids.insert(id).second) << "clip id shared between plots: " << id;
        for (auto it = std::sregex_iterator(svg.begin(), svg.end(), ref); it != std::sregex_iterator(); ++it) {
            EXPECT_EQ((*it)[1], id);
        }
    }
    // The error plot: header stamps in sim time (100 .. 1900 s) mapped onto the run's axis, 0 .. 1800 s,
    // so the line runs from the left edge of the box (x = 64) to its right edge (64 + 640).
    const std::string &error = svgTitled(svgs, "Absolute position error over time");
    EXPECT_NE(error.find(" d=\"M64.0,"), std::string::npos) << error;
    EXPECT_NE(error.find("L704.0,"), std::string::npos) << error;
    EXPECT_EQ(error.find("-1778"), std::string::npos);
    const std::string &clearance = svgTitled(svgs, "Velocity and roughness");
    EXPECT_NE(clearance.find("L704.0,"), std::string::npos);
}

TEST(EvaluationReport, EveryTimeAxisStatesItsTimeBase) {
    const Evaluation e = longSimTimeRun();
    const std::string page = renderReport(e);
    // Error, clearance, velocity and lost-detector plots share the run's axis: simulated time,
    // the clock the system ran on.
    EXPECT_EQ(count(page, ">time since start [s], simulated time</text>"), 4u);
    EXPECT_EQ(count(page, ">time since `robometrics run` started the command [s]</text>"), 2u);
    EXPECT_EQ(count(page, ">time since start [s]</text>"), 0u);
    EXPECT_NE(page.find("<p>Time base: simulated time: header stamps are sim time"), std::string::npos) << page;
    EXPECT_NE(page.find("run.mcap · 1800.0 s of simulated time (1800.0 s of wall time)"), std::string::npos);
}

TEST(EvaluationReport, EmptyPlotsSayWhyAndTheSectionNamesTheMissingTopics) {
    const std::string page = renderReport(longSimTimeRun());
    EXPECT_NE(page.find(">no laser scan topic in this run</text>"), std::string::npos);
    EXPECT_NE(page.find(">no readings on /amcl_pose</text>"), std::string::npos);
    EXPECT_NE(page.find("Not recorded in this run: laser scan (clearance); IMU (acceleration, smoothness)."),
              std::string::npos);
    EXPECT_NE(page.find(">|a| (latest) (no data)</text>"), std::string::npos);
    EXPECT_NE(page.find(">velocity</text>"), std::string::npos);
}

TEST(EvaluationReport, WithoutGroundTruthTheEstimatedPathsArePlotted) {
    Evaluation e = longSimTimeRun();
    e.trajectory.reset();
    // Odometry in odom and AMCL in map: one panel per frame, never overlaid unaligned.
    e.paths.push_back({"/odom", "odom", {0, 1, 2}, {0, 1, 2}, {0, 0, 1}});
    e.paths.push_back({"/amcl_pose", "map", {0, 2}, {0.1, 2.1}, {0, 1.1}});
    const std::string page = renderReport(e);
    const auto svgs = svgsOf(page);
    const std::string &odom = svgTitled(svgs, "Estimated path in the odom frame (no ground truth given)");
    const std::string &map = svgTitled(svgs, "Estimated path in the map frame (no ground truth given)");
    EXPECT_NE(odom.find(">/odom</text>"), std::string::npos);
    EXPECT_EQ(odom.find(">/amcl_pose</text>"), std::string::npos);
    EXPECT_NE(map.find(">/amcl_pose</text>"), std::string::npos);
    EXPECT_NE(map.find(">x [m]</text>"), std::string::npos);
    EXPECT_NE(page.find("one panel per frame"), std::string::npos);
    EXPECT_EQ(count(odom, "<path "), 1u);

    // Brought into map through TF map -> odom: one panel with both.
    e.paths[0] = {"/odom via TF map->odom", "map", {0, 1, 2}, {0, 1, 2}, {0, 0, 1}};
    e.paths_aligned = true;
    const std::string aligned = renderReport(e);
    const auto aligned_svgs = svgsOf(aligned);
    const std::string &both = svgTitled(aligned_svgs, "Estimated path in the map frame (no ground truth given)");
    EXPECT_EQ(count(both, "<path "), 2u);
    EXPECT_EQ(aligned.find("odom frame"), std::string::npos);
    EXPECT_NE(aligned.find("through the recorded TF map -&gt; odom"), std::string::npos);

    e.paths.clear();
    EXPECT_EQ(renderReport(e).find("Estimated path"), std::string::npos);  // nothing to draw: no section
}

}  // namespace robometrics::evaluate
