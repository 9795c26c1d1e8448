#pragma once
// The store's rows grouped for "which is better": per cell (one combination of axis values) and
// metric, the values of the finished iterations and their summary. Built from plain vectors, so
// it is tested without a store and `bench report` only reads the store once.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/bench/JobChecks.hpp"
#include "robometrics/bench/JobSpec.hpp"
#include "robometrics/bench/stats/SampleSummary.hpp"

namespace robometrics::bench {

struct CellMetric {
    std::vector<double> values;  ///< one per done job with a value, in job order
    std::vector<int> jobs;       ///< the job index of each value
    SampleSummary summary;
};

struct CellAggregate {
    std::string key;                           ///< "slam=a,world=b"
    int done = 0, failed = 0, unfinished = 0;  ///< unfinished: pending or running
    std::vector<int> jobs;                     ///< every job of the cell, in index order
    std::map<std::string, CellMetric> metrics;
    std::optional<CellCheck> check;  ///< the matrix's contract over the cell's runs (attachChecks)
};

struct BenchAggregates {
    std::vector<CellAggregate> cells;       ///< in the order of their first job (the matrix order)
    std::vector<std::string> metric_names;  ///< every metric with at least one value, sorted

    /// The cell with this key, or the 1-based cell number ("3"); nullptr when none matches.
    const CellAggregate *findCell(const std::string &key_or_number) const;
};

/// The per-run metric of the verdict (metric catalogue): 1 when the job's verdict is
/// potential_failure for an anomaly of what it recorded, 0 when it is not (ok, inconclusive, or
/// only anomalies of the machine's resources such as cpu_budget); none without a verdict.
inline constexpr const char *kPotentialFailure = "potential_failure";
std::optional<double> potentialFailure(const JobRecord &job);

/// Only jobs with status "done" contribute values: a failed run's partial metrics would bias the
/// mean. Besides the stored metrics, each done job with a verdict gets `potential_failure`.
BenchAggregates aggregate(const std::vector<JobRecord> &jobs, const std::vector<MetricValue> &metrics);

/// Each cell's `check` from its jobs' contract checks (a matrix with `check:`).
void attachChecks(BenchAggregates &aggregates, const std::map<int, JobCheck> &checks);

}  // namespace robometrics::bench
