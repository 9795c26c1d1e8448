#include "robometrics/system/RunSummary.hpp"

#include <gtest/gtest.h>

namespace robometrics::system {

TEST(RunSummary, PeaksMeansAndBudget) {
    std::vector<ResourceSample> samples(3);
    samples[0].cpu_percent = 10;
    samples[0].rss_bytes = 100;
    samples[1].cpu_percent = 130;
    samples[1].rss_bytes = 300;
    samples[1].pss_bytes = 250;
    samples[1].threads = 9;
    samples[2].cpu_percent = 40;
    samples[2].rss_bytes = 200;
    RunSummary s = summarize(samples, 100.0);
    EXPECT_DOUBLE_EQ(s.peak_cpu_percent, 130.0);
    EXPECT_DOUBLE_EQ(s.mean_cpu_percent, 60.0);
    EXPECT_EQ(s.peak_rss_bytes, 300u);
    EXPECT_EQ(s.peak_pss_bytes, 250u);
    EXPECT_EQ(s.peak_threads, 9);
    EXPECT_TRUE(s.over_cpu_budget);
    EXPECT_FALSE(summarize(samples, 150.0).over_cpu_budget);
    EXPECT_EQ(summarize({}, 100.0).peak_rss_bytes, 0u);
}

}  // namespace robometrics::system
