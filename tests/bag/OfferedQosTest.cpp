// offeredQosYaml: rosbag2's QoS entry in integer (Humble/Iron) and name (Jazzy) spelling;
// qosSpellingOf on both and on a real Humble-era profile.

#include <gtest/gtest.h>

#include "robometrics/bag/OfferedQos.hpp"

namespace robometrics::bag {
namespace {

TEST(OfferedQos, IntegerSpellingIsWhatHumbleWrites) {
    // rmw enums: KEEP_LAST 1, RELIABLE 1 / BEST_EFFORT 2, TRANSIENT_LOCAL 1 / VOLATILE 2, AUTOMATIC 1.
    EXPECT_EQ(offeredQosYaml({.reliable = true, .transient_local = true, .depth = 1}),
              "- history: 1\n  depth: 1\n  reliability: 1\n  durability: 1\n"
              "  deadline:\n    sec: 9223372036\n    nsec: 854775807\n"
              "  lifespan:\n    sec: 9223372036\n    nsec: 854775807\n"
              "  liveliness: 1\n"
              "  liveliness_lease_duration:\n    sec: 9223372036\n    nsec: 854775807\n"
              "  avoid_ros_namespace_conventions: false\n");
    const std::string best_effort = offeredQosYaml({.reliable = false, .transient_local = false, .depth = 10});
    EXPECT_NE(best_effort.find("  depth: 10\n  reliability: 2\n  durability: 2\n"), std::string::npos) << best_effort;
}

TEST(OfferedQos, NameSpellingIsWhatJazzyWrites) {
    const std::string text =
        offeredQosYaml({.reliable = false, .transient_local = true, .depth = 1}, QosSpelling::Names);
    EXPECT_TRUE(text.starts_with(
        "- history: keep_last\n  depth: 1\n  reliability: best_effort\n  durability: transient_local\n"))
        << text;
    EXPECT_NE(text.find("  liveliness: automatic\n"), std::string::npos);
}

TEST(OfferedQos, TellsTheSpellingOfAStoredProfile) {
    EXPECT_EQ(qosSpellingOf(offeredQosYaml({}, QosSpelling::Names)), QosSpelling::Names);
    EXPECT_EQ(qosSpellingOf(offeredQosYaml({})), QosSpelling::Integers);
    EXPECT_EQ(qosSpellingOf(""), QosSpelling::Integers);
    // As a Humble recorder stores it (history 3 = unknown to the recorder).
    EXPECT_EQ(qosSpellingOf("- history: 3\n  depth: 0\n  reliability: 1\n  durability: 2\n  liveliness: 1"),
              QosSpelling::Integers);
    // Jazzy's metadata.yaml keeps it as a flow or block sequence; both read as names.
    EXPECT_EQ(qosSpellingOf("- {history: keep_last, depth: 10}"), QosSpelling::Names);
    EXPECT_EQ(qosSpellingOf("-   history: keep_all\n    depth: 0"), QosSpelling::Names);
    EXPECT_EQ(qosSpellingOf("not: [valid"), QosSpelling::Integers);
}

}  // namespace
}  // namespace robometrics::bag
