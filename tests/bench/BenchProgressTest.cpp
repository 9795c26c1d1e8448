#include <gtest/gtest.h>

#include "robometrics/bench/BenchProgress.hpp"

namespace robometrics::bench {
namespace {

TEST(BenchProgress, LineHasCountsRateAndEta) {
    BenchCounters c;
    c.total = 12;
    c.running = 2;
    EXPECT_EQ(progressLine(c, 2, 10.0), "bench: 0/12 done, 2 running, 0 failed, - jobs/min, ETA -");
    c.done = 5;
    c.failed = 1;
    c.job_seconds = 60.0;  // 10 s a job; 6 left on 2 workers: 30 s
    EXPECT_EQ(progressLine(c, 2, 40.0), "bench: 5/12 done, 2 running, 1 failed, 9.0 jobs/min, ETA 0:30");
}

}  // namespace
}  // namespace robometrics::bench
