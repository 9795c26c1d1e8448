#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <sstream>

#include "robometrics/system/LeftoverGroups.hpp"
#include "robometrics/system/OrphanGuard.hpp"
#include "robometrics/system/ProcessGroup.hpp"

namespace robometrics::system {
namespace {

/// A group left running: `sh` with a background `sleep` (released, as a dead program's would be).
pid_t startLeftover() {
    auto leader = spawnInGroup({"sh", "-c", "sleep 60 & wait"});
    EXPECT_TRUE(leader.ok()) << leader.message();
    releaseGroup(*leader);
    return *leader;
}

std::string field(const std::string &line, int index) {
    std::istringstream in(line);
    std::string word;
    for (int i = 0; i <= index; ++i) in >> word;
    return word;
}

TEST(LeftoverGroups, EndsARecordedGroupThatStillRuns) {
    const pid_t leader = startLeftover();
    const std::string line = groupRecordLine(leader);
    EXPECT_EQ(recordedGroupId(line), std::optional<pid_t>(leader));
    EXPECT_EQ(field(line, 2), std::to_string(leader));
    EXPECT_EQ(endRecordedGroups(line, 1.0), std::vector<pid_t>{leader});
    waitpid(leader, nullptr, 0);
    EXPECT_NE(kill(-leader, 0), 0);  // the whole group, the background sleep included
}

TEST(LeftoverGroups, LeavesOtherMachinesBootsAndReusedIdsAlone) {
    const pid_t leader = startLeftover();
    const std::string line = groupRecordLine(leader);
    const std::string host = field(line, 0), boot = field(line, 1), start = field(line, 3);
    const std::string id = std::to_string(leader);
    const std::string others = "another-host " + boot + " " + id + " " + start + "\n" +  //
                               host + " 00000000-0000-0000-0000-000000000000 " + id + " " + start + "\n" + host + " " +
                               boot + " " + id + " " + std::to_string(std::stoull(start) + 1) + "\n" + "not a record\n";
    EXPECT_TRUE(endRecordedGroups(others, 0.2).empty());
    EXPECT_EQ(kill(-leader, 0), 0);
    EXPECT_EQ(recordedGroupId("not a record"), std::nullopt);
    kill(-leader, SIGKILL);  // the group this test started
    waitpid(leader, nullptr, 0);
}

}  // namespace
}  // namespace robometrics::system
