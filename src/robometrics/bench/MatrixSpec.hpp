#pragma once
// The declarative benchmark matrix (a YAML file, docs/bench.md): axes whose cartesian product
// gives the cells, a number of iterations per cell, and the job template (argv with {axis},
// {seed}, {out}, {iteration}, {index} and {robometrics} substitutions, how the run is recorded
// and stopped, its timeout, retries, Slurm resources and the evaluate options).

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "robometrics/bench/JobSpec.hpp"
#include "robometrics/core/Result.hpp"

namespace robometrics::bench {

/// How the job's bag comes to be.
enum class RecordMode {
    JobWritesBag,  ///< the command writes its bag / run directory into {out}
    RosbagRecord,  ///< a recorder command given by the user runs beside the job
    LiveRecord,    ///< `robometrics live record` runs beside the job (needs DDS, see docs/live.md)
};

/// When a job's command is stopped (besides the timeout).
enum class StopMode {
    CommandExits,  ///< wait for the command to exit
    Duration,      ///< stop the process tree after duration_s
    Topic,         ///< a message on a topic (needs live; not implemented: refused at parse time)
};

struct Axis {
    std::string name;                 ///< may be dotted (params.max_speed)
    std::vector<std::string> values;  ///< scalars as written; absolute paths for recordings
    bool recordings = false;          ///< given as {glob: PATTERN} or {list: FILE}: recorded bags or run folders
};

struct Resources {  ///< what the Slurm executor requests per job
    int cpus = 1;
    int mem_mb = 0;          ///< 0 = the partition's default
    std::string time_limit;  ///< Slurm's format, e.g. "00:10:00"; empty = default
};

struct EvaluateSpec {
    std::optional<std::string> gt_traj;
    std::optional<std::string> gt_map;
    std::optional<std::string> params;
    std::vector<std::string> extra;  ///< -p name:=value overrides, substituted like the command
};

/// The recording contract every job's recording is checked against (`check: spec.yaml`).
struct CheckSpec {
    std::string path;  ///< as resolved against the matrix file's folder (absolute in the stored matrix)
    std::string text;  ///< the spec's text, stored with the matrix so every worker judges the same rules
    topicstats::RecordingContract contract;
};

struct MatrixSpec {
    std::string source;  ///< file name, for messages
    std::string yaml;    ///< the file's text, stored in bench.sqlite
    std::vector<Axis> axes;
    int iterations = 1;
    std::int64_t base_seed = 0;
    std::vector<std::string> command;  ///< empty: evaluate-only, over the recordings axis
    std::string recordings_axis;       ///< the axis whose values are recordings, if any
    /// "command[3]" -> the line of that argument in the file (and so for record.command and
    /// evaluate.extra), so an error found when the matrix is expanded names its line.
    std::map<std::string, int> argument_lines;
    RecordMode record = RecordMode::JobWritesBag;
    std::vector<std::string> record_command;  ///< RosbagRecord / LiveRecord: the recorder's argv
    StopMode stop = StopMode::CommandExits;
    double stop_duration_s = 0;
    std::string stop_topic;
    double timeout_s = 0;  ///< 0 = none
    double grace_s = 5;    ///< per SIGINT/SIGTERM escalation step
    double sample_hz = 1;
    int retries = 0;
    Resources resources;
    EvaluateSpec evaluate;
    std::optional<CheckSpec> check;

    /// 16 hex digits identifying the matrix's content (comments and layout ignored).
    std::string hash() const;
    /// No command: each job only evaluates its recording (the value of `recordings_axis`).
    bool evaluateOnly() const { return command.empty(); }
};

/// Parses matrix YAML; errors name `source`, the key and what is wrong.
Result<MatrixSpec> parseMatrix(const std::string &text, const std::string &source);
/// Reads and parses a matrix file.
Result<MatrixSpec> loadMatrix(const std::string &path);

/// Values a job's substitutions need besides its cell.
struct ExpandContext {
    std::string out_root;     ///< OUT: job i writes into OUT/jobs/<i, 4 digits>/run
    std::string robometrics;  ///< the {robometrics} substitution: the running binary
};

/// The jobs in a fixed order: cells in the cartesian product of the axes (first axis slowest,
/// values in file order), then iterations. Seed = base_seed + iteration unless `seed` is an axis.
Result<std::vector<JobSpec>> expandMatrix(const MatrixSpec &matrix, const ExpandContext &context);

/// Replaces every {name} in `text` from `values`; "{{" and "}}" are literal braces. Unknown
/// names are errors.
Result<std::string> substitute(const std::string &text, const std::vector<std::pair<std::string, std::string>> &values);

/// `argv` with the job's substitutions ({axis}, {seed}, {out}, {iteration}, {index},
/// {robometrics}); the error starts with "[i]: " naming the element (also set in `failed`).
Result<std::vector<std::string>> substituteArgv(const std::vector<std::string> &argv, const JobSpec &job,
                                                const std::string &robometrics, std::size_t *failed = nullptr);

/// The directory of job `index` below OUT (OUT/jobs/0007).
std::string jobDirectory(const std::string &out_root, int index);

}  // namespace robometrics::bench
