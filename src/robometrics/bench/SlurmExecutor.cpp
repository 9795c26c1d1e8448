// `bench --executor slurm`: one array job for every job of the store that is not done. The
// orchestrator only writes OUT/slurm/bench.sbatch and runs `sbatch --parsable` on it (an argv);
// each array task is a worker of the job protocol (`bench run-job OUT --index I`) writing its
// result into the shared OUT/bench.sqlite. OUT must be on a filesystem every node sees.

#include "robometrics/bench/SlurmExecutor.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "robometrics/bench/BenchStore.hpp"
#include "robometrics/bench/CommandCapture.hpp"
#include "robometrics/bench/SlurmController.hpp"
#include "robometrics/bench/SlurmProtocol.hpp"
#include "robometrics/bench/SlurmStatus.hpp"
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
    for (const JobRecord &job : *jobs) {
        if (job.status != "done") todo.push_back(job.index);
    }
    if (todo.empty()) {
        return fmt::format("bench: every job of {} is done; nothing to submit\n", out.string());
    }
    ROBOMETRICS_TRY(checkSlurmController());
    std::error_code ec;
    fs::create_directories(out / "slurm", ec);
    if (ec) return Error{(out / "slurm").string() + ": cannot create: " + ec.message()};

    SlurmScript script;
    script.out_dir = out.string();
    script.robometrics = fs::absolute(options.robometrics_path).string();
    script.array = slurmArrayList(todo);
    script.resources = matrix.resources;
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
    return fmt::format(
        "bench: submitted Slurm array job {} ({} tasks, --array={}); follow it with `robometrics bench status {}`\n",
        *id, todo.size(), script.array, options.out_dir);
}

}  // namespace robometrics::bench
