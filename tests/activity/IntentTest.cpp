#include <gtest/gtest.h>

#include "TestSupport.hpp"
#include "robometrics/activity/Intent.hpp"

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

TEST(Intent, CommandsAndGoalsMergeIntoTheCommandedSpansWhateverTheirOrder) {
    // Commands taken over in bulk and one by one, out of order (two publishers), and goals
    // starting before, between and on a command: the commanded spans are their union.
    IntentBuilder b;
    b.addCommands({{4000 * kMs, 0.2, 0}, {1000 * kMs, 0.2, 0}});
    b.addCommand({8000 * kMs, 0.0, 0.3});
    std::array<std::uint8_t, 16> early{}, between{}, same{};
    early[0] = 1;
    between[0] = 2;
    same[0] = 3;
    b.addGoalStatus(500 * kMs, early, 2);
    b.addGoalStatus(1200 * kMs, early, 4);    // 0.5-1.2 s overlaps the first command's hold
    b.addGoalStatus(2000 * kMs, between, 2);  // 2-3 s, alone
    b.addGoalStatus(3000 * kMs, between, 4);
    b.addGoalStatus(8000 * kMs, same, 2);  // starts with the turn, ends after it
    b.addGoalStatus(9000 * kMs, same, 4);
    const Intent intent = b.finish(10'000 * kMs);
    const std::vector<TimeSpan> &spans = intent.commanded.spans();
    ASSERT_EQ(spans.size(), 4u);
    EXPECT_EQ(spans[0].start, 500 * kMs);
    EXPECT_EQ(spans[0].end, 1500 * kMs);
    EXPECT_EQ(spans[1].start, 2000 * kMs);
    EXPECT_EQ(spans[1].end, 3000 * kMs);
    EXPECT_EQ(spans[2].start, 4000 * kMs);
    EXPECT_EQ(spans[2].end, 4500 * kMs);
    EXPECT_EQ(spans[3].start, 8000 * kMs);
    EXPECT_EQ(spans[3].end, 9000 * kMs);
    ASSERT_EQ(intent.linear.size(), 2u);
    EXPECT_EQ(intent.linear[0].start, 1000 * kMs);
    EXPECT_EQ(intent.linear[1].start, 4000 * kMs);
}

}  // namespace
}  // namespace robometrics::activity
