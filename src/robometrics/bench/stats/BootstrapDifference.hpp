#pragma once
// A percentile bootstrap confidence interval of mean(a) - mean(b): resample each configuration's
// iterations with replacement, independently, many times, and take the 2.5 % and 97.5 %
// percentiles of the resampled differences. Deterministic: a fixed seed and our own index draw
// (std::uniform_int_distribution differs between standard libraries), so a report is the same
// on every machine.

#include <cmath>
#include <cstdint>
#include <span>

namespace robometrics::bench {

struct BootstrapOptions {
    int resamples = 10000;
    std::uint64_t seed = 12345;
    double confidence = 0.95;
};

struct BootstrapResult {
    double difference = NAN;  ///< mean(a) - mean(b) of the data
    double ci_low = NAN, ci_high = NAN;
    int resamples = 0;
};

/// Non-finite values are ignored; NaN interval when a sample is empty.
BootstrapResult bootstrapDifference(std::span<const double> a, std::span<const double> b,
                                    const BootstrapOptions &options = {});

}  // namespace robometrics::bench
