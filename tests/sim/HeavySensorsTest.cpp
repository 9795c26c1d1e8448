#include <gtest/gtest.h>
#include <zlib.h>

#include <map>

#include "robometrics/sim/CameraModel.hpp"
#include "robometrics/sim/HeavySensors.hpp"
#include "robometrics/sim/Simulator.hpp"

namespace robometrics::sim {

namespace {

RunProfile heavyProfile() {
    RunProfile profile;
    profile.sensors = SensorProfile::Heavy;
    return profile;
}

/// Every message of a short run with the given profile (by topic, in order).
std::map<std::string, std::vector<SimOutput>> heavyRun(const std::string &scenario, double duration, std::uint64_t seed,
                                                       const RunProfile &profile) {
    Simulator sim(makeScenario(scenario, duration, seed, std::nullopt, profile).value(), seed);
    std::map<std::string, std::vector<SimOutput>> by_topic;
    std::vector<SimOutput> batch;
    while (!sim.done()) {
        sim.step(batch);
        for (SimOutput &o : batch) by_topic[o.topic].push_back(std::move(o));
    }
    return by_topic;
}

}  // namespace

TEST(HeavySensors, TopicsAtTheirRatesBesideTheRobotsOwn) {
    const auto run = heavyRun("terrain", 1, 1, heavyProfile());
    EXPECT_EQ(run.at("/lidar/points").size(), 10u);
    EXPECT_EQ(run.at("/camera/image_raw").size(), 30u);
    EXPECT_EQ(run.at("/camera/image_raw/compressed").size(), 30u);
    EXPECT_EQ(run.at("/imu/data").size(), 200u);
    EXPECT_EQ(run.at("/scan").size(), 10u);  // the robot's topics are unchanged
    // The camera's 30 Hz stamps fall between the ticks; the PNG carries its frame's stamp.
    const SimOutput &second = run.at("/camera/image_raw")[1];
    EXPECT_EQ(second.time, kDefaultStartTime + 33'333'333);
    EXPECT_EQ(std::get<msgs::Image>(second.message).header.stamp.toNs(), second.time);
    EXPECT_EQ(std::get<msgs::CompressedImage>(run.at("/camera/image_raw/compressed")[1].message).header.stamp.toNs(),
              second.time);
    // The lidar every 100 ms at the tick.
    EXPECT_EQ(run.at("/lidar/points")[3].time, kDefaultStartTime + 300'000'000);

    // The topics join scenario.json's list; a standard run has none of them and a 100 Hz IMU.
    Simulator sim(makeScenario("terrain", 1, 1, std::nullopt, heavyProfile()).value(), 1);
    std::map<std::string, double> rates;
    for (const SimTopic &t : sim.topics()) rates[t.name] = t.rate_hz;
    EXPECT_EQ(rates.at("/lidar/points"), 10);
    EXPECT_EQ(rates.at("/camera/image_raw"), 30);
    EXPECT_EQ(rates.at("/camera/image_raw/compressed"), 30);
    EXPECT_EQ(rates.at("/imu/data"), 200);
    const auto standard = heavyRun("terrain", 1, 1, {});
    EXPECT_EQ(standard.count("/lidar/points"), 0u);
    EXPECT_EQ(standard.at("/imu/data").size(), 100u);
}

TEST(HeavySensors, TheMastsFramesJoinTheRobotsStaticTransforms) {
    for (const char *robot : {"rover", "turtlebot3"}) {
        SCOPED_TRACE(robot);
        RunProfile profile = heavyProfile();
        profile.robot = parseRobot(robot);
        const auto run = heavyRun("office", 0.2, 1, profile);
        ASSERT_EQ(run.at("/tf_static").size(), 1u);
        std::map<std::string, int> children;
        for (const auto &tf : std::get<msgs::TFMessage>(run.at("/tf_static")[0].message).transforms)
            ++children[tf.child_frame_id];
        EXPECT_EQ(children["lidar_link"], 1);
        EXPECT_EQ(children["camera_link"], 1);
        EXPECT_EQ(children["camera_optical_frame"], 1);
        EXPECT_EQ(children.count(robot == std::string("rover") ? "laser" : "base_scan"), 1u);
    }
}

TEST(HeavySensors, TheCompressedTopicIsAValidPngOfTheHalfSizeFrame) {
    const auto run = heavyRun("office", 0.1, 1, heavyProfile());
    const auto &frame = std::get<msgs::Image>(run.at("/camera/image_raw")[0].message);
    const auto &png = std::get<msgs::CompressedImage>(run.at("/camera/image_raw/compressed")[0].message);
    EXPECT_EQ(png.format, "png");
    EXPECT_EQ(png.header, frame.header);
    // The IDAT chunk starts after the signature (8) and IHDR (25), its data 8 bytes further.
    ASSERT_GT(png.data.size(), 8u + 25u + 8u);
    const std::size_t idat = 8 + 25;
    const std::uint32_t length = (std::uint32_t{png.data[idat]} << 24) | (std::uint32_t{png.data[idat + 1]} << 16) |
                                 (std::uint32_t{png.data[idat + 2]} << 8) | png.data[idat + 3];
    const msgs::Image half = CameraModel::halfSize(frame);
    std::vector<std::uint8_t> raw((half.step + 1) * half.height);
    uLongf size = raw.size();
    ASSERT_EQ(uncompress(raw.data(), &size, png.data.data() + idat + 8, length), Z_OK);
    ASSERT_EQ(size, raw.size());
    for (std::uint32_t y = 0; y < half.height; y += 60) {
        EXPECT_EQ(raw[y * (half.step + 1)], 0);
        EXPECT_TRUE(std::equal(half.data.begin() + y * half.step, half.data.begin() + (y + 1) * half.step,
                               raw.begin() + y * (half.step + 1) + 1));
    }
    // About 230 kB a frame: what a 320 x 240 PNG weighs.
    EXPECT_EQ(png.data.size(), 8u + 25u + (12u + 2u + 4u * 5u + 240u * 961u + 4u) + 12u);
}

TEST(HeavySensors, SameSeedSameBytesOtherSeedOtherNoise) {
    const auto a = heavyRun("terrain", 0.2, 5, heavyProfile()), b = heavyRun("terrain", 0.2, 5, heavyProfile()),
               c = heavyRun("terrain", 0.2, 6, heavyProfile());
    for (const char *topic : {"/lidar/points", "/camera/image_raw", "/camera/image_raw/compressed", "/imu/data"}) {
        SCOPED_TRACE(topic);
        ASSERT_EQ(a.at(topic).size(), b.at(topic).size());
        for (std::size_t i = 0; i < a.at(topic).size(); ++i) {
            EXPECT_TRUE(a.at(topic)[i].message == b.at(topic)[i].message);
            EXPECT_FALSE(a.at(topic)[i].message == c.at(topic)[i].message);
        }
    }
}

}  // namespace robometrics::sim
