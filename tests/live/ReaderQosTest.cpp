#include <gtest/gtest.h>

#include "robometrics/live/ReaderQos.hpp"

namespace robometrics::live {
namespace {

Endpoint writer(const std::string &guid, Reliability r, Durability d) {
    Endpoint e;
    e.guid = guid;
    e.topic = "rt/scan";
    e.qos = {r, d, d == Durability::TransientLocal ? 1 : 10};
    return e;
}

const Endpoint kReliable = writer("w1", Reliability::Reliable, Durability::Volatile);
const Endpoint kBestEffort = writer("w2", Reliability::BestEffort, Durability::Volatile);
const Endpoint kLatched = writer("w3", Reliability::Reliable, Durability::TransientLocal);

TEST(ReaderQos, BestEffortByDefaultLatchedWhenEveryWriterIs) {
    EXPECT_TRUE(sameMatching(readerQosFor(Qos::sensorData(), false, {kReliable}), Qos::sensorData()));
    EXPECT_TRUE(sameMatching(readerQosFor(Qos::sensorData(), false, {kLatched}), Qos::latched()));
    EXPECT_EQ(readerQosFor(Qos::sensorData(), false, {kLatched}).depth, 1);
    // A volatile writer joining a latched topic: a transient-local reader would not hear it.
    EXPECT_TRUE(sameMatching(readerQosFor(Qos::sensorData(), false, {kLatched, kReliable}), Qos::sensorData()));
}

TEST(ReaderQos, AdaptedReliabilityFallsBackWhenABestEffortWriterJoins) {
    const Qos alone = readerQosFor(Qos::sensorData(), true, {kReliable});
    EXPECT_EQ(alone.reliability, Reliability::Reliable);  // as ros2 bag record
    const Qos both = readerQosFor(Qos::sensorData(), true, {kReliable, kBestEffort});
    EXPECT_EQ(both.reliability, Reliability::BestEffort);
    EXPECT_FALSE(sameMatching(alone, both));  // the source makes its reader again
}

TEST(ReaderQos, UnmatchedWritersAreNamedWithTheReason) {
    const Qos reliable = Qos::rosDefault();  // --reliable
    EXPECT_TRUE(unmatchedWriters(reliable, {kReliable, kLatched}).empty());
    EXPECT_EQ(unmatchedWriters(reliable, {kReliable, kBestEffort}),
              std::vector<std::string>{"publisher w2 offers best effort, the reader requests reliable"});
    EXPECT_EQ(unmatchedWriters(Qos::latched(), {kReliable}),
              std::vector<std::string>{"publisher w1 offers volatile, the reader requests transient local"});
    EXPECT_TRUE(unmatchedWriters(Qos::sensorData(), {kReliable, kBestEffort, kLatched}).empty());
}

}  // namespace
}  // namespace robometrics::live
