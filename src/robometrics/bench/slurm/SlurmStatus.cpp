#include "robometrics/bench/slurm/SlurmStatus.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "robometrics/bench/BenchStore.hpp"
#include "robometrics/bench/CommandCapture.hpp"
#include "robometrics/bench/slurm/SlurmProtocol.hpp"
#include "robometrics/core/Text.hpp"

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

// Appending (not rewriting) keeps earlier submissions of a resumed benchmark. A line counts only
// with its newline: a write cut short (a kill, a full disk) can leave the first digits of an id
// ("12" of "12345"), which is no id of ours. The reader skips such a torn last line, and the
// next append cuts it off first, so it never joins the next id into a wrong one ("1267890").
Status appendSlurmJobId(const std::string &out_dir, long long id) {
    const fs::path path = idsFile(out_dir);
    const std::string text = readWholeFile(path.string());
    if (!text.empty() && text.back() != '\n') {
        const std::size_t end = text.rfind('\n');
        std::error_code ec;
        fs::resize_file(path, end == std::string::npos ? 0 : end + 1, ec);
        if (ec) return Error{path.string() + ": cannot drop a torn last line: " + ec.message()};
    }
    std::ofstream file(path, std::ios::app);
    file << id << "\n";
    file.flush();
    if (!file) return Error{path.string() + ": cannot append the Slurm job id"};
    return Status::Ok();
}

Result<std::vector<long long>> slurmJobIds(const std::string &out_dir) {
    std::vector<long long> ids;
    const std::string text = readWholeFile(idsFile(out_dir).string());
    for (std::size_t start = 0, end = 0; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
        if (auto id = parseSbatchJobId(text.substr(start, end - start))) ids.push_back(*id);
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
        switch (job.status) {
            case JobStatus::done:
                ++st.done;
                break;
            case JobStatus::failed:
                ++st.failed;
                break;
            case JobStatus::running:
                ++st.running;
                break;
            case JobStatus::pending:
                ++st.pending;
                break;
        }
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
