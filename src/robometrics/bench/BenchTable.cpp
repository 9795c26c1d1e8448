#include "robometrics/bench/BenchTable.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace robometrics::bench {
namespace {

struct CellRow {
    std::string key;   ///< the cell key; empty for a matrix without axes
    std::string cell;  ///< what the table shows
    int done = 0, failed = 0, other = 0, ok = 0;
    double run_s = 0, evaluate_s = 0;
    int runs = 0, evaluations = 0;  ///< how many had a time (an evaluate-only job has no run_s)
};

std::string mean(double sum, int n) { return n > 0 ? fmt::format("{:.2f}", sum / n) : "-"; }

}  // namespace

std::string formatCellTable(const std::vector<JobRecord> &jobs) {
    std::vector<CellRow> rows;  // in job order, which is cell order
    for (const JobRecord &j : jobs) {
        if (rows.empty() || rows.back().key != j.cell_key) {
            rows.push_back({j.cell_key, j.cell_key.empty() ? "(all)" : j.cell_key});
        }
        CellRow &r = rows.back();
        if (j.status == JobStatus::done) {
            ++r.done;
            r.ok += j.verdict == std::optional<std::string>("ok") ? 1 : 0;
            r.run_s += j.run_s.value_or(0);
            r.runs += j.run_s ? 1 : 0;
            r.evaluate_s += j.evaluate_s.value_or(0);
            r.evaluations += j.evaluate_s ? 1 : 0;
        } else if (j.status == JobStatus::failed) {
            ++r.failed;
        } else {
            ++r.other;
        }
    }
    std::size_t width = 4;
    for (const CellRow &r : rows) width = std::max(width, r.cell.size());
    std::string out = fmt::format("{:<{}}  {:>4}  {:>6}  {:>7}  {:>3}  {:>6}  {:>6}\n", "cell", width, "done", "failed",
                                  "pending", "ok", "run_s", "eval_s");
    for (const CellRow &r : rows) {
        out += fmt::format("{:<{}}  {:>4}  {:>6}  {:>7}  {:>3}  {:>6}  {:>6}\n", r.cell, width, r.done, r.failed,
                           r.other, r.ok, mean(r.run_s, r.runs), mean(r.evaluate_s, r.evaluations));
    }
    return out;
}

}  // namespace robometrics::bench
