#pragma once
// Store rows for the aggregation tests: cells of three iterations with given metric values.

#include <string>
#include <vector>

#include "robometrics/bench/JobSpec.hpp"

namespace robometrics::test {

struct Rows {
    std::vector<bench::JobRecord> jobs;
    std::vector<bench::MetricValue> metrics;

    /// Adds one job of `cell` with status `status` and one value per (name, value).
    void add(const std::string &cell, bench::JobStatus status,
             const std::vector<std::pair<std::string, double>> &values) {
        bench::JobRecord job;
        job.index = static_cast<int>(jobs.size());
        job.cell_key = cell;
        job.status = status;
        job.out_dir = "jobs/" + std::to_string(job.index) + "/run";
        jobs.push_back(job);
        for (const auto &[name, value] : values) metrics.push_back(bench::MetricValue{job.index, name, value});
    }
};

}  // namespace robometrics::test
