#pragma once
// The machine-readable outputs of `bench report`: results.csv (one row per job, one column per
// metric) and results.json (the jobs, the per-cell aggregates, the leaderboards and the
// comparison). Pure: the command writes the strings.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/bench/BenchAggregates.hpp"
#include "robometrics/bench/CellComparison.hpp"

namespace robometrics::bench {

/// Columns: job_index, cell, iteration, seed, status, attempts, exit_code, verdict, anomalies,
/// then every metric name (sorted); empty fields for missing values.
std::string resultsCsv(const std::vector<JobRecord> &jobs, const std::vector<MetricValue> &metrics);

/// {"jobs": [...], "cells": [{key, done, failed, unfinished, metrics: {name: {n, mean, std, min,
/// max, median, ci95: [lo, hi]}}}], "metric_catalogue": {name: {unit, direction, tier,
/// in_catalogue}}, "leaderboards": {name: {direction, ranking: [...]}} for the ranked metrics,
/// "comparison": {...} when given}. NaN is written as null. A matrix with `check:` adds "check"
/// to each checked job (its counts and failed rules) and to each cell (per rule: runs judged,
/// runs failed).
std::string resultsJson(const BenchAggregates &aggregates, const std::vector<JobRecord> &jobs,
                        const std::vector<MetricValue> &metrics, const std::optional<CellComparison> &comparison,
                        const std::map<int, JobCheck> &checks = {});

}  // namespace robometrics::bench
