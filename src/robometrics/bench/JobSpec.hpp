#pragma once
// Plain data shared by the matrix, the store, the runner and the executors: one expanded job,
// one stored job row, one metric, one finished job. No behaviour here, so every part of
// `robometrics bench` (and `bench report`) can include it without pulling in SQLite or YAML.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/bench/JobStatus.hpp"
#include "robometrics/topicstats/RecordingContract.hpp"

namespace robometrics::bench {

/// One job of the expanded matrix: a cell (one value per axis), one iteration of it.
struct JobSpec {
    int index = 0;                            ///< position in the expanded list, 0-based, stable
    std::string cell_key;                     ///< "axis=value,axis=value" in axis order
    std::map<std::string, std::string> cell;  ///< axis name -> value
    int iteration = 0;                        ///< 0-based
    std::int64_t seed = 0;
    std::vector<std::string> argv;  ///< the command after substitution
    std::string job_dir;            ///< OUT/jobs/<index>: logs, eval/, the processes file
    std::string out_dir;            ///< the run: OUT/jobs/<index>/run, the {out} of the command; or the recording
};

/// One row of the `jobs` table.
struct JobRecord {
    int index = 0;
    std::string cell_key;
    std::string cell_json;
    int iteration = 0;
    std::int64_t seed = 0;
    std::string command_json;
    JobStatus status = JobStatus::pending;
    int attempts = 0;
    std::optional<int> exit_code;
    std::optional<std::string> worker;
    std::optional<std::int64_t> started_ns;
    std::optional<std::int64_t> finished_ns;
    std::optional<double> run_s;
    std::optional<double> evaluate_s;
    std::optional<std::string> verdict;
    std::optional<int> anomalies;
    std::optional<std::string> summary_json;
    std::optional<std::string> out_dir;
    std::optional<std::string> error;
};

/// One row of the `metrics` table: a numeric leaf of summary.json, flattened with dots.
struct MetricValue {
    int job_index = 0;
    std::string name;
    std::optional<double> value;  ///< null in summary.json -> no value
};

/// The content of a fleet's recording (RecordingDigest.hpp computes it).
struct RecordingDigest {
    std::string path;    ///< as the matrix's axis gave it
    std::string sha256;  ///< 64 lower-case hex digits
    std::uint64_t bytes = 0;
};

/// A job's recording judged against the matrix's `check:` spec (docs/check.md, In bench).
struct JobCheck {
    std::optional<std::string> error;           ///< the recording could not be read: no rule judged
    std::vector<topicstats::RuleResult> rules;  ///< every rule, held or not, in spec order
};

/// What running one job produced; ResultStore::record writes it in one transaction.
struct JobOutcome {
    int index = 0;
    bool success = false;  ///< status done (true) or failed (false)
    int attempts = 1;
    std::optional<int> exit_code;  ///< of the command's last attempt
    std::string worker;
    std::int64_t started_ns = 0;  ///< wall clock, ns since the epoch
    std::int64_t finished_ns = 0;
    std::optional<double> run_s;       ///< none for an evaluate-only job (a recording)
    std::optional<double> evaluate_s;  ///< none when the evaluation never ran (the command failed)
    std::optional<std::string> verdict;
    std::optional<int> anomalies;
    std::optional<std::string> summary_json;
    std::string out_dir;
    std::optional<std::string> error;
    std::vector<MetricValue> metrics;          ///< summary leaves plus run_s and evaluate_s
    std::optional<RecordingDigest> recording;  ///< the job's recording, when the matrix has an axis of them
    std::optional<JobCheck> check;             ///< when the matrix names a spec and the job recorded
};

}  // namespace robometrics::bench
