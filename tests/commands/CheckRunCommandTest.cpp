// `robometrics check` with the per-message rules (min_valid_share, forbid_sensor_silent) and the
// run: section (evaluate's limits, forbidden anomaly codes) on a recording whose faults are
// planted by construction, so that every failing rule and its time is known beforehand.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>

#include "TestSupport.hpp"
#include "robometrics/bag/TypedWriter.hpp"

namespace robometrics::test {
namespace {

namespace fs = std::filesystem;

constexpr TimeNs kDriveStart = 1'700'000'000 * kNsPerSecond;  // a wall-clock recording

/// The robot's x at `s` seconds: 0.5 m/s, 0.8 m/s from 10 to 11 s, standing from 45 s.
double driveX(double s) {
    if (s < 10) return 0.5 * s;
    if (s < 11) return 5 + 0.8 * (s - 10);
    return 5.8 + 0.5 * (std::min(s, 45.0) - 11);
}

/// 60 s, every 10 ms in time order:
/// - /odom 20 Hz along x (driveX), stamps = log times;
/// - /scan 10 Hz, 10 ranges (range_min 0.12 m, range_max 10 m) of 1 m; from 20.0 to 22.9 s 6 of
///   the 10 are no return (0.0, NaN, +inf, -inf, 0.05 below range_min, 11 above range_max); from
///   30.0 to 30.5 s every range is 0.15 m (a contact);
/// - /imu 100 Hz, silent from 40 to 43 s (driving) and from 48 to 51.5 s (standing).
void writeDriveBag(const fs::path &path) {
    auto writer = bag::TypedWriter::open(path.string());
    ASSERT_TRUE(writer.ok()) << writer.message();
    const float inf = std::numeric_limits<float>::infinity();
    for (int k = 0; k <= 6000; ++k) {
        const TimeNs t = kDriveStart + k * 10 * kMs;
        const double s = k / 100.0;
        if (!((k > 4000 && k < 4300) || (k > 4800 && k < 5150))) {
            msgs::Imu imu;
            imu.header.stamp = msgs::Time::fromNs(t);
            imu.header.frame_id = "imu_link";
            imu.orientation.w = 1;
            ASSERT_TRUE(writer->write("/imu", imu, t).ok());
        }
        if (k % 5 == 0) {
            msgs::Odometry odom;
            odom.header.stamp = msgs::Time::fromNs(t);
            odom.header.frame_id = "odom";
            odom.child_frame_id = "base_link";
            odom.pose.pose.position.x = driveX(s);
            odom.pose.pose.orientation.w = 1;
            ASSERT_TRUE(writer->write("/odom", odom, t).ok());
        }
        if (k % 10 == 0) {
            const int i = k / 10;
            msgs::LaserScan scan;
            scan.header.stamp = msgs::Time::fromNs(t);
            scan.header.frame_id = "base_scan";
            scan.range_min = 0.12F;
            scan.range_max = 10;
            scan.ranges.assign(10, 1.0F);
            if (i >= 200 && i < 230) {
                const float none[] = {0.0F, std::nanf(""), inf, -inf, 0.05F, 11.0F};
                std::copy(std::begin(none), std::end(none), scan.ranges.begin());
            }
            if (i >= 300 && i <= 305) scan.ranges.assign(10, 0.15F);
            ASSERT_TRUE(writer->write("/scan", scan, t).ok());
        }
    }
    ASSERT_TRUE(writer->close().ok());
}

const char *kDriveSpec =
    "topics:\n"                                           // 1
    "  /scan:\n"                                          // 2
    "    min_valid_share: 0.5\n"                          // 3
    "  /imu:\n"                                           // 4
    "    forbid_sensor_silent: true\n"                    // 5
    "  /odom:\n"                                          // 6
    "    forbid_sensor_silent: true\n"                    // 7
    "run:\n"                                              // 8
    "  collision_threshold: 0.2\n"                        // 9
    "  min_safe_clearance: 0.5\n"                         // 10
    "  max_speed_mps: {value: 0.6, severity: warning}\n"  // 11
    "  forbid: {collision: error, stuck: warning}\n";     // 12

/// A folder with spec.yaml (kDriveSpec) and drive.mcap (writeDriveBag).
fs::path driveFixture(const std::string &name) {
    const fs::path dir = scratchDir(name);
    std::ofstream(dir / "spec.yaml") << kDriveSpec;
    writeDriveBag(dir / "drive.mcap");
    return dir;
}

const std::string kCollision =
    "collision on /scan from 30.00 s to 30.50 s: smallest valid range 0.15 m, below the collision threshold 0.20 m "
    "(6 scans)";

TEST(CheckRunCommand, PlantedFaultsAreExactlyTheFailingRulesWithTheirTimes) {
    const fs::path dir = driveFixture("check_run_planted");
    const std::string bag = (dir / "drive.mcap").string();
    CommandResult r = runRobometrics({"check", (dir / "spec.yaml").string(), bag});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.err, "");
    std::vector<std::string> lines;
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    ASSERT_EQ(lines.size(), 8u) << r.out;
    EXPECT_EQ(lines[0], bag +
                            ": error: /scan: min_valid_share 0.5: worst second 40 % valid, scans from 20 s to 20.9 s "
                            "(97 % of 6010 ranges in all)");
    EXPECT_EQ(lines[1], bag +
                            ": error: /imu: forbid_sensor_silent: silent 3 s from 40 s to 43 s, the robot moving "
                            "for 3 s of it (motion from /odom)");
    EXPECT_EQ(lines[2], bag + ": error: run: collision_threshold 0.2 m: " + kCollision);
    EXPECT_EQ(lines[3], bag +
                            ": error: run: min_safe_clearance 0.5 m: closest valid reading 0.15 m on /scan at 30 s; "
                            "first below 0.5 m at 30 s on /scan");
    // The fastest step is one of the 0.8 m/s steps between 10 and 11 s.
    EXPECT_EQ(lines[4].rfind(bag + ": warning: run: max_speed_mps 0.6 m/s: fastest 0.8 m/s at 1", 0), 0u) << lines[4];
    EXPECT_EQ(lines[5], bag + ": error: run: forbid collision: " + kCollision);
    EXPECT_EQ(lines[6], bag +
                            ": warning: run: forbid stuck: not checked: no velocity command topic (cmd_vel): nothing "
                            "says when the robot was told to drive");
    EXPECT_EQ(lines[7], bag + ": FAIL (11 rules: 4 held, 5 errors, 2 warnings)");
}

TEST(CheckRunCommand, JsonJunitAndGithubCarryTheNewRules) {
    const fs::path dir = driveFixture("check_run_outputs");
    const std::string spec = (dir / "spec.yaml").string(), bag = (dir / "drive.mcap").string();
    const fs::path xml_path = dir / "check.xml";
    CommandResult r = runRobometrics({"check", spec, bag, "--json", "--junit", xml_path.string()});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    std::map<std::string, nlohmann::json> by;
    for (const nlohmann::json &rule : j["recordings"][0]["rules"])
        by[rule["topic"].get<std::string>() + " " + rule["rule"].get<std::string>() + " " +
           rule["limit"].get<std::string>()] = rule;
    const nlohmann::json &share = by.at("/scan min_valid_share 0.5");
    EXPECT_DOUBLE_EQ(share["value"].get<double>(), 0.4);
    EXPECT_DOUBLE_EQ(share["from_s"].get<double>(), 20.0);
    EXPECT_DOUBLE_EQ(share["to_s"].get<double>(), 20.9);
    EXPECT_EQ(share["spec_line"], 3);
    const nlohmann::json &silent = by.at("/imu forbid_sensor_silent ");
    EXPECT_DOUBLE_EQ(silent["value"].get<double>(), 3.0);
    EXPECT_DOUBLE_EQ(silent["from_s"].get<double>(), 40.0);
    EXPECT_DOUBLE_EQ(silent["to_s"].get<double>(), 43.0);
    EXPECT_EQ(by.at("/odom forbid_sensor_silent ")["passed"], true);
    const nlohmann::json &collision = by.at("run collision_threshold 0.2 m");
    EXPECT_EQ(collision["passed"], false);
    EXPECT_EQ(collision["value"], 1.0);  // one contact
    EXPECT_DOUBLE_EQ(collision["from_s"].get<double>(), 30.0);
    EXPECT_DOUBLE_EQ(collision["to_s"].get<double>(), 30.5);
    EXPECT_EQ(collision["spec_line"], 9);
    const nlohmann::json &clearance = by.at("run min_safe_clearance 0.5 m");
    EXPECT_NEAR(clearance["value"].get<double>(), 0.15, 1e-6);
    EXPECT_DOUBLE_EQ(clearance["from_s"].get<double>(), 30.0);
    const nlohmann::json &speed = by.at("run max_speed_mps 0.6 m/s");
    EXPECT_EQ(speed["severity"], "warning");
    EXPECT_NEAR(speed["value"].get<double>(), 0.8, 1e-6);
    EXPECT_GT(speed["from_s"].get<double>(), 10.0);
    EXPECT_LE(speed["from_s"].get<double>(), 11.0);
    EXPECT_EQ(by.at("run forbid stuck")["severity"], "warning");
    EXPECT_EQ(by.at("run forbid stuck")["spec_line"], 12);
    EXPECT_EQ(j["recordings"][0]["errors_failed"], 5);
    EXPECT_EQ(j["recordings"][0]["warnings_failed"], 2);

    const std::string xml = readFile(xml_path);
    EXPECT_NE(xml.find("<testsuite name=\"" + bag + "\" tests=\"11\" failures=\"5\" errors=\"0\" skipped=\"0\" time=\""),
              std::string::npos)
        << xml;
    EXPECT_NE(xml.find("<testcase name=\"run: collision_threshold 0.2 m\" classname=\"" + bag + "\" file=\"" + spec +
                       "\" line=\"9\">\n      <failure message=\"" + kCollision + "\" type=\"collision_threshold\">"),
              std::string::npos)
        << xml;
    EXPECT_NE(xml.find("<testcase name=\"/imu: forbid_sensor_silent\" classname=\"" + bag + "\" file=\"" + spec +
                       "\" line=\"5\">\n      <failure message=\"silent 3 s from 40 s to 43 s, the robot moving for "
                       "3 s of it (motion from /odom)\" type=\"forbid_sensor_silent\">"),
              std::string::npos)
        << xml;
    EXPECT_NE(xml.find("<testcase name=\"run: forbid stuck\" classname=\"" + bag + "\" file=\"" + spec +
                       "\" line=\"12\">\n      <system-out>warning: measured: not checked:"),
              std::string::npos)
        << xml;

    r = runRobometrics({"check", spec, bag, "--format", "github"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.out.find("::error file=" + spec + ",line=3,title=" + bag +
                         " /scan%3A min_valid_share 0.5::/scan: min_valid_share 0.5: worst second 40 %25 valid, scans "
                         "from 20 s to 20.9 s (97 %25 of 6010 ranges in all)\n"),  // GitHub's escape of %
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("::error file=" + spec + ",line=9,title=" + bag +
                         " run%3A collision_threshold 0.2 m::run: collision_threshold 0.2 m: " + kCollision + "\n"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("::warning file=" + spec + ",line=11,title=" + bag + " run%3A max_speed_mps 0.6 m/s::"),
              std::string::npos)
        << r.out;
}

TEST(CheckRunCommand, InitWritesThePerMessageRulesTheRecordingPasses) {
    const fs::path dir = driveFixture("check_run_init");
    const std::string bag = (dir / "drive.mcap").string();
    CommandResult init = runRobometrics({"check", "--init", bag});
    ASSERT_EQ(init.exit_code, 0) << init.err;
    // 40 % in the worst second, less 5 points; the IMU's silence while driving is left commented.
    EXPECT_NE(init.out.find("    min_valid_share: 0.35  # worst second 40.0 % valid from 20.000 s, 97.0 % in all\n"),
              std::string::npos)
        << init.out;
    EXPECT_NE(init.out.find("    # forbid_sensor_silent: true  # fails here: silent 3 s from 40 s to 43 s, the robot "
                            "moving for 3 s of it (motion from /odom)\n"),
              std::string::npos)
        << init.out;
    EXPECT_NE(init.out.find("    forbid_sensor_silent: true  # no silence of 2 s or more while moving (motion from "
                            "/odom)\n"),
              std::string::npos)
        << init.out;
    EXPECT_NE(init.out.find("\n# run:\n#   collision_threshold: 0.2"), std::string::npos) << init.out;
    const fs::path spec = dir / "init.yaml";
    std::ofstream(spec) << init.out;
    CommandResult check = runRobometrics({"check", spec.string(), bag});
    EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
    // The skeleton uncommented is a valid spec too.
    std::string uncommented = init.out;
    const std::size_t run = uncommented.find("\n# run:");
    ASSERT_NE(run, std::string::npos);
    uncommented.replace(run, 3, "\n");
    for (std::size_t at; (at = uncommented.find("\n#   ", run)) != std::string::npos;)
        uncommented.replace(at, 5, "\n  ");
    std::ofstream(dir / "run.yaml") << uncommented;
    check = runRobometrics({"check", (dir / "run.yaml").string(), bag});
    EXPECT_EQ(check.exit_code, 1) << check.out << check.err;
    EXPECT_NE(check.out.find(": error: run: collision_threshold 0.2 m: " + kCollision), std::string::npos) << check.out;
}

TEST(CheckRunCommand, ABrokenRunSectionIsRefusedBeforeAnyRecordingIsRead) {
    const fs::path dir = scratchDir("check_run_bad_spec");
    const std::string absent = (dir / "absent.mcap").string();
    std::ofstream(dir / "spec.yaml") << "topics:\n  /scan:\nrun:\n  min_safe_clearance: -0.3\n";
    CommandResult r = runRobometrics({"check", (dir / "spec.yaml").string(), absent});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "robometrics check: error: " + (dir / "spec.yaml").string() +
                         ":4: run.min_safe_clearance: must be at least 0, got '-0.3'\n");
    EXPECT_EQ(r.out, "");
    std::ofstream(dir / "code.yaml") << "run:\n  forbid: [colission]\n";
    r = runRobometrics({"check", (dir / "code.yaml").string(), absent});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "robometrics check: error: " + (dir / "code.yaml").string() +
                         ":2: run.forbid: unknown anomaly code 'colission'; did you mean 'collision'?\n");
}

TEST(CheckRunCommand, TwoRecordingsEvaluatedSideBySideGetTheSameRules) {
    const fs::path dir = driveFixture("check_run_jobs");
    fs::copy_file(dir / "drive.mcap", dir / "again.mcap");
    const std::string spec = (dir / "spec.yaml").string();
    CommandResult one = runRobometrics({"check", spec, (dir / "drive.mcap").string(), "--json"});
    CommandResult two = runRobometrics(
        {"check", spec, (dir / "drive.mcap").string(), (dir / "again.mcap").string(), "-j", "2", "--json"});
    EXPECT_EQ(two.exit_code, 1) << two.err;
    const nlohmann::json alone = nlohmann::json::parse(one.out), both = nlohmann::json::parse(two.out);
    ASSERT_EQ(both["recordings"].size(), 2u);
    EXPECT_EQ(both["recordings"][0]["rules"], alone["recordings"][0]["rules"]);
    EXPECT_EQ(both["recordings"][1]["rules"], alone["recordings"][0]["rules"]);
}

TEST(CheckRunCommand, ARunThatCannotBeEvaluatedFailsOneRuleAndKeepsTheTopicRules) {
    const fs::path dir = scratchDir("check_run_unevaluable");
    const fs::path run = dir / "run";
    fs::create_directories(run);
    writeDriveBag(run / "drive.mcap");
    std::ofstream(run / "gt_trajectory.tum") << "not a trajectory\n";  // evaluate refuses it
    std::ofstream(dir / "spec.yaml") << "topics:\n  /scan:\n    min_valid_share: 0.3\nrun:\n  forbid: [drift]\n";
    CommandResult r = runRobometrics({"check", (dir / "spec.yaml").string(), run.string()});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.out, run.string() +
                         ": error: run: evaluate: could not be evaluated: " + (run / "gt_trajectory.tum").string() +
                         ":1: 'not' is not a finite number\n" + run.string() + ": FAIL (3 rules: 2 held, 1 error)\n");
}

