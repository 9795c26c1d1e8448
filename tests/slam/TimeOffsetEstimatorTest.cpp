#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "TrajectoryTestUtil.hpp"
#include "robometrics/slam/TimeOffsetEstimator.hpp"

using namespace robometrics::slam;

namespace {

/// A robot driving with a speed and a turn rate that vary without repeating (sums of sines of
/// incommensurate periods, as a driven course rather than a periodic pattern): pose at course time
/// `s`, integrated at 1 kHz from s = 0.
void coursePose(double s, Eigen::Vector3d &p, Eigen::Quaterniond &q) {
    static std::vector<Eigen::Vector3d> table;  // x, y, yaw every millisecond
    constexpr double dt = 0.001;
    if (table.empty()) {
        Eigen::Vector3d state(0, 0, 0);
        for (std::int64_t k = 0; k <= 120'000; ++k) {
            table.push_back(state);
            const double t = static_cast<double>(k) * dt;
            const double speed = 1.0 + 0.3 * std::sin(0.53 * t) + 0.2 * std::sin(1.37 * t + 0.5);
            const double turn =
                0.5 * std::sin(0.31 * t) + 0.3 * std::sin(0.77 * t + 1.0) + 0.2 * std::sin(1.93 * t + 2.0);
            state += dt * Eigen::Vector3d(speed * std::cos(state.z()), speed * std::sin(state.z()), turn);
        }
    }
    const double at = s / dt;
    const auto i = static_cast<std::size_t>(at);
    const double f = at - static_cast<double>(i);
    const Eigen::Vector3d v = (1 - f) * table[i] + f * table[i + 1];
    p = Eigen::Vector3d(v.x(), v.y(), 0.0);
    q = test::yawQuat(v.z());
}

/// Samples the course at `rate` Hz over [0, duration) of course time; a pose taken at course time s
/// is stamped `stamp_base + s - offset` (so that adding `offset` to its stamps matches the course
/// clock), with Gaussian noise on position (m) and yaw (rad).
Trajectory sample(double rate, double duration, double stamp_base, double offset, double pos_noise, double yaw_noise,
                  unsigned seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<double> n(0.0, 1.0);
    Trajectory t;
    for (std::int64_t k = 0; static_cast<double>(k) / rate < duration; ++k) {
        const double s = static_cast<double>(k) / rate;
        Eigen::Vector3d p;
        Eigen::Quaterniond q;
        coursePose(s, p, q);
        p += pos_noise * Eigen::Vector3d(n(rng), n(rng), n(rng));
        q = (q * test::yawQuat(yaw_noise * n(rng))).normalized();
        t.add(stamp_base + s - offset, p, q);
    }
    return t;
}

}  // namespace

TEST(TimeOffsetEstimator, FindsAKnownOffsetDespiteNoiseRatesAndAFrameChange) {
    // Reference: 100 Hz, stamps from 1000 s. Estimate: 30 Hz, 1 cm and 0.5 degree noise, stamped
    // 0.137 s early, expressed in a frame rotated by 1 rad and shifted (alignment must not matter).
    const Trajectory ref = sample(100.0, 60.0, 1000.0, 0.0, 0.0, 0.0, 1);
    Trajectory est = sample(30.0, 60.0, 1000.0, 0.137, 0.01, 0.5 * M_PI / 180, 2);
    const Eigen::Quaterniond frame = test::yawQuat(1.0);
    for (std::size_t i = 0; i < est.size(); ++i) {
        est.positions[i] = frame * est.positions[i] + Eigen::Vector3d(5, -3, 2);
        est.orientations[i] = frame * est.orientations[i];
    }
    auto e = estimateTimeOffset(ref, est);
    ASSERT_TRUE(e.ok()) << e.message();
    EXPECT_NEAR(e->offset, 0.137, 0.003) << "correlation alone gave " << e->correlation_offset;
    EXPECT_NEAR(e->correlation_offset, 0.137, 2 * e->grid_step);
    EXPECT_TRUE(e->refined);
    EXPECT_GT(e->peak, 0.7);  // the yaw noise differentiated at 30 Hz is a third of the turn rate
    EXPECT_GT(e->confidence, 0.3);
}

TEST(TimeOffsetEstimator, FindsAClockOfADifferentEpoch) {
    // The estimate's clock starts near zero while the reference is on epoch time: the offset is
    // about 1.7e9 s, found without any search range given.
    const Trajectory ref = sample(50.0, 40.0, 1.7e9, 0.0, 0.0, 0.0, 3);
    const Trajectory est = sample(20.0, 30.0, 1.7e9, 1.7e9 - 2.0, 0.005, 0.002, 4);
    auto e = estimateTimeOffset(ref, est);
    ASSERT_TRUE(e.ok()) << e.message();
    EXPECT_NEAR(e->offset, 1.7e9 - 2.0, 0.005);
}

TEST(TimeOffsetEstimator, AStraightConstantSpeedLineGivesLowConfidence) {
    std::mt19937 rng(5);
    std::normal_distribution<double> n(0.0, 0.002);
    Trajectory ref, est;
    for (std::int64_t k = 0; k < 3000; ++k) {
        const double s = static_cast<double>(k) * 0.02;
        ref.add(s, Eigen::Vector3d(s + n(rng), n(rng), 0), Eigen::Quaterniond::Identity());
        if (k % 3 == 0) est.add(s - 0.2, Eigen::Vector3d(s + n(rng), n(rng), 0), test::yawQuat(n(rng)));
    }
    // Only noise varies: some lag correlates best, but neither profile has a peak worth trusting.
    auto e = estimateTimeOffset(ref, est);
    ASSERT_TRUE(e.ok()) << e.message();
    EXPECT_LT(e->confidence, 0.05) << "signal " << e->signal << " peak " << e->peak;
}

TEST(TimeOffsetEstimator, RefusesTrajectoriesWithoutStampsOrPoses) {
    Trajectory kitti = test::pathOf({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}});
    kitti.timestamped = false;
    EXPECT_FALSE(estimateTimeOffset(kitti, kitti).ok());
    const Trajectory few = test::pathOf({{0, 0, 0}, {1, 0, 0}});
    auto e = estimateTimeOffset(few, few);
    ASSERT_FALSE(e.ok());
    EXPECT_NE(e.message().find("too few poses"), std::string::npos) << e.message();
}
