#include "robometrics/bench/stats/SampleSummary.hpp"

#include <algorithm>
#include <vector>

#include "robometrics/bench/stats/StudentT.hpp"
#include "robometrics/core/RunningStats.hpp"
#include "robometrics/slam/BoxStatistics.hpp"

namespace robometrics::bench {

SampleSummary summarize(std::span<const double> values) {
    std::vector<double> sorted;
    RunningStats stats;  // Welford: no cancellation when the values are large and close together
    for (double v : values) {
        if (!std::isfinite(v)) continue;
        sorted.push_back(v);
        stats.add(v);
    }
    SampleSummary s;
    s.n = sorted.size();
    if (s.n == 0) return s;
    std::sort(sorted.begin(), sorted.end());
    s.mean = stats.mean();
    s.min = sorted.front();
    s.max = sorted.back();
    s.median = slam::percentileOfSorted(sorted, 50);
    if (s.n < 2) return s;
    s.std = stats.sampleStddev();
    const double df = static_cast<double>(s.n - 1);
    const double half = studentTQuantile(0.5 + kConfidence / 2, df) * s.std / std::sqrt(static_cast<double>(s.n));
    s.ci_low = s.mean - half;
    s.ci_high = s.mean + half;
    return s;
}

}  // namespace robometrics::bench