TEST(CheckRunCommand, TheRosbagsSampleReadsTheSameFromMcapAndSqlite) {
    // rosbags-rs' test bag (Apache-2.0), written twice: each LaserScan holds the ranges 1-5 m
    // within [0.1, 10] m, so every range is valid; two scans 9.4 s apart, one per window.
    ROBOMETRICS_REQUIRE_DATA(mcap, "bags/rosbags-rs/test_bag_mcap/test_bag_mcap.mcap");
    ROBOMETRICS_REQUIRE_DATA(db3, "bags/rosbags-rs/test_bag_sqlite3/test_bag_sqlite3.db3");
    const fs::path dir = scratchDir("check_run_rosbags");
    std::ofstream(dir / "spec.yaml") << "topics:\n  /test/sensor_msgs/laser_scan:\n    min_valid_share: 1\n"
                                        "run:\n  min_safe_clearance: 1\n  forbid: [collision]\n";
    for (const fs::path &bag : {mcap, db3}) {
        SCOPED_TRACE(bag.string());
        CommandResult r = runRobometrics({"check", (dir / "spec.yaml").string(), bag.string(), "--json"});
        EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
        const nlohmann::json rules = nlohmann::json::parse(r.out)["recordings"][0]["rules"];
        ASSERT_EQ(rules.size(), 4u) << rules.dump(1);
        EXPECT_EQ(rules[1]["measured"], "worst second 100 % valid, one scan at 4.7 s (100 % of 10 ranges in all)");
        EXPECT_EQ(rules[2]["measured"], "closest valid reading 1 m on /test/sensor_msgs/laser_scan at 4.7 s");
        EXPECT_EQ(rules[3]["measured"], "none");
    }
}

