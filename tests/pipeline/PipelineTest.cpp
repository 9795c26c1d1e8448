#include <gtest/gtest.h>

#include <algorithm>

#include "MessageList.hpp"
#include "robometrics/pipeline/Pipeline.hpp"

namespace robometrics::pipeline {
namespace {

msgs::Odometry odometryAt(double x) {
    msgs::Odometry m;
    m.pose.pose.position.x = x;
    return m;
}

void fillTwoTopics(test::MessageList &list, int n) {
    list.declare<msgs::Odometry>("/odom");
    list.declare<msgs::Twist>("/cmd_vel");
    for (int i = 0; i < n; ++i) {
        list.add("/odom", odometryAt(i), i * 10);
        msgs::Twist t;
        t.linear.x = 0.5 * i;
        list.add("/cmd_vel", t, i * 10 + 5);
    }
}

TEST(Pipeline, EverySubscriberOfATopicSeesEachMessageOnceInOrder) {
    test::MessageList list;
    fillTwoTopics(list, 3);
    Pipeline pipe;
    std::vector<std::string> calls;
    pipe.subscribe<msgs::Odometry>("/odom", [&](const msgs::Odometry &m, const Envelope &e) {
        calls.push_back("a" + std::to_string(static_cast<int>(m.pose.pose.position.x)) + "@" +
                        std::to_string(e.log_time));
    });
    pipe.subscribe<msgs::Twist>(
        "cmd_vel", [&](const msgs::Twist &m, const Envelope &) { calls.push_back("t" + std::to_string(m.linear.x)); });
    pipe.subscribe<msgs::Odometry>("/odom", [&](const msgs::Odometry &m, const Envelope &) {
        calls.push_back("b" + std::to_string(static_cast<int>(m.pose.pose.position.x)));
    });
    ASSERT_TRUE(pipe.run(list).ok());
    const std::vector<std::string> expected{"a0@0",      "b0",    "t0.000000", "a1@10",    "b1",
                                            "t0.500000", "a2@20", "b2",        "t1.000000"};
    EXPECT_EQ(calls, expected);
}

TEST(Pipeline, ReadAheadDeliversWhatTheOneThreadRunDelivers) {
    auto record = [](bool ahead) {
        test::MessageList list;
        fillTwoTopics(list, 2000);
        Pipeline pipe;
        pipe.readAhead(ahead);
        std::vector<std::pair<std::string, TimeNs>> seen;
        pipe.subscribeRaw("*", [&](const bag::Message &m) {
            seen.emplace_back(m.topic->name + std::to_string(m.data.size()), m.log_time);
            return Status::Ok();
        });
        EXPECT_TRUE(pipe.run(list).ok());
        return seen;
    };
    const auto one = record(false);
    EXPECT_EQ(one.size(), 4000u);
    EXPECT_EQ(record(true), one);
}

TEST(Pipeline, AFailingSubscriberStopsTheReadAheadRun) {
    test::MessageList list;
    fillTwoTopics(list, 5000);
    Pipeline pipe;
    pipe.readAhead(true);
    int seen = 0;
    pipe.subscribeRaw("/odom", [&](const bag::Message &) -> Status {
        if (++seen == 3) return Error{"enough"};
        return Status::Ok();
    });
    Status status = pipe.run(list);
    ASSERT_FALSE(status.ok());
    EXPECT_NE(status.message().find("test messages: topic /odom at log time 20 ns: enough"), std::string::npos)
        << status.message();
}

TEST(Pipeline, LanesSeeEveryMessageAndTheEarliestFailureIsReported) {
    for (bool ahead : {false, true}) {
        test::MessageList list;
        fillTwoTopics(list, 3000);
        Pipeline pipe;
        pipe.readAhead(ahead);
        std::vector<TimeNs> lane0, lane1;
        pipe.subscribe<msgs::Odometry>("/odom",
                                       [&](const msgs::Odometry &, const Envelope &e) { lane0.push_back(e.log_time); });
        pipe.setLane(1);
        pipe.subscribe<msgs::Odometry>("/odom",
                                       [&](const msgs::Odometry &, const Envelope &e) { lane1.push_back(e.log_time); });
        pipe.setLane(0);
        ASSERT_TRUE(pipe.run(list).ok());
        EXPECT_EQ(lane0.size(), 3000u);
        EXPECT_EQ(lane0, lane1) << "read ahead: " << ahead;
    }
    for (bool ahead : {false, true}) {
        test::MessageList list;
        fillTwoTopics(list, 3000);
        Pipeline pipe;
        pipe.readAhead(ahead);
        // Lane 0 fails at log time 2000 (message 400), lane 1 earlier, at log time 1005 (message 201).
        pipe.subscribeRaw("/odom", [](const bag::Message &m) -> Status {
            return m.log_time == 2000 ? Status(Error{"lane 0"}) : Status::Ok();
        });
        pipe.setLane(1);
        pipe.subscribeRaw("/cmd_vel", [](const bag::Message &m) -> Status {
            return m.log_time == 1005 ? Status(Error{"lane 1"}) : Status::Ok();
        });
        const Status status = pipe.run(list);
        ASSERT_FALSE(status.ok());
        EXPECT_EQ(status.message(), "test messages: topic /cmd_vel at log time 1005 ns: lane 1") << ahead;
    }
}

TEST(Pipeline, ALaneReadAheadSeesOnlyItsTopicsButFailsAtItsPlaceInTheBag) {
    // Lane 1 reads /cmd_vel only (its consumer passes over /odom): its failure at its 101st
    // message is message 201 of the bag, after lane 0's at message 200 (log time 1000).
    for (bool ahead : {false, true}) {
        test::MessageList list;
        fillTwoTopics(list, 3000);
        Pipeline pipe;
        pipe.readAhead(ahead);
        std::vector<TimeNs> lane1;
        pipe.subscribeRaw("/odom", [](const bag::Message &m) -> Status {
            return m.log_time == 1000 ? Status(Error{"lane 0"}) : Status::Ok();
        });
        pipe.setLane(1);
        pipe.subscribeRaw("/cmd_vel", [&](const bag::Message &m) -> Status {
            lane1.push_back(m.log_time);
            return m.log_time == 1005 ? Status(Error{"lane 1"}) : Status::Ok();
        });
        const Status status = pipe.run(list);
        ASSERT_FALSE(status.ok());
        EXPECT_EQ(status.message(), "test messages: topic /odom at log time 1000 ns: lane 0") << ahead;
        for (std::size_t i = 0; i < lane1.size(); ++i) ASSERT_EQ(lane1[i], static_cast<TimeNs>(i * 10 + 5)) << ahead;
    }
}

TEST(Pipeline, TheCheckRunsEvery4096MessagesAndItsErrorStopsTheRun) {
    for (bool ahead : {false, true}) {
        test::MessageList list;
        fillTwoTopics(list, 5000);  // 10 000 messages: checks before the 4096th and the 8192nd
        Pipeline pipe;
        pipe.readAhead(ahead);
        std::vector<TimeNs> lane0, lane1;
        pipe.subscribeRaw("*", [&](const bag::Message &m) {
            lane0.push_back(m.log_time);
            return Status::Ok();
        });
        pipe.setLane(1);
        pipe.subscribeRaw("*", [&](const bag::Message &m) {
            lane1.push_back(m.log_time);
            return Status::Ok();
        });
        pipe.setLane(0);
        int checks = 0;
        pipe.setCheck([&]() -> Status { return ++checks == 2 ? Status(Error{"interrupted"}) : Status::Ok(); });
        const Status status = pipe.run(list);
        ASSERT_FALSE(status.ok());
        EXPECT_EQ(status.message(), "interrupted");
        EXPECT_EQ(checks, 2);
        // The first 8191 messages were dispatched; the second check came before the next.
        EXPECT_EQ(lane0.size(), 8191u) << ahead;
        // The other lane, on its own thread, saw the same messages up to where it stopped.
        const std::size_t both = std::min(lane0.size(), lane1.size());
        EXPECT_TRUE(std::equal(lane1.begin(), lane1.begin() + static_cast<std::ptrdiff_t>(both), lane0.begin()));
    }
    test::MessageList list;
    fillTwoTopics(list, 3000);
    Pipeline pipe;
    int checks = 0;
    pipe.setCheck([&] {
        ++checks;
        return Status::Ok();
    });
    EXPECT_TRUE(pipe.run(list).ok());
    EXPECT_EQ(checks, 1);  // 6000 messages: one check, before message 4096
}

}  // namespace
}  // namespace robometrics::pipeline
