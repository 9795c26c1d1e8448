// ActivityStage: the activity summary from what the robot was told and did (times by hand), the
// notes when stuck cannot be judged, and the skipped stretches on the system clock.

#include <gtest/gtest.h>

#include "robometrics/evaluate/ActivityStage.hpp"

namespace robometrics::evaluate {
namespace {

constexpr TimeNs kActivityStart = TimeNs{1'700'000'000} * kNsPerSecond;

RunClock minuteClock() {
    RunClock clock;
    clock.observe(kActivityStart);
    clock.observe(kActivityStart + 60 * kNsPerSecond);
    clock.finish();
    return clock;
}

TimeNs at(double seconds) { return kActivityStart + fromSeconds(seconds); }

TEST(ActivityStage, CommandedMovingAndIdleTimesOverTheRun) {
    nodes::ActivityRun run;
    run.intent.has_commands = true;
    run.intent.commanded.add(at(10), at(30));  // told to drive 10-30 s
    run.has_odometry = true;
    run.moving.add(at(20), at(40));  // drove 20-40 s
    nodes::TopicChoice topics;
    topics.cmd_vel = "/cmd_vel";
    std::vector<std::string> notes;
    const ActivityResult a = activityOf(run, topics, minuteClock(), {}, {}, notes);
    EXPECT_EQ(a.command_topic, "/cmd_vel");
    EXPECT_TRUE(a.intent_known);
    EXPECT_DOUBLE_EQ(a.commanded_s, 20.0);
    EXPECT_DOUBLE_EQ(a.moving_s, 20.0);
    EXPECT_DOUBLE_EQ(a.idle_s, 30.0);  // 60 s less the 30 s of 10-40 s
    ASSERT_TRUE(a.moving);
    // A command but no progress track: stuck cannot be judged, and says so.
    ASSERT_EQ(notes.size(), 1U);
    EXPECT_EQ(notes[0], "stuck: no odometry or ground-truth pose to measure progress on");
}

// A lost span is neither idle nor moving: 35-50 s lost, of which 35-40 s the robot was seen
// moving (the odometry before the span says so), so 10 s are not known and idle is 60 - 30 - 10.
TEST(ActivityStage, ALostSpanIsNotIdleTime) {
    nodes::ActivityRun run;
    run.intent.has_commands = true;
    run.intent.commanded.add(at(10), at(30));
    run.has_odometry = true;
    run.moving.add(at(20), at(40));
    nodes::TopicChoice topics;
    topics.cmd_vel = "/cmd_vel";
    TimeIntervals unread;
    unread.add(at(35), at(50));
    std::vector<std::string> notes;
    const ActivityResult a = activityOf(run, topics, minuteClock(), {}, unread, notes);
    EXPECT_DOUBLE_EQ(a.moving_s, 20.0);
    EXPECT_DOUBLE_EQ(a.unread_s, 10.0);
    EXPECT_DOUBLE_EQ(a.idle_s, 20.0);
}

TEST(ActivityStage, WithoutACommandTopicStandingStillIsNotStuck) {
    std::vector<std::string> notes;
    const ActivityResult a = activityOf(nodes::ActivityRun{}, nodes::TopicChoice{}, minuteClock(), {}, {}, notes);
    EXPECT_FALSE(a.intent_known);
    EXPECT_FALSE(a.moving);  // neither odometry nor ground truth: motion unknown
    EXPECT_DOUBLE_EQ(a.idle_s, 60.0);
    ASSERT_EQ(notes.size(), 1U);
    EXPECT_NE(notes[0].find("no velocity command topic"), std::string::npos);
}

TEST(ActivityStage, SkippedStretchesAreMergedOnTheSystemClock) {
    bag::LostSpan first, second, open;
    first.start_time = at(5);
    first.end_time = at(8);
    second.start_time = at(7);
    second.end_time = at(12);
    open.start_time = at(50);  // nothing read after it: it reaches the end of the run
    const TimeIntervals unread = unreadSpans({second, first, open}, minuteClock());
    ASSERT_EQ(unread.spans().size(), 2U);
    EXPECT_EQ(unread.spans()[0].start, at(5));
    EXPECT_EQ(unread.spans()[0].end, at(12));
    EXPECT_EQ(unread.spans()[1].start, at(50));
    EXPECT_EQ(unread.spans()[1].end, at(60));
}

// A span with no message read before it reaches back to the start of the run; one with neither
// time covers the whole run (what it held is unknown, so nothing is judged over it).
TEST(ActivityStage, ASpanWithoutATimeReachesTheStartOrTheEndOfTheRun) {
    bag::LostSpan head, unknown;
    head.end_time = at(3);
    const TimeIntervals leading = unreadSpans({head}, minuteClock());
    ASSERT_EQ(leading.spans().size(), 1U);
    EXPECT_EQ(leading.spans()[0].start, at(0));
    EXPECT_EQ(leading.spans()[0].end, at(3));
    const TimeIntervals whole = unreadSpans({unknown}, minuteClock());
    ASSERT_EQ(whole.spans().size(), 1U);
    EXPECT_EQ(whole.spans()[0].start, at(0));
    EXPECT_EQ(whole.spans()[0].end, at(60));
}

}  // namespace
}  // namespace robometrics::evaluate
