#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/topicstats/WindowDiagnostics.hpp"

namespace robometrics::topicstats {
namespace {

WindowRecord window(std::uint64_t count, double mean_ms) {
    WindowRecord r;
    r.topic = "/scan";
    r.metric = Metric::MessagePeriod;
    r.window_start = 1'000'000'000;
    r.window_stop = 2'000'000'000;
    r.stats = {mean_ms, 95, 110, 4.5, count};
    return r;
}

TEST(WindowDiagnostics, APeriodicWindowIsOkWithItsRate) {
    const msgs::DiagnosticArray a = windowDiagnostics(window(9, 100.0));
    EXPECT_EQ(a.header.stamp.toNs(), 2'000'000'000);
    ASSERT_EQ(a.status.size(), 1u);
    const msgs::DiagnosticStatus &s = a.status[0];
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::OK);
    EXPECT_EQ(s.name, "robometrics: topic /scan");
    EXPECT_EQ(s.hardware_id, "/scan");
    EXPECT_EQ(s.message, "10 Hz");  // 1000 / 100 ms
    ASSERT_GE(s.values.size(), 4u);
    EXPECT_EQ(s.values[0].key, "frequency_hz");
    EXPECT_EQ(s.values[0].value, "10");
    EXPECT_EQ(s.values[2].key, "jitter_ms");
    EXPECT_EQ(s.values[2].value, "4.5");
}

TEST(WindowDiagnostics, AnEmptyWindowIsStale) {
    const msgs::DiagnosticStatus s = windowDiagnostic(window(0, std::nan("")));
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::STALE);
    EXPECT_EQ(s.message, "no message period in the last 1 s");
}

}  // namespace
}  // namespace robometrics::topicstats
