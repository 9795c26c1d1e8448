#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>

#include "TestSupport.hpp"
#include "robometrics/bag/TypedWriter.hpp"

namespace robometrics::test {
namespace {

namespace fs = std::filesystem;

constexpr TimeNs kCheckStart = 1'700'000'000 * kNsPerSecond;  // a wall-clock recording

/// What a recording written by writeCheckBag holds, and which faults are planted in it.
struct CheckBag {
    bool scan_gap = true;     ///< /scan silent from 41.2 to 43.9 s
    bool odom_faults = true;  ///< /odom in another frame from 30 s, stamps 0.3 s late from 50.0 to 50.45 s
};

/// 60 s: /scan 10 Hz (stamps 10 ms before log time, frame base_scan), /imu 100 Hz (2 ms,
/// imu_link), /odom 20 Hz (20 ms, odom), /tf_static once at the start, transient local.
void writeCheckBag(const fs::path &path, const CheckBag &faults) {
    auto writer = bag::TypedWriter::open(path.string());
    ASSERT_TRUE(writer.ok()) << writer.message();
    msgs::TFMessage tf;
    tf.transforms.resize(1);
    tf.transforms[0].header.stamp = msgs::Time::fromNs(kCheckStart);
    tf.transforms[0].header.frame_id = "base_link";
    tf.transforms[0].child_frame_id = "base_scan";
    tf.transforms[0].transform.rotation.w = 1;
    ASSERT_TRUE(writer->write("/tf_static", tf, kCheckStart, true).ok());
    // Every 10 ms in time order: /imu each tick, /odom every 5th, /scan every 10th.
    for (int k = 0; k <= 6000; ++k) {
        const TimeNs t = kCheckStart + k * 10 * kMs;
        msgs::Imu imu;
        imu.header.stamp = msgs::Time::fromNs(t - 2 * kMs);
        imu.header.frame_id = "imu_link";
        imu.orientation.w = 1;
        ASSERT_TRUE(writer->write("/imu", imu, t).ok());
        if (k % 5 == 0) {
            const int i = k / 5;
            msgs::Odometry odom;
            const bool late = faults.odom_faults && i >= 1000 && i < 1010;
            odom.header.stamp = msgs::Time::fromNs(t - (late ? 300 : 20) * kMs);
            odom.header.frame_id = faults.odom_faults && i >= 600 ? "base_footprint" : "odom";
            odom.child_frame_id = "base_link";
            odom.pose.pose.orientation.w = 1;
            ASSERT_TRUE(writer->write("/odom", odom, t).ok());
        }
        if (k % 10 == 0) {
            const int i = k / 10;
            if (faults.scan_gap && i > 412 && i < 439) continue;
            msgs::LaserScan scan;
            scan.header.stamp = msgs::Time::fromNs(t - 10 * kMs);
            scan.header.frame_id = "base_scan";
            scan.range_max = 10;
            scan.ranges = {1.0F, 2.0F, 3.0F};
            ASSERT_TRUE(writer->write("/scan", scan, t).ok());
        }
    }
    ASSERT_TRUE(writer->close().ok());
}

const char *kPlantedSpec =
    "topics:\n"                                           // 1
    "  /scan:\n"                                          // 2
    "    type: sensor_msgs/msg/LaserScan\n"               // 3
    "    rate_hz: 10\n"                                   // 4
    "    max_gap_s: 0.5\n"                                // 5
    "    max_latency_s: 0.05\n"                           // 6
    "    frame_id: base_scan\n"                           // 7
    "  /imu:\n"                                           // 8
    "    rate_hz: 200\n"                                  // 9
    "    max_gap_s: {value: 0.005, severity: warning}\n"  // 10
    "  /odom:\n"                                          // 11
    "    min_hz: 15\n"                                    // 12
    "    max_latency_s: 0.1\n"                            // 13
    "    frame_id: odom\n"                                // 14
    "  /tf_static:\n"                                     // 15
    "    qos: {durability: transient_local}\n"            // 16
    "  /cmd_vel:\n";                                      // 17

/// A folder with spec.yaml (kPlantedSpec), planted.mcap (every fault) and clean.mcap (none).
fs::path checkFixture(const std::string &name) {
    const fs::path dir = scratchDir(name);
    std::ofstream(dir / "spec.yaml") << kPlantedSpec;
    writeCheckBag(dir / "planted.mcap", {});
    writeCheckBag(dir / "clean.mcap", {false, false});
    return dir;
}

/// The lines of `text`.
std::vector<std::string> checkLines(const std::string &text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

TEST(CheckCommand, PlantedFaultsAreExactlyTheFailingRulesWithTheirTimes) {
    const fs::path dir = checkFixture("check_planted");
    const std::string bag = (dir / "planted.mcap").string();
    CommandResult r = runRobometrics({"check", (dir / "spec.yaml").string(), bag});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.err, "");
    const std::vector<std::string> expected = {
        bag + ": error: /scan: max_gap_s 0.5: silent 2.7 s from 41.2 s to 43.9 s",
        bag + ": error: /imu: rate_hz 200 ± 10 %: 100 Hz",
        bag + ": warning: /imu: max_gap_s 0.005: silent 0.01 s from 0 s to 0.01 s",
        bag + ": error: /odom: max_latency_s 0.1: 0.3 s at 50 s",
        bag + ": error: /odom: frame_id odom: 601 of 1201 messages in another frame, first 'base_footprint' at 30 s",
        bag + ": error: /cmd_vel: required: no such topic",
        bag + ": FAIL (16 rules: 10 held, 5 errors, 1 warning)",
    };
    EXPECT_EQ(checkLines(r.out), expected) << r.out;
}

TEST(CheckCommand, TheCleanRecordingFailsOnlyWhereTheSpecAsksTooMuch) {
    const fs::path dir = checkFixture("check_clean");
    const std::string bag = (dir / "clean.mcap").string();
    CommandResult r = runRobometrics({"check", (dir / "spec.yaml").string(), bag});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    const std::vector<std::string> expected = {
        bag + ": error: /imu: rate_hz 200 ± 10 %: 100 Hz",
        bag + ": warning: /imu: max_gap_s 0.005: silent 0.01 s from 0 s to 0.01 s",
        bag + ": error: /cmd_vel: required: no such topic",
        bag + ": FAIL (16 rules: 13 held, 2 errors, 1 warning)",
    };
    EXPECT_EQ(checkLines(r.out), expected) << r.out;
}

TEST(CheckCommand, WarningsPassUnlessTheyCountAsErrors) {
    const fs::path dir = checkFixture("check_warnings");
    std::ofstream(dir / "warn.yaml") << "topics:\n  /imu:\n    severity: warning\n    rate_hz: 200\n  /scan:\n";
    const std::string spec = (dir / "warn.yaml").string(), bag = (dir / "clean.mcap").string();
    CommandResult r = runRobometrics({"check", spec, bag});
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_EQ(checkLines(r.out), (std::vector<std::string>{bag + ": warning: /imu: rate_hz 200 ± 10 %: 100 Hz",
                                                           bag + ": PASS (3 rules: 2 held, 1 warning)"}));
    r = runRobometrics({"check", spec, bag, "--warnings-as-errors"});
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    EXPECT_EQ(checkLines(r.out), (std::vector<std::string>{bag + ": error: /imu: rate_hz 200 ± 10 %: 100 Hz",
                                                           bag + ": FAIL (3 rules: 2 held, 1 warning)"}));
}

TEST(CheckCommand, JsonHasEveryRuleWithMeasuredValueAndTimes) {
    const fs::path dir = checkFixture("check_json");
    CommandResult r =
        runRobometrics({"check", (dir / "spec.yaml").string(), (dir / "planted.mcap").string(), "--json"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["spec"], (dir / "spec.yaml").string());
    EXPECT_FALSE(j["passed"].get<bool>());
    ASSERT_EQ(j["recordings"].size(), 1u);
    const nlohmann::json &rec = j["recordings"][0];
    EXPECT_EQ(rec["rules_total"], 16);
    EXPECT_EQ(rec["rules_held"], 10);
    EXPECT_EQ(rec["errors_failed"], 5);
    EXPECT_EQ(rec["warnings_failed"], 1);
    EXPECT_DOUBLE_EQ(rec["duration_s"].get<double>(), 60.0);
    std::map<std::string, nlohmann::json> by;
    for (const auto &rule : rec["rules"])
        by[rule["topic"].get<std::string>() + " " + rule["rule"].get<std::string>()] = rule;
    const nlohmann::json &gap = by.at("/scan max_gap_s");
    EXPECT_FALSE(gap["passed"].get<bool>());
    EXPECT_NEAR(gap["value"].get<double>(), 2.7, 1e-9);
    EXPECT_NEAR(gap["from_s"].get<double>(), 41.2, 1e-9);
    EXPECT_NEAR(gap["to_s"].get<double>(), 43.9, 1e-9);
    EXPECT_EQ(gap["spec_line"], 5);
    EXPECT_EQ(gap["severity"], "error");
    // /scan: 575 messages over 60 s (26 missing): 574 periods.
    EXPECT_NEAR(by.at("/scan rate_hz")["value"].get<double>(), 574.0 / 60.0, 1e-9);
    EXPECT_TRUE(by.at("/scan rate_hz")["passed"].get<bool>());
    EXPECT_EQ(by.at("/scan required")["measured"], "575 messages");
    EXPECT_NEAR(by.at("/odom max_latency_s")["value"].get<double>(), 0.3, 1e-12);
    EXPECT_NEAR(by.at("/odom max_latency_s")["from_s"].get<double>(), 50.0, 1e-12);
    EXPECT_EQ(by.at("/odom frame_id")["value"], 601.0);
    EXPECT_EQ(by.at("/imu max_gap_s")["severity"], "warning");
    EXPECT_TRUE(by.at("/tf_static qos.durability")["passed"].get<bool>());
    EXPECT_EQ(by.at("/cmd_vel required")["value"], 0.0);
    EXPECT_TRUE(by.at("/cmd_vel required")["from_s"].is_null());
}

/// The attributes of every element `tag` in `xml`, in order (the JUnit writer's one-line tags).
std::vector<std::map<std::string, std::string>> junitElements(const std::string &xml, const std::string &tag) {
    std::vector<std::map<std::string, std::string>> out;
    const std::regex element("<" + tag + "((?:\\s+[a-z_]+=\"[^\"]*\")*)\\s*/?>");
    const std::regex attribute("([a-z_]+)=\"([^\"]*)\"");
    for (auto it = std::sregex_iterator(xml.begin(), xml.end(), element); it != std::sregex_iterator(); ++it) {
        std::map<std::string, std::string> attributes;
        const std::string text = (*it)[1];
        for (auto a = std::sregex_iterator(text.begin(), text.end(), attribute); a != std::sregex_iterator(); ++a)
            attributes[(*a)[1]] = (*a)[2];
        out.push_back(attributes);
    }
    return out;
}

TEST(CheckCommand, JunitHasASuitePerRecordingAndACasePerRule) {
    const fs::path dir = checkFixture("check_junit");
    const std::string spec = (dir / "spec.yaml").string();
    const std::string planted = (dir / "planted.mcap").string(), clean = (dir / "clean.mcap").string();
    const fs::path xml_path = dir / "check.xml";
    CommandResult r = runRobometrics(
        {"check", spec, planted, clean, (dir / "absent.mcap").string(), "--junit", xml_path.string(), "-j", "2"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    const std::string xml = readFile(xml_path);
    ASSERT_EQ(xml.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", 0), 0u) << xml;
    const auto root = junitElements(xml, "testsuites");
    ASSERT_EQ(root.size(), 1u);
    EXPECT_EQ(root[0].at("tests"), "33");    // 16 + 16 + the unreadable one's "read"
    EXPECT_EQ(root[0].at("failures"), "7");  // 5 + 2 errors; warnings do not fail
    EXPECT_EQ(root[0].at("errors"), "1");
    const auto suites = junitElements(xml, "testsuite");
    ASSERT_EQ(suites.size(), 3u);
    EXPECT_EQ(suites[0].at("name"), planted);
    EXPECT_EQ(suites[0].at("tests"), "16");
    EXPECT_EQ(suites[0].at("failures"), "5");
    EXPECT_EQ(suites[1].at("name"), clean);
    EXPECT_EQ(suites[1].at("failures"), "2");
    EXPECT_EQ(suites[2].at("errors"), "1");
    // Times (the common JUnit schema's `time`): each suite's is its recording's check, the root's their sum.
    double sum = 0;
    for (const auto &suite : suites) {
        EXPECT_EQ(suite.at("skipped"), "0");
        EXPECT_GE(std::stod(suite.at("time")), 0.0);
        sum += std::stod(suite.at("time"));
    }
    EXPECT_NEAR(std::stod(root[0].at("time")), sum, 0.003);
    const auto cases = junitElements(xml, "testcase");
    ASSERT_EQ(cases.size(), 33u);
    EXPECT_EQ(cases[0].at("name"), "/scan: required");
    EXPECT_EQ(cases[0].at("classname"), planted);
    EXPECT_EQ(cases[0].at("file"), spec);
    EXPECT_EQ(cases[0].at("line"), "2");
    EXPECT_EQ(cases[3].at("name"), "/scan: max_gap_s 0.5");
    EXPECT_EQ(cases[3].at("line"), "5");
    const auto failures = junitElements(xml, "failure");
    ASSERT_EQ(failures.size(), 7u);
    EXPECT_EQ(failures[0].at("message"), "silent 2.7 s from 41.2 s to 43.9 s");
    EXPECT_EQ(failures[0].at("type"), "max_gap_s");
    EXPECT_EQ(failures[3].at("message"), "601 of 1201 messages in another frame, first 'base_footprint' at 30 s");
    EXPECT_NE(xml.find("measured: silent 2.7 s from 41.2 s to 43.9 s\nexpected: /scan: max_gap_s 0.5 (" + spec +
                       ":5, error)"),
              std::string::npos)
        << xml;
    EXPECT_NE(xml.find("<system-out>warning: measured: silent 0.01 s from 0 s to 0.01 s"), std::string::npos);
    const auto read_errors = junitElements(xml, "error");
    ASSERT_EQ(read_errors.size(), 1u);
    EXPECT_NE(read_errors[0].at("message").find("absent.mcap"), std::string::npos);
    // The fleet's text: in input order, whatever finished first, and a last line.
    EXPECT_EQ(checkLines(r.out).back(), "3 recordings checked against " + spec + ": 0 passed, 3 failed");
}

TEST(CheckCommand, GithubWorkflowCommandsPointAtTheSpecLine) {
    const fs::path dir = checkFixture("check_github");
    const std::string spec = (dir / "spec.yaml").string(), bag = (dir / "clean.mcap").string();
    CommandResult r = runRobometrics({"check", spec, bag, "--format", "github"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    auto property = [](std::string s) {
        std::string out;
        for (char ch : s) out += ch == ':' ? std::string("%3A") : ch == ',' ? std::string("%2C") : std::string(1, ch);
        return out;
    };
    const std::vector<std::string> expected = {
        "::error file=" + property(spec) + ",line=9,title=" + property(bag + " /imu: rate_hz 200 ± 10 %25") +
            "::/imu: rate_hz 200 ± 10 %25: 100 Hz",
        "::warning file=" + property(spec) + ",line=10,title=" + property(bag + " /imu: max_gap_s 0.005") +
            "::/imu: max_gap_s 0.005: silent 0.01 s from 0 s to 0.01 s",
        "::error file=" + property(spec) + ",line=17,title=" + property(bag + " /cmd_vel: required") +
            "::/cmd_vel: required: no such topic",
        bag + ": FAIL (16 rules: 13 held, 2 errors, 1 warning)",
    };
    EXPECT_EQ(checkLines(r.out), expected) << r.out;
}

TEST(CheckCommand, InitWritesASpecTheSameRecordingPasses) {
    const fs::path dir = checkFixture("check_init");
    for (const char *name : {"clean.mcap", "planted.mcap"}) {
        SCOPED_TRACE(name);
        const std::string bag = (dir / name).string();
        CommandResult init = runRobometrics({"check", "--init", bag});
        ASSERT_EQ(init.exit_code, 0) << init.err;
        EXPECT_NE(init.out.find("  /scan:  # "), std::string::npos) << init.out;
        EXPECT_NE(init.out.find("    frame_id: base_scan\n"), std::string::npos) << init.out;
        EXPECT_NE(init.out.find("  /tf_static:  # 1 message\n    type: tf2_msgs/msg/TFMessage\n    min_messages: 1"),
                  std::string::npos)
            << init.out;
        // The per-message rules: every scan has 3 valid ranges of 3; the robot stands still (its
        // /odom pose never changes), so no silence counts against forbid_sensor_silent (20
        // periods of the planted /scan's mean rate, 9.57 Hz, are 2.09 s).
        EXPECT_NE(init.out.find("    min_valid_share: 0.95  # worst second 100.0 % valid from 0.000 s, 100.0 % in all\n"
                                "    forbid_sensor_silent: true  # no silence of " +
                                std::string(std::string(name) == "clean.mcap" ? "2" : "2.09") +
                                " s or more while moving (motion from /odom)\n"),
                  std::string::npos)
            << init.out;
        const fs::path spec = dir / (std::string(name) + ".yaml");
        std::ofstream(spec) << init.out;
        CommandResult check = runRobometrics({"check", spec.string(), bag});
        EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
        EXPECT_EQ(
            checkLines(check.out).back(),
            bag + ": PASS (" + (std::string(name) == "clean.mcap" ? "32" : "31") + " rules held)")  // 3 per message
            << check.out;
    }
    // The planted recording's /odom changes frame: its spec has no frame_id for it, and its
    // silence of /scan (2.7 s, plus half) is what the clean one is held to.
    const std::string planted_spec = readFile(dir / "planted.mcap.yaml");
    EXPECT_NE(planted_spec.find("    max_gap_s: 4.05  # longest silence 2.700 s, from 41.200 s\n"), std::string::npos)
        << planted_spec;
    CommandResult cross =
        runRobometrics({"check", (dir / "clean.mcap.yaml").string(), (dir / "planted.mcap").string()});
    EXPECT_EQ(cross.exit_code, 1) << cross.out;
    EXPECT_NE(cross.out.find(": error: /scan: max_gap_s 0.15: silent 2.7 s from 41.2 s to 43.9 s\n"), std::string::npos)
        << cross.out;
}

TEST(CheckCommand, InitRefusesARecordingWithoutAMessage) {
    // A spec must name a topic, and an empty recording has none to name: --init writing a spec
    // that check then refuses (exit 2 on its own output) would break the round trip, so it says so.
    const fs::path dir = scratchDir("check_init_empty");
    const std::string bag = (dir / "empty.mcap").string();
    {
        auto writer = bag::TypedWriter::open(bag);
        ASSERT_TRUE(writer.ok()) << writer.message();
        ASSERT_TRUE(writer->close().ok());
    }
    CommandResult r = runRobometrics({"check", "--init", bag});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "robometrics check: error: " + bag +
                         ": no message recorded: --init writes a spec from a recording known to be good, and this "
                         "one has nothing to hold a recording to\n");
}

TEST(CheckCommand, ABadSpecIsRefusedBeforeAnyRecordingIsRead) {
    const fs::path dir = scratchDir("check_bad_spec");
    std::ofstream(dir / "spec.yaml") << "topics:\n  /scan:\n    rate_hz: -10\n";
    // The recording does not exist: the spec's error comes first, exit 2.
    CommandResult r = runRobometrics({"check", (dir / "spec.yaml").string(), (dir / "absent.mcap").string()});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "robometrics check: error: " + (dir / "spec.yaml").string() +
                         ":3: /scan.rate_hz: must be above 0, got '-10'\n");
    EXPECT_EQ(r.out, "");
    std::ofstream(dir / "typo.yaml") << "topics:\n  /scan:\n    max_gap: 0.5\n";
    r = runRobometrics({"check", (dir / "typo.yaml").string(), (dir / "absent.mcap").string()});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "robometrics check: error: " + (dir / "typo.yaml").string() +
                         ":3: /scan.max_gap: unknown key; did you mean 'max_gap_s'?\n");
}

TEST(CheckCommand, BadUsageExits2) {
    const fs::path dir = checkFixture("check_usage");
    const std::string spec = (dir / "spec.yaml").string();
    CommandResult r = runRobometrics({"check", spec});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "robometrics check: error: expected SPEC.yaml and at least one INPUT (or --init GOOD.mcap)\n");
    r = runRobometrics({"check", spec, (dir / "*.bag").string()});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "robometrics check: error: " + (dir / "*.bag").string() + ": the pattern matches nothing\n");
    EXPECT_EQ(runRobometrics({"check", spec, (dir / "clean.mcap").string(), "--json", "--format", "github"}).exit_code,
              2);
    EXPECT_EQ(runRobometrics({"check", spec, (dir / "clean.mcap").string(), "--junit", "out.txt"}).exit_code, 2);
    EXPECT_EQ(runRobometrics({"check", spec, (dir / "clean.mcap").string(), "-j", "0"}).exit_code, 2);
    EXPECT_EQ(runRobometrics({"check", spec, "--init", (dir / "clean.mcap").string()}).exit_code, 2);
    // A missing spec file is bad usage too.
    r = runRobometrics({"check", (dir / "nope.yaml").string(), (dir / "clean.mcap").string()});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("nope.yaml"), std::string::npos) << r.err;
}

TEST(CheckCommand, AGlobChecksAFleetInInputOrder) {
    const fs::path dir = checkFixture("check_glob");
    std::ofstream(dir / "scan.yaml") << "topics:\n  /scan:\n    max_gap_s: 1\n";
    CommandResult r = runRobometrics({"check", (dir / "scan.yaml").string(), (dir / "*.mcap").string(), "-j", "2"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    const std::string clean = (dir / "clean.mcap").string(), planted = (dir / "planted.mcap").string();
    EXPECT_EQ(checkLines(r.out),
              (std::vector<std::string>{
                  clean + ": PASS (2 rules held)",
                  planted + ": error: /scan: max_gap_s 1: silent 2.7 s from 41.2 s to 43.9 s",
                  planted + ": FAIL (2 rules: 1 held, 1 error)",
                  "2 recordings checked against " + (dir / "scan.yaml").string() + ": 1 passed, 1 failed",
              }));
}

TEST(CheckCommand, ARunFolderIsCheckedByItsOneBag) {
    const fs::path dir = checkFixture("check_run_folder");
    fs::create_directories(dir / "run");
    fs::rename(dir / "planted.mcap", dir / "run" / "run.mcap");
    std::ofstream(dir / "scan.yaml") << "topics:\n  /scan:\n    max_gap_s: 1\n";
    const std::string run = (dir / "run").string();
    CommandResult r = runRobometrics({"check", (dir / "scan.yaml").string(), run});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(checkLines(r.out), (std::vector<std::string>{
                                     run + ": error: /scan: max_gap_s 1: silent 2.7 s from 41.2 s to 43.9 s",
                                     run + ": FAIL (2 rules: 1 held, 1 error)",
                                 }));
    // A folder with two bags cannot say which one is meant: the recording fails, named.
    fs::copy_file(dir / "clean.mcap", dir / "other.mcap");
    r = runRobometrics({"check", (dir / "scan.yaml").string(), dir.string(), "--json"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    EXPECT_NE(j["recordings"][0]["error"].get<std::string>().find("bags found"), std::string::npos) << r.out;
    EXPECT_TRUE(j["recordings"][0]["rules"].empty());
}

TEST(CheckCommand, ARecordingCutShortIsCheckedUpToTheCutWithAWarning) {
    const fs::path dir = checkFixture("check_cut");
    const fs::path cut = dir / "cut.mcap";
    fs::copy_file(dir / "clean.mcap", cut);
    fs::resize_file(cut, fs::file_size(cut) / 2);
    std::ofstream(dir / "scan.yaml") << "topics:\n  /scan:\n";
    CommandResult r = runRobometrics({"check", (dir / "scan.yaml").string(), cut.string()});
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    const std::vector<std::string> out = checkLines(r.out);
    ASSERT_EQ(out.size(), 2u) << r.out;
    EXPECT_EQ(out[0].rfind(cut.string() + ": warning: " + cut.string() + ": the recording ends abruptly at ", 0), 0u)
        << out[0];
    EXPECT_EQ(out[1], cut.string() + ": PASS (1 rule held)");
    // --strict: it cannot be read, and says why.
    r = runRobometrics({"check", (dir / "scan.yaml").string(), cut.string(), "--strict"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out.rfind(cut.string() + ": FAIL: cannot be read: ", 0), 0u) << r.out;
}

TEST(CheckCommand, TheNav2RecordingPassesItsOwnInitialSpec) {
    ROBOMETRICS_REQUIRE_DATA(bag, "bags/ros2-mcap/evo_nav2_turtlebot/nav2_turtlebot.mcap");
    const fs::path dir = scratchDir("check_nav2");
    CommandResult init = runRobometrics({"check", "--init", bag.string()});
    ASSERT_EQ(init.exit_code, 0) << init.err;
    // Counts as listed in the data's PROVENANCE.md.
    EXPECT_NE(init.out.find("  /odom:  # 2639 messages\n    type: nav_msgs/msg/Odometry\n"), std::string::npos)
        << init.out;
    EXPECT_NE(init.out.find("  /tf:  # 5422 messages\n"), std::string::npos) << init.out;
    // Its stamps are Gazebo's simulated time on a wall-clock log: no latency can be measured.
    EXPECT_EQ(init.out.find("    max_latency_s:"), std::string::npos) << init.out;
    std::ofstream(dir / "nav2.yaml") << init.out;
    CommandResult check = runRobometrics({"check", (dir / "nav2.yaml").string(), bag.string()});
    EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
    // A latency rule on those stamps fails and says why.
    std::ofstream(dir / "latency.yaml") << "topics:\n  /odom:\n    max_latency_s: 0.1\n";
    check = runRobometrics({"check", (dir / "latency.yaml").string(), bag.string()});
    EXPECT_EQ(check.exit_code, 1);
    EXPECT_NE(check.out.find(": error: /odom: max_latency_s 0.1: not measured: 2639 stamps in simulated time on a "
                             "wall-clock log\n"),
              std::string::npos)
        << check.out;
}

}  // namespace
}  // namespace robometrics::test
