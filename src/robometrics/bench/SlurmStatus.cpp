#include "robometrics/bench/SlurmStatus.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "robometrics/bench/BenchStore.hpp"
#include "robometrics/bench/CommandCapture.hpp"
#include "robometrics/bench/SlurmProtocol.hpp"

namespace robometrics::bench {
namespace {

namespace fs = std::filesystem;

fs::path idsFile(const std::string &out_dir) { return fs::path(out_dir) / "slurm" / "jobs.txt"; }

/// "squeue: 3 RUNNING, 2 PENDING" from the task states; tasks counted by array index.
std::string stateLine(const std::string &tool, const std::vector<SlurmTaskState> &states) {
    std::map<std::string, int> count;
    for (const auto &s : states) ++count[s.state];
    std::string out = tool + ":";
    for (const auto &[state, n] : count) out += fmt::format(" {} {}", n, state);
    return out + "\n";
}

}  // namespace

Status appendSlurmJobId(const std::string &out_dir, long long id) {
    // Appending (not rewriting) keeps earlier submissions of a resumed benchmark; one short line
    // written at once cannot be half-written in a way that matters: a torn last line is skipped.
    std::ofstream file(idsFile(out_dir), std::ios::app);
    file << id << "\n";
    file.flush();
    if (!file) return Error{idsFile(out_dir).string() + ": cannot append the Slurm job id"};
    return Status::Ok();
}

Result<std::vector<long long>> slurmJobIds(const std::string &out_dir) {
    std::vector<long long> ids;
    std::ifstream file(idsFile(out_dir));
    std::string line;
    while (std::getline(file, line)) {
        if (auto id = parseSbatchJobId(line)) ids.push_back(*id);
    }
    return ids;
}

Result<BenchStatus> benchStatus(const std::string &out_dir) {
    const std::string path = storePath(out_dir);
    if (!fs::exists(path)) return Error{path + ": no benchmark store"};
    auto store = ResultStore::open(path);
    if (!store) return store.error();
    auto jobs = store->jobs();
    if (!jobs) return jobs.error();
    BenchStatus st;
    for (const JobRecord &job : *jobs) {
        if (job.status == "done")
            ++st.done;
        else if (job.status == "failed")
            ++st.failed;
        else if (job.status == "running")
            ++st.running;
        else
            ++st.pending;
    }
    st.text = fmt::format("store {}: {} jobs: {} done, {} failed, {} running, {} pending\n", path, jobs->size(),
                          st.done, st.failed, st.running, st.pending);
    auto ids = slurmJobIds(out_dir);
    if (!ids) return ids.error();
    if (ids->empty()) return st;
    std::string list;
    for (long long id : *ids) list += (list.empty() ? "" : ",") + std::to_string(id);
    st.text += "slurm array jobs: " + list + "\n";

    auto squeue = captureCommand({"squeue", "-h", "-r", "-j", list, "-o", "%i|%T|%R"}, 30);
    if (!squeue || squeue->exit_code != 0) {
        // squeue refuses ids it has already forgotten ("Invalid job id"): nothing is queued.
        st.text += "squeue: " + (squeue ? (squeue->err.empty() ? std::string("no active tasks\n") : squeue->err)
                                        : squeue.message() + "\n");
    } else {
        auto states = parseSlurmStates(squeue->out, "squeue");
        if (!states) return states.error();
        st.slurm_tasks_active = static_cast<int>(states->size());
        st.text += states->empty() ? "squeue: no active tasks\n" : stateLine("squeue", *states);
    }
    auto sacct = captureCommand({"sacct", "-n", "-X", "--parsable2", "-j", list, "-o", "JobID,State,ExitCode"}, 30);
    if (!sacct || sacct->exit_code != 0) {
        st.text += "sacct: " + (sacct ? sacct->err : sacct.message() + "\n");  // e.g. accounting disabled
    } else if (auto states = parseSlurmStates(sacct->out, "sacct"); states && !states->empty()) {
        st.text += stateLine("sacct", *states);
    }
    return st;
}

}  // namespace robometrics::bench
