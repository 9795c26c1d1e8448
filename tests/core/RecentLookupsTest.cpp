#include <gtest/gtest.h>

#include <string>
#include <unordered_map>

#include "robometrics/core/RecentLookups.hpp"

namespace robometrics {
namespace {

using NameCounts = std::unordered_map<std::string, int>;

TEST(RecentLookupsTest, GivesTheMapsEntryAddingAMissingOne) {
    NameCounts map{{"odom", 1}};
    RecentLookups<NameCounts> recent;
    EXPECT_EQ(&recent(map, "odom"), &map.at("odom"));
    EXPECT_EQ(recent(map, "base_link"), 0);  // added, as operator[] adds it
    EXPECT_EQ(map.size(), 2u);
}

TEST(RecentLookupsTest, RemembersEntriesAcrossRehashesAndEvictsTheOldest) {
    NameCounts map;
    RecentLookups<NameCounts> recent;
    for (int round = 0; round < 3; ++round) {
        // Six names through four slots, with enough new keys in between to rehash the map.
        for (const char *name : {"a", "b", "c", "d", "e", "f"}) ++recent(map, name);
        for (int i = 0; i < 100; ++i) map["filler" + std::to_string(round * 100 + i)];
    }
    for (const char *name : {"a", "b", "c", "d", "e", "f"}) EXPECT_EQ(map.at(name), 3) << name;
}

TEST(RecentLookupsTest, ACopyRemembersNothingOfTheOriginalsMap) {
    NameCounts map;
    RecentLookups<NameCounts> recent;
    recent(map, "odom") = 7;
    NameCounts copy_of_map = map;
    RecentLookups<NameCounts> copy = recent;  // as a TfBuffer copied with its edges
    ++copy(copy_of_map, "odom");
    EXPECT_EQ(copy_of_map.at("odom"), 8);
    EXPECT_EQ(map.at("odom"), 7);
}

TEST(RecentLookupsTest, ForgetsBeforeTheMapIsCleared) {
    NameCounts map;
    RecentLookups<NameCounts> recent;
    recent(map, "odom") = 7;
    recent.forget();
    map.clear();
    EXPECT_EQ(recent(map, "odom"), 0);
    EXPECT_EQ(map.size(), 1u);
}

}  // namespace
}  // namespace robometrics
