// `evaluate` on ground truth recorded as motion capture and as Gazebo's world poses (a
// TFMessage), each bag written here with its truth, and a window of a run read over its own
// chunks only
// (docs/evaluate.md: "Ground truth in the bag", "A window of a long run").
//
// Every bag holds the same drive (10 Hz, 30 s): the odometry on a zigzag in the plane, x = 0.1 i,
// y = 0.05 (i mod 2), and the ground truth on the same points lifted by z = +d, -d, -d, +d
// (i mod 4). The lift sums to zero and is uncorrelated with x and y over every 4 poses, so the
// SE(3) alignment of the odometry onto the ground truth is the identity and the ATE is d exactly.

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "TestSupport.hpp"
#include "robometrics/bag/TypedWriter.hpp"

namespace robometrics {
namespace {

constexpr TimeNs kStart = 1'700'000'000 * kNsPerSecond;
constexpr TimeNs kTick = kNsPerSecond / 10;
constexpr int kTicks = 300;
constexpr double kLift = 0.04;  ///< d: the ground truth's height above and below the odometry

TimeNs at(int i) { return kStart + i * kTick; }

msgs::Point zigzag(int i) { return {0.1 * i, 0.05 * (i % 2), 0.0}; }

double lift(int i) { return (i % 4 == 0 || i % 4 == 3) ? kLift : -kLift; }

msgs::Odometry odometry(int i) {
    msgs::Odometry o;
    o.header = msgs::Header{msgs::Time::fromNs(at(i)), "odom"};
    o.child_frame_id = "base_link";
    o.pose.pose.position = zigzag(i);
    o.pose.pose.orientation.w = 1;
    return o;
}

/// The robot's true pose at tick i; `shifted`: 3 m further along x (the truth of the windowed
/// run outside its window, which would change the ATE if it were read).
msgs::Transform truth(int i, bool shifted = false) {
    msgs::Transform t;
    const msgs::Point p = zigzag(i);
    t.translation = {p.x + (shifted ? 3.0 : 0.0), p.y, lift(i)};
    t.rotation.w = 1;
    return t;
}

nlohmann::json readSummary(const std::filesystem::path &out) {
    std::ifstream in(out / "summary.json");
    return nlohmann::json::parse(in);
}

struct Evaluated {
    test::CommandResult run;
    nlohmann::json summary;
};

Evaluated evaluate(const std::filesystem::path &bag, const std::string &name, std::vector<std::string> extra = {}) {
    const auto out = bag.parent_path() / name;
    std::vector<std::string> args = {"evaluate", bag.string(), "-o", out.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    Evaluated e{test::runRobometrics(args), {}};
    EXPECT_EQ(e.run.exit_code, 0) << e.run.err;
    if (std::filesystem::exists(out / "summary.json")) e.summary = readSummary(out);
    return e;
}

std::string checkedLine(const std::string &headlines) {
    const auto at = headlines.find("\nchecked: ");  // not a "  not checked: " line
    if (at == std::string::npos) return {};
    return headlines.substr(at + 1, headlines.find('\n', at + 1) - at - 1);
}

double ateRmse(const nlohmann::json &s) { return s["trajectory"]["ate_se3"]["rmse"].get<double>(); }

std::vector<std::string> codes(const nlohmann::json &s) {
    std::vector<std::string> out;
    for (const auto &a : s["anomalies"]) out.push_back(a["code"]);
    return out;
}

/// Makes unreadable every chunk of the MCAP at `path` whose messages all lie outside [from, to]
/// (log time), the first chunk excepted (a window's read starts by looking at it): its compression
/// is renamed to one no reader knows. A read that touches one of them reports the damage.
int spoilChunksOutside(const std::filesystem::path &path, TimeNs from, TimeNs to) {
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    auto u64 = [&bytes](std::size_t at) {
        std::uint64_t v = 0;
        std::memcpy(&v, bytes.data() + at, sizeof v);  // MCAP is little-endian, as this machine
        return v;
    };
    int spoiled = 0;
    bool first = true;
    for (std::size_t at = 8; at + 9 <= bytes.size();) {
        const auto opcode = static_cast<unsigned char>(bytes[at]);
        const std::uint64_t length = u64(at + 1);
        if (opcode == 0x02) break;  // the footer
        if (opcode == 0x06) {       // a chunk: start, end, uncompressed size, crc, compression
            const auto start = static_cast<TimeNs>(u64(at + 9)), end = static_cast<TimeNs>(u64(at + 17));
            const std::size_t name = at + 9 + 8 + 8 + 8 + 4;
            if (!first && (end < from || start > to) && u64(name) % (1ull << 32) > 0) {
                file.seekp(static_cast<std::streamoff>(name + 4));
                file.put('!');
                ++spoiled;
            }
            first = false;
        }
        at += 9 + length;
    }
    return spoiled;
}

/// The drive with its ground truth written by `truthAt(writer, i)`.
template <class WriteTruth>
std::filesystem::path writeDrive(const std::string &name, WriteTruth truthAt) {
    const auto path = test::scratchDir("eval-gt-" + name) / (name + ".mcap");
    auto writer = bag::TypedWriter::open(path.string());
    EXPECT_TRUE(writer.ok()) << writer.message();
    for (int i = 0; i < kTicks; ++i) {
        truthAt(*writer, i);
        EXPECT_TRUE(writer->write("/odom", odometry(i), at(i)).ok());
    }
    EXPECT_TRUE(writer->close().ok());
    return path;
}

}  // namespace

/// vicon_bridge's TransformStamped of the body `robot`: the ground truth by its name, named in
/// `checked:` and summary.json, and the ATE's reference (d, over every pose).
TEST(EvaluateGroundTruth, AMotionCaptureTransformIsTheGroundTruthOfTheAte) {
    const auto path = writeDrive("vicon", [](bag::TypedWriter &writer, int i) {
        msgs::TransformStamped body;
        body.header = msgs::Header{msgs::Time::fromNs(at(i)), "world"};
        body.child_frame_id = "vicon/robot/robot";
        body.transform = truth(i);
        ASSERT_TRUE(writer.write("/vicon/robot/robot", body, at(i)).ok());
    });
    const Evaluated e = evaluate(path, "eval");
    const nlohmann::json &gt = e.summary["analysed_topics"]["ground_truth"];
    EXPECT_EQ(gt["topic"], "/vicon/robot/robot");
    EXPECT_EQ(gt["type"], "geometry_msgs/msg/TransformStamped");
    EXPECT_EQ(gt["why"], "motion capture, body robot");
    EXPECT_NE(checkedLine(e.run.out).find("motion on /vicon/robot/robot (ground truth: motion capture, body robot)"),
              std::string::npos)
        << e.run.out;
    ASSERT_TRUE(e.summary.contains("trajectory")) << e.summary["not_evaluated"].dump(2);
    EXPECT_EQ(e.summary["trajectory"]["matched_poses"], kTicks);
    EXPECT_NEAR(ateRmse(e.summary), kLift, 1e-9);
}

/// Gazebo's world poses as ros_gz_bridge gives them as a TFMessage: one transform per entity,
/// no names, zero stamps (the log time stands in). The robot's entry is the one that moves
/// (index 1, between the ground plane and the sun).
TEST(EvaluateGroundTruth, GazeboPoseInfoAsATfMessageIsTheGroundTruthOfTheAte) {
    const auto path = writeDrive("pose_info_tf", [](bag::TypedWriter &writer, int i) {
        msgs::TFMessage world;
        world.transforms.resize(3);
        world.transforms[0].transform.rotation.w = 1;      // ground_plane
        world.transforms[1].transform = truth(i);          // the robot's model
        world.transforms[2].transform.translation.z = 10;  // sun
        world.transforms[2].transform.rotation.w = 1;
        ASSERT_TRUE(writer.write("/world/lab/pose/info", world, at(i)).ok());
    });
    const Evaluated e = evaluate(path, "eval");
    const nlohmann::json &gt = e.summary["analysed_topics"]["ground_truth"];
    EXPECT_EQ(gt["topic"], "/world/lab/pose/info");
    EXPECT_EQ(gt["type"], "tf2_msgs/msg/TFMessage");
    EXPECT_EQ(gt["entry"], "index:1");
    EXPECT_EQ(gt["why"], "Gazebo's world poses through ros_gz_bridge, index:1 (the one entry that moved)");
    EXPECT_NE(checkedLine(e.run.out).find("motion on /world/lab/pose/info (ground truth: Gazebo's world poses"),
              std::string::npos)
        << e.run.out;
    ASSERT_TRUE(e.summary.contains("trajectory")) << e.summary["not_evaluated"].dump(2);
    EXPECT_EQ(e.summary["trajectory"]["matched_poses"], kTicks);
    EXPECT_NEAR(ateRmse(e.summary), kLift, 1e-9);
}

/// The window 10-19.95 s holds poses 100..199; outside it the ground truth is 3 m off, so the
/// whole run's ATE is far above d while the window's is d, over its 100 poses alone. The chunks
/// outside the window (and before the 5 s look-back) are unreadable: the window's reads skip them.
TEST(EvaluateGroundTruth, AWindowReadsAndAlignsOnlyTheGroundTruthInsideIt) {
    const auto dir = test::scratchDir("eval-gt-window");
    const auto path = dir / "mocap_long.mcap";
    bag::McapWriterOptions small;
    small.chunk_size = 4096;
    {
        auto writer = bag::TypedWriter::open(path.string(), small);
        ASSERT_TRUE(writer.ok()) << writer.message();
        for (int i = 0; i < kTicks; ++i) {
            msgs::TransformStamped mocap;
            mocap.header = msgs::Header{msgs::Time::fromNs(at(i)), "mocap"};
            mocap.child_frame_id = "robot";
            mocap.transform = truth(i, i < 100 || i > 199);
            ASSERT_TRUE(writer->write("/vicon/robot/robot", mocap, at(i)).ok());
            ASSERT_TRUE(writer->write("/odom", odometry(i), at(i)).ok());
        }
        ASSERT_TRUE(writer->close().ok());
    }
    const Evaluated whole = evaluate(path, "whole");
    ASSERT_TRUE(whole.summary.contains("trajectory")) << whole.summary["not_evaluated"].dump(2);
    EXPECT_EQ(whole.summary["trajectory"]["matched_poses"], kTicks);
    EXPECT_GT(ateRmse(whole.summary), 1.0);

    const auto spoilt = dir / "mocap_long_spoilt.mcap";
    std::filesystem::copy_file(path, spoilt, std::filesystem::copy_options::overwrite_existing);
    EXPECT_GE(spoilChunksOutside(spoilt, at(40), at(210)), 10);
    const Evaluated window = evaluate(spoilt, "window", {"--start", "10", "--end", "19.95"});
    ASSERT_TRUE(window.summary.contains("trajectory")) << window.summary.dump(2);
    EXPECT_EQ(window.summary["trajectory"]["matched_poses"], 100);
    EXPECT_NEAR(ateRmse(window.summary), kLift, 1e-9);
    EXPECT_NEAR(window.summary["trajectory"]["ate_se3"]["max"].get<double>(), kLift, 1e-9);
    for (const std::string &code : codes(window.summary)) EXPECT_FALSE(code.starts_with("recording_")) << code;
    EXPECT_EQ(window.run.out.find("damage"), std::string::npos) << window.run.out;

    // The spoilt chunks are found by a whole read: the window above did not touch them.
    const Evaluated spoilt_whole = evaluate(spoilt, "spoilt-whole");
    const std::vector<std::string> found = codes(spoilt_whole.summary);
    EXPECT_NE(std::find(found.begin(), found.end(), "recording_damaged"), found.end())
        << spoilt_whole.summary["anomalies"].dump(2);
}

}  // namespace robometrics
