#include "robometrics/bench/JobLeftovers.hpp"

#include <fmt/format.h>
#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <sstream>

#include "robometrics/bench/BenchStore.hpp"
#include "robometrics/core/Text.hpp"
#include "robometrics/system/LeftoverGroups.hpp"

namespace robometrics::bench {
namespace {

namespace fs = std::filesystem;

/// Whether the worker "host:pid[/slot]" is a robometrics process alive on this machine.
bool workerAlive(const std::string &worker) {
    const std::string here = workerName();  // "host:pid" of this process
    const auto colon = worker.rfind(':');
    if (colon == std::string::npos || worker.compare(0, colon + 1, here, 0, here.rfind(':') + 1) != 0) return false;
    const pid_t pid = static_cast<pid_t>(std::atol(worker.c_str() + colon + 1));
    if (pid <= 1 || pid == getpid() || kill(pid, 0) != 0) return false;
    std::string comm = readWholeFile(fmt::format("/proc/{}/comm", pid));
    return comm.rfind("robometrics", 0) == 0;
}

}  // namespace

Result<std::string> endJobLeftovers(const std::vector<JobRecord> &rows, const std::vector<JobSpec> &jobs) {
    for (const JobRecord &row : rows) {
        if (row.status == JobStatus::running && row.worker && workerAlive(*row.worker)) {
            return Error{
                fmt::format("job {} is being run by worker {}, which is still alive: stop it (or let it "
                            "finish) before --resume, or it would run twice",
                            row.index, *row.worker)};
        }
    }
    // Every job's groups in one call, so they are all signalled at once.
    std::string records;
    std::map<pid_t, int> job_of_group;
    std::vector<fs::path> files;
    for (const JobSpec &job : jobs) {
        fs::path file = fs::path(job.job_dir) / "processes";
        std::error_code ec;
        if (!fs::exists(file, ec)) continue;
        std::istringstream lines(readWholeFile(file.string()));
        for (std::string line; std::getline(lines, line);) {
            records += line + "\n";
            if (auto group = system::recordedGroupId(line)) job_of_group[*group] = job.index;
        }
        files.push_back(std::move(file));
    }
    std::string notes;
    for (pid_t group : system::endRecordedGroups(records, 1.0)) {
        notes += fmt::format("resume: ended what job {} left running (process group {})\n", job_of_group[group], group);
    }
    std::error_code ec;
    for (const fs::path &file : files) fs::remove(file, ec);
    return notes;
}

}  // namespace robometrics::bench
