#include <gtest/gtest.h>

#include "robometrics/io/TfRecording.hpp"

namespace robometrics::io {
namespace {

constexpr TimeNs kSecond = 1'000'000'000;

msgs::TFMessage link(const std::string &parent, const std::string &child, TimeNs stamp, double x) {
    msgs::TransformStamped tf;
    tf.header.stamp = msgs::Time::fromNs(stamp);
    tf.header.frame_id = parent;
    tf.child_frame_id = child;
    tf.transform.translation.x = x;
    tf.transform.rotation.w = 1.0;
    return {{tf}};
}

/// map -> odom static at x = 10; odom -> base_link moving along x at 1 m/s, samples at 1.0, 1.5,
/// 2.0, 2.3 and 3.05 s (x = the stamp in seconds).
TfRecording movingBase() {
    TfRecording r;
    r.add(link("map", "odom", 0, 10.0), true);
    for (TimeNs t : {1000, 1500, 2000, 2300, 3050}) r.add(link("odom", "base_link", t * 1'000'000, t / 1000.0), false);
    return r;
}

TEST(TfRecording, LooksTheChainUpAtAFixedRateFromTheBagStart) {
    // From 0.75 s every 0.5 s while not after 3.05 s: 0.75 (before the first sample: skipped), 1.25,
    // 1.75, 2.25, 2.75; interpolated along x, shifted by the static 10 m.
    auto t = movingBase().chainAtFrequency("b.mcap", "map", "base_link", 750'000'000, 2.0);
    ASSERT_TRUE(t.ok()) << t.message();
    ASSERT_EQ(t->size(), 4u);
    const double stamps[] = {1.25, 1.75, 2.25, 2.75};
    for (std::size_t i = 0; i < 4; ++i) {
        EXPECT_NEAR(t->stamps[i], stamps[i], 1e-12);
        EXPECT_NEAR(t->positions[i].x(), 10.0 + stamps[i], 1e-9);
    }
    // At every stamp of the moving link instead: five poses.
    EXPECT_EQ(movingBase().chain("b.mcap", "map", "base_link")->size(), 5u);
}

TEST(TfRecording, BagStartOnAnotherClockStartsAtTheFirstTfStamp) {
    // Log times in wall-clock epoch, stamps in sim time: evo 1.36 starts at the first /tf stamp.
    auto t = movingBase().chainAtFrequency("b.mcap", "map", "base_link", 1'700'000'000 * kSecond, 1.0);
    ASSERT_TRUE(t.ok()) << t.message();
    ASSERT_EQ(t->size(), 3u);  // 1, 2 and 3 s
    EXPECT_NEAR(t->stamps[2], 3.0, 1e-12);
    EXPECT_NEAR(t->positions[2].x(), 13.0, 1e-9);
}

TEST(TfRecording, StaticChainIsOnePoseAndUnknownFramesAreErrors) {
    auto fixed = movingBase().chainAtFrequency("b.mcap", "map", "odom", 5 * kSecond, 10.0);
    ASSERT_TRUE(fixed.ok()) << fixed.message();
    ASSERT_EQ(fixed->size(), 1u);
    EXPECT_EQ(fixed->stamps[0], 0.0);
    auto unknown = movingBase().chainAtFrequency("b.mcap", "map", "laser", 0, 10.0);
    ASSERT_FALSE(unknown.ok());
    EXPECT_NE(unknown.message().find("b.mcap: frame 'laser' never appears"), std::string::npos) << unknown.message();
}

}  // namespace
}  // namespace robometrics::io
