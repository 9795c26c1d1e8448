#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <cmath>
#include <map>
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

/// Every time chart of the page (report::TimeChart's JSON), by title.
std::map<std::string, nlohmann::json> chartsOf(const std::string &page) {
    std::map<std::string, nlohmann::json> out;
    const std::string open = "<figure class=\"tchart\"><script type=\"application/json\">";
    for (std::size_t at = page.find(open); at != std::string::npos; at = page.find(open, at + 1)) {
        const std::size_t from = at + open.size();
        nlohmann::json j = nlohmann::json::parse(page.substr(from, page.find("</script>", from) - from));
        const std::string title = j.at("title").get<std::string>();
        out[title] = std::move(j);
    }
    return out;
}

const nlohmann::json &chartTitled(const std::map<std::string, nlohmann::json> &charts, const std::string &prefix) {
    for (const auto &[title, j] : charts) {
        if (title.rfind(prefix, 0) == 0) return j;
    }
    throw std::runtime_error("no chart " + prefix);
}

std::size_t count(const std::string &text, const std::string &what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

TEST(EvaluationReport, EveryTimeChartReachesTheEndOfTheRunOnTheRunsAxis) {
    const std::string page = renderReport(longSimTimeRun());
    const auto charts = chartsOf(page);
    // The error: header stamps in sim time (100 .. 1900 s) mapped onto the run's axis, 0 .. 1800 s.
    const auto &error = chartTitled(charts, "Absolute position error over time");
    const auto &xs = error["series"][0]["data"][0];
    EXPECT_EQ(xs.front().get<double>(), 0.0);
    EXPECT_EQ(xs.back().get<double>(), 1800.0);
    const auto &speed = chartTitled(charts, "Speed")["series"][0]["data"][0];
    EXPECT_EQ(speed.back().get<double>(), 1800.0);
    // The SVG plots left (the trajectory) each clip to their own box.
    std::set<std::string> ids;
    const std::regex def(R"re(<clipPath id="([^"]+)">)re");
    for (const auto &svg : svgsOf(page)) {
        std::smatch m;
        ASSERT_TRUE(std::regex_search(svg, m, def));
        EXPECT_TRUE(ids.insert(m[1]).second) << "clip id shared between plots: " << m[1];
    }
}

TEST(EvaluationReport, EveryTimeAxisStatesItsTimeBase) {
    const Evaluation e = longSimTimeRun();
    const std::string page = renderReport(e);
    const auto charts = chartsOf(page);
    // Error, clearance, speed, acceleration, roughness and lost-detector charts share the run's
    // axis: simulated time, the clock the system ran on; CPU and memory are on run's own clock.
    std::map<std::string, int> axes;
    for (const auto &[title, j] : charts) ++axes[j["x"].get<std::string>() + " / " + j["group"].get<std::string>()];
    EXPECT_EQ(axes["time since start [s], simulated time / run"], 6) << page;
    EXPECT_EQ(axes["time since `robometrics run` started the command [s] / command"], 2);
    EXPECT_EQ(axes.size(), 2u);
    EXPECT_NE(page.find("<p>Time base: simulated time: header stamps are sim time"), std::string::npos) << page;
    EXPECT_NE(page.find("run.mcap · 1800.0 s of simulated time (1800.0 s of wall time)"), std::string::npos);
}

TEST(EvaluationReport, EmptyPlotsSayWhyAndTheSectionNamesTheMissingTopics) {
    const std::string page = renderReport(longSimTimeRun());
    const auto charts = chartsOf(page);
    EXPECT_EQ(chartTitled(charts, "Obstacle clearance")["empty"], "no laser scan topic in this run");
    EXPECT_EQ(chartTitled(charts, "Localization")["empty"], "no readings on /amcl_pose");
    EXPECT_EQ(chartTitled(charts, "Horizontal acceleration")["empty"], "no IMU readings in this run");
    EXPECT_NE(page.find("Not recorded in this run: laser scan (clearance); IMU (acceleration, smoothness)."),
              std::string::npos);
    EXPECT_EQ(chartTitled(charts, "Speed")["series"][0]["label"], "speed (window mean of |v|)");
}

TEST(EvaluationReport, SpeedAndAccelerationHaveTheirOwnAxesAndGravityIsNamed) {
    // A stall on a level floor: 0..0.3 m/s, |a| = 9.81 (gravity) with 0.2 m/s^2 horizontal.
    Evaluation e = longSimTimeRun();
    e.topics.imu = "/imu";
    TraversalResult &t = *e.traversal;
    for (std::size_t s = 0; s < t.rows.size(); ++s) {
        t.rows[s].current_velocity = s % 2 ? 0.3 : 0.0;
        t.rows[s].imu_accel_magnitude = std::hypot(0.2, 9.81);
        t.rows[s].vertical_roughness = 9.81;
    }
    t.summary.imu_messages = 10;
    t.summary.max_accel_magnitude = std::hypot(0.2, 9.81);
    const std::string page = renderReport(e);
    const auto charts = chartsOf(page);
    const auto &speed = chartTitled(charts, "Speed");
    ASSERT_EQ(speed["series"].size(), 1u);
    EXPECT_EQ(speed["range"][0].get<double>(), 0.0);
    EXPECT_LT(speed["range"][1].get<double>(), 0.4);  // not stretched to gravity's 9.8
    const auto &acc = chartTitled(charts, "Horizontal acceleration");
    ASSERT_EQ(acc["series"].size(), 1u);
    EXPECT_NEAR(acc["series"][0]["data"][1][0].get<double>(), 0.2, 1e-6);
    EXPECT_NE(page.find("<td>Max |acceleration| (including gravity)</td><td class=\"num\">9.81</td>"),
              std::string::npos);
}

TEST(EvaluationReport, AnomaliesAreMergedLabelledBandsOnEveryRunChart) {
    Evaluation e = longSimTimeRun();
    slam::Anomaly stall;
    stall.code = "stuck";
    stall.time_s = 300;
    stall.end_time_s = 360;
    e.anomalies.push_back(stall);
    slam::Anomaly jump;
    jump.code = "pose_jump";
    for (double t : {1000.0, 1001.0, 1003.0}) {  // three within 18 s (1 % of the run): one band
        jump.time_s = t;
        e.anomalies.push_back(jump);
    }
    slam::Anomaly untimed;
    untimed.code = "no_time";
    e.anomalies.push_back(untimed);
    const auto charts = chartsOf(renderReport(e));
    int run_charts = 0;
    for (const auto &[title, j] : charts) {
        if (j["group"] != "run") {
            EXPECT_TRUE(j["bands"].empty()) << title;  // another clock: no bands
            continue;
        }
        ++run_charts;
        ASSERT_EQ(j["bands"].size(), 2u) << title;
        EXPECT_EQ(j["bands"][0]["label"], "stuck");
        EXPECT_EQ(j["bands"][0]["t0"], 300.0);
        EXPECT_EQ(j["bands"][0]["t1"], 360.0);
        EXPECT_EQ(j["bands"][1]["label"], "pose_jump x3");
        EXPECT_NE(j["bands"][0]["color"], j["bands"][1]["color"]);
    }
    EXPECT_EQ(run_charts, 6);
}

TEST(EvaluationReport, WithoutGroundTruthTheEstimatedPathsArePlotted) {
    Evaluation e = longSimTimeRun();
    e.trajectory.reset();
    // Odometry in odom and AMCL in map: one panel per frame, never overlaid unaligned.
    e.paths.push_back({"/odom", "odom", {0, 1, 2}, {0, 1, 2}, {0, 0, 1}});
    e.paths.push_back({"/amcl_pose", "map", {0, 2}, {0.1, 2.1}, {0, 1.1}});
    const std::string page = renderReport(e);
    const auto svgs = svgsOf(page);
    const std::string &odom = svgTitled(svgs, "Estimated path in the odom frame (not evaluated)");
    const std::string &map = svgTitled(svgs, "Estimated path in the map frame (not evaluated)");
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
    const std::string &both = svgTitled(aligned_svgs, "Estimated path in the map frame (not evaluated)");
    EXPECT_EQ(count(both, "<path "), 2u);
    EXPECT_EQ(aligned.find("odom frame"), std::string::npos);
    EXPECT_NE(aligned.find("through the recorded TF map -&gt; odom"), std::string::npos);

    e.paths.clear();
    EXPECT_EQ(renderReport(e).find("Estimated path"), std::string::npos);  // nothing to draw: no section
}

}  // namespace robometrics::evaluate
