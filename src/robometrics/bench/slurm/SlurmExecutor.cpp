// `bench --executor slurm`: one array job for every job of the store that is not done. The
// orchestrator only writes OUT/slurm/bench.sbatch and runs `sbatch --parsable` on it (an argv);
// each array task is a worker of the job protocol (`bench run-job OUT --index I`, or a list of
// jobs when packed) writing its results into the shared OUT/bench.sqlite. OUT must be on a
// filesystem every node sees.

#include "robometrics/bench/slurm/SlurmExecutor.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "robometrics/bench/BenchStore.hpp"
#include "robometrics/bench/CommandCapture.hpp"
#include "robometrics/bench/slurm/SlurmController.hpp"
#include "robometrics/bench/slurm/SlurmPacking.hpp"
#include "robometrics/bench/slurm/SlurmProtocol.hpp"
#include "robometrics/bench/slurm/SlurmStatus.hpp"
#include "robometrics/core/AtomicFile.hpp"

namespace robometrics::bench {

namespace fs = std::filesystem;

Result<std::string> submitSlurm(const MatrixSpec &matrix, const SlurmOptions &options) {
    const fs::path out = fs::absolute(options.out_dir);
    auto store = ResultStore::open(storePath(out.string()));
    if (!store) return store.error();
    auto jobs = store->jobs();
    if (!jobs) return jobs.error();
    std::vector<int> todo;
    std::vector<double> measured;  // seconds of the finished jobs, for the automatic packing
    for (const JobRecord &job : *jobs) {
        if (job.status != JobStatus::done) todo.push_back(job.index);
        if (job.status == JobStatus::done && (job.run_s || job.evaluate_s)) {
            measured.push_back(job.run_s.value_or(0) + job.evaluate_s.value_or(0));
        }
    }
    if (todo.empty()) {
        return fmt::format("bench: every job of {} is done; nothing to submit\n", out.string());
    }
    ROBOMETRICS_TRY(checkSlurmController());
    std::error_code ec;
    fs::create_directories(out / "slurm", ec);
    if (ec) return Error{(out / "slurm").string() + ": cannot create: " + ec.message()};

    std::vector<std::vector<int>> tasks;
    std::string how;  // how auto packed, for the line printed
    if (options.jobs_per_task > 0) {
        tasks = packJobs(todo, options.jobs_per_task);
    } else {
        // The partition's size from Slurm itself: never fewer tasks than it runs at once.
        const char *partition = std::getenv("SBATCH_PARTITION");  // what sbatch itself would use
        auto sinfo = captureCommand({"sinfo", "-h", "-N", "-o", "%P|%N|%c|%t"}, 30);
        Result<PartitionSize> size = Error{"sinfo did not run"};
        if (!sinfo) {
            size = sinfo.error();
        } else if (sinfo->exit_code != 0) {
            size = Error{fmt::format("sinfo exited {}: {}", sinfo->exit_code, sinfo->err)};
        } else {
            size = parsePartitionSize(sinfo->out, partition ? partition : "", std::max(1, matrix.resources.cpus));
        }
        if (size) {
            tasks = packAutomatically(todo, measured, size->slots);
            how = fmt::format("; auto: partition {} runs {} task{} at once ({} CPUs on {} node{})", size->partition,
                              size->slots, size->slots == 1 ? "" : "s", size->cpus, size->nodes,
                              size->nodes == 1 ? "" : "s");
            if (measured.size() >= 3) {
                std::vector<double> sorted = measured;
                std::nth_element(sorted.begin(), sorted.begin() + static_cast<long>(sorted.size() / 2), sorted.end());
                how += fmt::format(", median job {:.2f} s", sorted[sorted.size() / 2]);
            } else {
                how += ", no job measured yet";
            }
        } else {
            tasks = packJobs(todo, 1);  // no size, no guess: one job per task serialises nothing
            how = fmt::format("; auto: one job per task, the partition's size is unknown ({})", size.message());
        }
    }
    int per_task = 1;
    for (const auto &task : tasks) per_task = std::max(per_task, static_cast<int>(task.size()));
    SlurmScript script;
    script.out_dir = out.string();
    script.robometrics = fs::absolute(options.robometrics_path).string();
    script.resources = matrix.resources;
    auto time_limit = taskTimeLimit(matrix.resources.time_limit, per_task);
    if (!time_limit) return Error{matrix.source + ": " + time_limit.message()};
    script.resources.time_limit = *time_limit;
    if (per_task == 1) {
        script.array = slurmArrayList(todo);  // task id = job index, as squeue shows it
    } else {
        for (const std::vector<int> &task : tasks) script.task_jobs.push_back(slurmArrayList(task));
        script.array = fmt::format("0-{}", tasks.size() - 1);
    }
    const fs::path script_path = out / "slurm" / "bench.sbatch";
    ROBOMETRICS_TRY(writeFileAtomically(script_path.string(), slurmBatchScript(script)));

    auto sbatch = captureCommand({"sbatch", "--parsable", script_path.string()});
    if (!sbatch) return sbatch.error();
    if (sbatch->exit_code != 0) {
        return Error{fmt::format("{}: sbatch exited {}: {}", script_path.string(), sbatch->exit_code,
                                 sbatch->err.empty() ? sbatch->out : sbatch->err)};
    }
    auto id = parseSbatchJobId(sbatch->out);
    if (!id) return Error{fmt::format("{}: sbatch printed no job id: '{}'", script_path.string(), sbatch->out)};
    ROBOMETRICS_TRY(appendSlurmJobId(out.string(), *id));
    const std::string packing =
        per_task == 1 ? std::string() : fmt::format(" of up to {} jobs each for {} jobs", per_task, todo.size());
    return fmt::format(
        "bench: submitted Slurm array job {} ({} tasks{}, --array={}{}); follow it with `robometrics bench status "
        "{}`\n",
        *id, tasks.size(), packing, script.array, how, options.out_dir);
}

}  // namespace robometrics::bench
