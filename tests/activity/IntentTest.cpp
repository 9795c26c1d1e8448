#include <gtest/gtest.h>

#include "robometrics/activity/Intent.hpp"
#include "TestSupport.hpp"

namespace robometrics::activity {
namespace {

using test::kMs;

TEST(Intent, ACommandHoldsUntilTheNextOneOrTheTimeout) {
    IntentBuilder b;  // timeout 0.5 s
    // 0.3 m/s at 0 and 100 ms, then silence: held to 600 ms. A stop at 2 s, a turn at 3 s.
    b.addCommand({0, 0.3, 0});
    b.addCommand({100 * kMs, 0.3, 0});
    b.addCommand({2000 * kMs, 0.0, 0});
    b.addCommand({3000 * kMs, 0.0, 0.5});
    const Intent intent = b.finish(10'000 * kMs);
    EXPECT_TRUE(intent.known());
    ASSERT_EQ(intent.commanded.spans().size(), 2u);
    EXPECT_EQ(intent.commanded.spans()[0].end, 600 * kMs);
    EXPECT_EQ(intent.commanded.spans()[1].start, 3000 * kMs);  // turning in place is motion too
    EXPECT_EQ(intent.commanded.spans()[1].end, 3500 * kMs);
    ASSERT_EQ(intent.linear.size(), 2u);  // only the drive commands ask for distance
    EXPECT_EQ(intent.linear[0].end, 100 * kMs);
    EXPECT_DOUBLE_EQ(intent.linear[1].speed_mps, 0.3);
}

TEST(Intent, AGoalIsActiveFromExecutingToItsEnd) {
    IntentBuilder b;
    std::array<std::uint8_t, 16> a{}, c{};
    a[0] = 1;
    c[0] = 2;
    b.addGoalStatus(1000 * kMs, a, 2);  // executing
    b.addGoalStatus(5000 * kMs, a, 4);  // succeeded
    b.addGoalStatus(6000 * kMs, a, 4);  // repeated in later arrays: no effect
    b.addGoalStatus(7000 * kMs, c, 6);  // first seen finished: tells nothing
    std::array<std::uint8_t, 16> d{};
    d[0] = 3;
    b.addGoalStatus(8000 * kMs, d, 1);  // accepted and never finished: open to the end
    const Intent intent = b.finish(9000 * kMs);
    EXPECT_FALSE(intent.has_commands);
    EXPECT_TRUE(intent.has_goals);
    EXPECT_EQ(intent.goal_count, 2u);
    ASSERT_EQ(intent.goals.spans().size(), 2u);
    EXPECT_EQ(intent.goals.spans()[0].start, 1000 * kMs);
    EXPECT_EQ(intent.goals.spans()[0].end, 5000 * kMs);
    EXPECT_EQ(intent.goals.spans()[1].end, 9000 * kMs);
    EXPECT_EQ(intent.commanded.total(), 5000 * kMs);
}

}  // namespace
}  // namespace robometrics::activity
