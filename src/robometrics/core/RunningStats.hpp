#pragma once
// Welford's online mean and variance, plus min, max and count, in constant memory.
// This is the statistic libstatistics_collector keeps per topic statistics window (there called
// a "moving average"): NaN samples are ignored entirely (not counted), the standard deviation is
// the population one (sqrt(M2 / n), so one sample gives 0), and an empty accumulator reports NaN
// for every statistic. Unlike the original, max starts at -infinity, so all-negative data works.

#include <cmath>
#include <cstdint>
#include <limits>

namespace robometrics {

class RunningStats {
public:
    void add(double x) {
        if (std::isnan(x)) return;
        ++count_;
        const double old_mean = mean_;
        mean_ += (x - old_mean) / static_cast<double>(count_);
        m2_ += (x - old_mean) * (x - mean_);
        if (x < min_) min_ = x;
        if (x > max_) max_ = x;
    }

    void reset() { *this = RunningStats(); }

    std::uint64_t count() const { return count_; }
    bool empty() const { return count_ == 0; }
    double mean() const { return count_ ? mean_ : nan(); }
    double min() const { return count_ ? min_ : nan(); }
    double max() const { return count_ ? max_ : nan(); }
    /// Population variance M2 / n.
    double variance() const { return count_ ? m2_ / static_cast<double>(count_) : nan(); }
    double stddev() const { return std::sqrt(variance()); }
    /// Sample variance M2 / (n - 1); NaN below two samples.
    double sampleVariance() const { return count_ > 1 ? m2_ / static_cast<double>(count_ - 1) : nan(); }
    double sampleStddev() const { return std::sqrt(sampleVariance()); }

private:
    static double nan() { return std::numeric_limits<double>::quiet_NaN(); }

    std::uint64_t count_ = 0;
    double mean_ = 0.0;
    double m2_ = 0.0;
    double min_ = std::numeric_limits<double>::infinity();
    double max_ = -std::numeric_limits<double>::infinity();
};

}  // namespace robometrics
