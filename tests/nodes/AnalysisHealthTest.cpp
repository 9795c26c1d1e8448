#include <gtest/gtest.h>

#include "robometrics/nodes/AnalysisHealth.hpp"

namespace robometrics::nodes {
namespace {

constexpr TimeNs kStart = 100 * kNsPerSecond;
constexpr TimeNs kMs = 1'000'000;

msgs::DiagnosticStatus healthAt(AnalysisHealth &h, TimeNs now, std::uint64_t inputs, std::uint64_t outputs,
                                const std::string &failure = "") {
    h.sample(now, inputs, outputs);
    msgs::DiagnosticArray a = h.array("all good", failure, {{"rows", "7"}});
    EXPECT_EQ(a.header.stamp.toNs(), now);
    EXPECT_EQ(a.status.size(), 1u);
    return a.status.at(0);
}

std::string valueOf(const msgs::DiagnosticStatus &s, const std::string &key) {
    for (const auto &kv : s.values) {
        if (kv.key == key) return kv.value;
    }
    return "(missing)";
}

TEST(AnalysisHealth, WaitsForInputThenWarnsOnceTheTimeoutHasPassed) {
    AnalysisHealth h("robometrics: thing", "/in");
    msgs::DiagnosticStatus s = healthAt(h, kStart, 0, 0);
    EXPECT_EQ(s.name, "robometrics: thing");
    EXPECT_EQ(s.hardware_id, "/in");
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::OK);
    EXPECT_EQ(s.message, "waiting for input");
    s = healthAt(h, kStart + 3500 * kMs, 0, 0);  // beyond the 3 s timeout
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::WARN);
    EXPECT_EQ(s.message, "no input in the 3.5 s since the start");
    EXPECT_EQ(valueOf(s, "last_input_age_s"), "none");
    EXPECT_EQ(valueOf(s, "last_update_age_s"), "none");
}

TEST(AnalysisHealth, FreshInputAndResultsAreOkWithTheirAges) {
    AnalysisHealth h("robometrics: thing", "/in");
    healthAt(h, kStart, 0, 0);
    healthAt(h, kStart + 500 * kMs, 5, 1);  // both grew: dated at this sample
    const msgs::DiagnosticStatus s = healthAt(h, kStart + 2000 * kMs, 5, 1);
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::OK);
    EXPECT_EQ(s.message, "all good");
    ASSERT_EQ(s.values.size(), 3u);  // the analysis's figures first, then the ages
    EXPECT_EQ(s.values[0].key, "rows");
    EXPECT_EQ(s.values[1].key, "last_update_age_s");
    EXPECT_EQ(s.values[1].value, "1.5");
    EXPECT_EQ(s.values[2].key, "last_input_age_s");
    EXPECT_EQ(s.values[2].value, "1.5");
}

TEST(AnalysisHealth, StaleInputOrStaleResultsWarn) {
    AnalysisHealth silent("robometrics: thing", "/in");
    healthAt(silent, kStart, 0, 0);
    healthAt(silent, kStart + 500 * kMs, 5, 1);
    msgs::DiagnosticStatus s = healthAt(silent, kStart + 4000 * kMs, 5, 1);
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::WARN);
    EXPECT_EQ(s.message, "no input for 3.5 s");

    AnalysisHealth stuck("robometrics: thing", "/in");
    healthAt(stuck, kStart, 0, 0);
    healthAt(stuck, kStart + 500 * kMs, 5, 1);
    s = healthAt(stuck, kStart + 4000 * kMs, 40, 1);  // messages keep coming, no result since 0.5 s
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::WARN);
    EXPECT_EQ(s.message, "no result for 3.5 s");

    AnalysisHealth never("robometrics: thing", "/in");
    healthAt(never, kStart, 0, 0);
    s = healthAt(never, kStart + 2000 * kMs, 9, 0);
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::OK);
    EXPECT_EQ(s.message, "waiting for the first result");
    s = healthAt(never, kStart + 3200 * kMs, 12, 0);
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::WARN);
    EXPECT_EQ(s.message, "no result in the 3.2 s since the start");
}

TEST(AnalysisHealth, AFailureIsAnErrorWhateverTheFreshness) {
    AnalysisHealth h("robometrics: thing", "/in");
    healthAt(h, kStart, 3, 1);
    const msgs::DiagnosticStatus s = healthAt(h, kStart + 100 * kMs, 4, 2, "cannot decode /in");
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::ERROR);
    EXPECT_EQ(s.message, "cannot decode /in");
    EXPECT_EQ(valueOf(s, "last_input_age_s"), "0");
}

TEST(AnalysisHealth, IsDueOncePerPeriodKeepingThePhase) {
    AnalysisHealth h("robometrics: thing", "/in");
    h.sample(kStart, 0, 0);
    EXPECT_TRUE(h.due(kStart));  // the first status goes out at once
    EXPECT_FALSE(h.due(kStart + 100 * kMs));
    EXPECT_FALSE(h.due(kStart + 999 * kMs));
    EXPECT_TRUE(h.due(kStart + 1000 * kMs));
    EXPECT_FALSE(h.due(kStart + 1900 * kMs));
    EXPECT_TRUE(h.due(kStart + 2050 * kMs));  // late tick: the next is still due at 3 s
    EXPECT_TRUE(h.due(kStart + 3000 * kMs));
    EXPECT_TRUE(h.due(kStart + 10000 * kMs));  // after a stall, one status, then a period from now
    EXPECT_FALSE(h.due(kStart + 10500 * kMs));
    EXPECT_TRUE(h.due(kStart + 11000 * kMs));
}

TEST(CountClock, DatesGrowthAtTheSampleThatSawIt) {
    CountClock c;
    EXPECT_FALSE(c.age(kStart));
    c.sample(kStart, 0);
    EXPECT_FALSE(c.age(kStart + kMs));
    c.sample(kStart + 200 * kMs, 2);
    c.sample(kStart + 300 * kMs, 2);
    EXPECT_EQ(c.count(), 2u);
    EXPECT_EQ(*c.age(kStart + 1200 * kMs), 1000 * kMs);
    EXPECT_EQ(ageText(c.age(kStart + 1200 * kMs)), "1");
    EXPECT_EQ(ageText(std::nullopt), "none");
}

}  // namespace
}  // namespace robometrics::nodes