TEST(CheckRunCommand, TheForbiddenCodesAreTheAnomaliesEvaluateDocuments) {
    // The codes evaluate's page lists in its table of anomalies, in order.
    std::ifstream page(bundledDataDir().parent_path().parent_path() / "docs" / "evaluate.md");
    ASSERT_TRUE(page) << "docs/evaluate.md";
    std::vector<std::string> documented;
    bool in_table = false;
    for (std::string line; std::getline(page, line);) {
        if (line.rfind("| anomaly | rule |", 0) == 0)
            in_table = true;
        else if (in_table && line.rfind("| `", 0) != 0 && line.rfind("|---", 0) != 0)
            in_table = false;
        if (in_table && line.rfind("| `", 0) == 0) documented.push_back(line.substr(3, line.find('`', 3) - 3));
    }
    ASSERT_GE(documented.size(), 10u);
    std::string listed;
    for (const std::string &code : documented) listed += (listed.empty() ? "" : ", ") + code;
    // A code far from every known one is refused with the list of those `check` accepts.
    const fs::path dir = scratchDir("check_run_codes");
    std::ofstream(dir / "spec.yaml") << "run:\n  forbid: [qqqqqqqqqqqqqqqqqqqqqq]\n";
    CommandResult r = runRobometrics({"check", (dir / "spec.yaml").string(), (dir / "absent.mcap").string()});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "robometrics check: error: " + (dir / "spec.yaml").string() +
                         ":2: run.forbid: unknown anomaly code 'qqqqqqqqqqqqqqqqqqqqqq'; evaluate raises " + listed +
                         "\n");
}

}  // namespace
}  // namespace robometrics::test
