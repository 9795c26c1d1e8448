#include <gtest/gtest.h>
#include <signal.h>

#include "robometrics/system/StopSignals.hpp"

namespace robometrics::system {

TEST(StopSignals, RemembersTheSignalInsteadOfEndingTheProcess) {
    std::function<int()> stop = catchStopSignals();
    EXPECT_EQ(stop(), 0);
    ASSERT_EQ(raise(SIGTERM), 0);  // would end the test binary without the handler
    EXPECT_EQ(stop(), SIGTERM);
    ASSERT_EQ(raise(SIGINT), 0);
    EXPECT_EQ(catchStopSignals()(), SIGINT);  // installing again keeps what arrived
}

}  // namespace robometrics::system
