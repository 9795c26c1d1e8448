#include "robometrics/bench/BenchAggregates.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <unordered_map>

#include "robometrics/evaluate/EvaluationDiagnostics.hpp"

namespace robometrics::bench {

const CellAggregate *BenchAggregates::findCell(const std::string &key_or_number) const {
    for (const CellAggregate &cell : cells) {
        if (cell.key == key_or_number) return &cell;
    }
    if (!key_or_number.empty() && key_or_number.size() < 9 &&
        std::all_of(key_or_number.begin(), key_or_number.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        const std::size_t number = std::stoul(key_or_number);
        if (number >= 1 && number <= cells.size()) return &cells[number - 1];
    }
    return nullptr;
}

std::optional<double> potentialFailure(const JobRecord &job) {
    if (!job.verdict) return std::nullopt;
    if (*job.verdict != "potential_failure") return 0.0;
    if (!job.summary_json) return 1.0;
    const nlohmann::json summary = nlohmann::json::parse(*job.summary_json, nullptr, false);
    if (!summary.is_object() || !summary.contains("anomalies") || !summary["anomalies"].is_array()) return 1.0;
    for (const auto &a : summary["anomalies"]) {
        if (evaluate::anomalyArea(a.value("code", std::string())) != "system") return 1.0;
    }
    return 0.0;  // only the machine's resources (cpu_budget): reported with the resources
}

BenchAggregates aggregate(const std::vector<JobRecord> &jobs, const std::vector<MetricValue> &metrics) {
    std::vector<JobRecord> ordered = jobs;
    std::sort(ordered.begin(), ordered.end(), [](const JobRecord &a, const JobRecord &b) { return a.index < b.index; });

    BenchAggregates out;
    std::unordered_map<std::string, std::size_t> cell_of_key;
    std::unordered_map<int, std::size_t> cell_of_done_job;
    for (const JobRecord &job : ordered) {
        auto [it, added] = cell_of_key.emplace(job.cell_key, out.cells.size());
        if (added) out.cells.push_back(CellAggregate{job.cell_key, 0, 0, 0, {}, {}});
        CellAggregate &cell = out.cells[it->second];
        cell.jobs.push_back(job.index);
        if (job.status == JobStatus::done) {
            ++cell.done;
            cell_of_done_job[job.index] = it->second;
        } else if (job.status == JobStatus::failed) {
            ++cell.failed;
        } else {
            ++cell.unfinished;
        }
    }

    // The verdict of each done job as the metric `potential_failure` (from the job row, not the
    // metrics table: the store has no such row).
    std::vector<MetricValue> verdicts;
    for (const JobRecord &job : ordered) {
        if (job.status != JobStatus::done) continue;
        if (auto v = potentialFailure(job)) verdicts.push_back({job.index, kPotentialFailure, v});
    }
    std::vector<const MetricValue *> sorted;
    for (const std::vector<MetricValue> *list : {&metrics, static_cast<const std::vector<MetricValue> *>(&verdicts)}) {
        for (const MetricValue &m : *list) {
            if (m.value && std::isfinite(*m.value) && cell_of_done_job.count(m.job_index) != 0) sorted.push_back(&m);
        }
    }
    std::sort(sorted.begin(), sorted.end(), [](const MetricValue *a, const MetricValue *b) {
        return a->job_index != b->job_index ? a->job_index < b->job_index : a->name < b->name;
    });
    std::set<std::string> names;
    for (const MetricValue *m : sorted) {
        CellMetric &cm = out.cells[cell_of_done_job.at(m->job_index)].metrics[m->name];
        cm.values.push_back(*m->value);
        cm.jobs.push_back(m->job_index);
        names.insert(m->name);
    }
    for (CellAggregate &cell : out.cells) {
        for (auto &[name, cm] : cell.metrics) cm.summary = summarize(cm.values);
    }
    out.metric_names.assign(names.begin(), names.end());
    return out;
}

void attachChecks(BenchAggregates &aggregates, const std::map<int, JobCheck> &checks) {
    for (CellAggregate &cell : aggregates.cells) cell.check = cellCheck(cell.jobs, checks);
}

}  // namespace robometrics::bench
