#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "robometrics/traversal/TraversalCsv.hpp"

namespace robometrics::traversal {
namespace {

TEST(TraversalCsv, HeaderHasTheSeedsTwelveColumnsInOrder) {
    EXPECT_EQ(TraversalCsv::header(false),
              "Timestamp,Total Collisions,Current Collision Status,Smoothness Metric,Current Smoothness,"
              "Obstacle Clearance,Distance Traveled,Current Velocity,IMU Acceleration Magnitude,Is Rough Terrain,"
              "Vertical Roughness,Notes\r\n");
}

TEST(TraversalCsv, ExtendedColumnsAreAppendedAfterNotes) {
    std::string h = TraversalCsv::header(true);
    EXPECT_EQ(h.substr(h.find(",Notes")),
              ",Notes,Time,Collision Events,Min Clearance,Velocity Over Rough Terrain,Rejected Pose Jumps\r\n");
}

TEST(TraversalCsv, NumbersPrintLikePythonRound4) {
    EXPECT_EQ(TraversalCsv::pythonRound4(279.17984), "279.1798");
    EXPECT_EQ(TraversalCsv::pythonRound4(13.959), "13.959");
    EXPECT_EQ(TraversalCsv::pythonRound4(0.93984), "0.9398");
    EXPECT_EQ(TraversalCsv::pythonRound4(0.0), "0.0");
    EXPECT_EQ(TraversalCsv::pythonRound4(2.5), "2.5");
    EXPECT_EQ(TraversalCsv::pythonRound4(1e6), "1000000.0");
    EXPECT_EQ(TraversalCsv::pythonRound4(0.03125), "0.0312");  // exact tie: to even, as Python
    EXPECT_EQ(TraversalCsv::pythonRound4(0.99996), "1.0");
    EXPECT_EQ(TraversalCsv::pythonRound4(-0.00001), "-0.0");
    EXPECT_EQ(TraversalCsv::pythonRound4(INFINITY), "inf");
    EXPECT_EQ(TraversalCsv::pythonRound4(-INFINITY), "-inf");
    EXPECT_EQ(TraversalCsv::pythonRound4(NAN), "nan");
}

TEST(TraversalCsv, NumbersRoundAsPrintfDoes) {
    // The rounding is printf's "%.4f" (the exact binary value, ties to even), zeros then trimmed:
    // compared with printf itself over ties, carries, large, tiny and negative values, and a
    // spread of bit patterns.
    auto printf4 = [](double x) {
        char buffer[400];
        std::snprintf(buffer, sizeof buffer, "%.4f", x);
        std::string text(buffer);
        while (text.back() == '0' && text[text.size() - 2] != '.') text.pop_back();
        return text;
    };
    std::vector<double> values = {0.00005,
                                  0.00015,
                                  0.00025,
                                  1.00005,
                                  2.71875,
                                  -0.03125,
                                  0.99995,
                                  9.99995,
                                  1e15 + 0.5,
                                  1e22,
                                  1.7976931348623157e308,
                                  5e-324,
                                  -1e-5,
                                  123456.78905};
    std::uint64_t bits = 0x3FF0000000000000ULL;
    for (int i = 0; i < 20000; ++i) {
        bits = bits * 6364136223846793005ULL + 1442695040888963407ULL;  // a fixed sequence (LCG)
        double x;
        std::memcpy(&x, &bits, sizeof x);
        if (std::isfinite(x)) values.push_back(x);
        values.push_back(static_cast<double>(bits % 100000000) / 8192.0);  // many exact ties
    }
    for (double x : values) EXPECT_EQ(TraversalCsv::pythonRound4(x), printf4(x)) << x;
}

TEST(TraversalCsv, SeedExampleRowRoundTrips) {
    // The row quoted from a 2025-01-16 log of the original (seed-originals.md, 1.4).
    TraversalRow r;
    r.timestamp_sec = 1737047098;
    r.time = r.timestamp_sec * kNsPerSecond;
    r.smoothness_metric = 279.17981;
    r.current_smoothness = 13.95899;
    r.obstacle_clearance = 0.93981;
    r.distance_traveled = 0.20549;
    r.current_velocity = 0.19911;
    r.imu_accel_magnitude = 13.77791;
    r.vertical_roughness = 10.41168;
    r.notes = "Normal operation";
    EXPECT_EQ(TraversalCsv::row(r, false),
              "1737047098,0,0,279.1798,13.959,0.9398,0.2055,0.1991,13.7779,0,10.4117,Normal operation\r\n");
}

TEST(TraversalCsv, ColumnsOfAnInputThatWasNotRecordedAreEmptyNotZero) {
    // A Nav2 run without a scanner or an IMU: distance and velocity from /odom, nothing else.
    TraversalRow r;
    r.timestamp_sec = 12;
    r.time = r.timestamp_sec * kNsPerSecond;
    r.obstacle_clearance = std::numeric_limits<double>::infinity();  // "no scan yet" in the seed
    r.min_clearance = std::numeric_limits<double>::infinity();
    r.distance_traveled = 1.5;
    r.current_velocity = 0.25;
    r.notes = "Normal operation";
    CsvInputs odometry_only;
    odometry_only.scan = odometry_only.imu = odometry_only.pose = false;
    EXPECT_EQ(TraversalCsv::row(r, true, odometry_only),
              "12,,,,,,1.5,0.25,,,,Normal operation,12.000000000,,,,\r\n");
    // The seed's own text when every input was recorded.
    EXPECT_EQ(TraversalCsv::row(r, false), "12,0,0,0.0,0,inf,1.5,0.25,0,0,0,Normal operation\r\n");
}

TEST(TraversalCsv, TimeColumnIsExactNanoseconds) {
    TraversalRow r;
    r.time = 1737047098'123456789;
    r.timestamp_sec = 1737047098;
    r.notes = "Normal operation";
    std::string line = TraversalCsv::row(r, true);
    EXPECT_NE(line.find(",1737047098.123456789,"), std::string::npos) << line;
}

}  // namespace
}  // namespace robometrics::traversal
