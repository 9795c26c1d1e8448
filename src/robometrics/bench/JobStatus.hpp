#pragma once
// Where a job of a benchmark stands, and which executor runs the jobs: enums in the code, text
// only where they leave it (the store's `status` column, the results files, the printed tables,
// the --executor option). The text is the same as before they were enums (docs/bench.md).

#include <array>
#include <optional>
#include <string_view>
#include <utility>

namespace robometrics::bench {

enum class JobStatus { pending, running, done, failed };

inline constexpr std::array<std::pair<JobStatus, std::string_view>, 4> kJobStatusTexts{{
    {JobStatus::pending, "pending"},
    {JobStatus::running, "running"},
    {JobStatus::done, "done"},
    {JobStatus::failed, "failed"},
}};

/// The status as stored and printed: "pending", "running", "done" or "failed".
constexpr std::string_view jobStatusText(JobStatus status) {
    for (const auto &[value, text] : kJobStatusTexts) {
        if (value == status) return text;
    }
    return "?";
}

/// The status a stored text names; none for any other text.
constexpr std::optional<JobStatus> jobStatusOf(std::string_view text) {
    for (const auto &[value, name] : kJobStatusTexts) {
        if (name == text) return value;
    }
    return std::nullopt;
}

/// Where the jobs run: on this machine, or as a Slurm array job.
enum class Executor { local, slurm };

/// "local" or "slurm", as --executor spells it.
constexpr std::string_view executorText(Executor executor) { return executor == Executor::slurm ? "slurm" : "local"; }

}  // namespace robometrics::bench
