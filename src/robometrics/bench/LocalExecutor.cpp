// Worker threads, each with its own store connection (SQLite connections are not shared between
// threads here, so a busy writer never blocks another thread's connection object). The jobs
// themselves are separate process groups: threads only wait on them. A worker hands its finished
// job to a writer thread and claims the next one at once: recording a job (its row and ~200
// metrics, 0.6-0.9 ms) is then off the path from one job to the next.

#include "robometrics/bench/LocalExecutor.hpp"

#include <fmt/format.h>
#include <sched.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

#include "robometrics/bench/BenchProgress.hpp"
#include "robometrics/bench/BenchStore.hpp"

namespace robometrics::bench {
namespace {

struct Finished {
    JobOutcome outcome;
    double seconds = 0;  ///< the job's wall time in its worker
};

struct Shared {
    const StoredMatrix *stored = nullptr;
    const LocalOptions *options = nullptr;
    BenchCounters counters;
    std::mutex error_mutex;
    std::string error;  ///< the first store error; stops every worker
    std::atomic<bool> abort{false};
    // The writer's queue of finished jobs.
    std::mutex queue_mutex;
    std::condition_variable queued;
    std::deque<Finished> finished;
    bool workers_done = false;
    /// Held for every write transaction of this process's connections (claims and records): they
    /// then wait for each other here, microseconds, not in SQLite's busy handler, whose first
    /// sleep is a millisecond.
    std::mutex store_mutex;
};

bool stopping(const Shared &shared) {
    return shared.abort || (shared.options->stop_requested && shared.options->stop_requested() != 0);
}

void fail(Shared &shared, const std::string &message) {
    std::lock_guard<std::mutex> lock(shared.error_mutex);
    if (shared.error.empty()) shared.error = message;
    shared.abort = true;
}

void workerLoop(Shared &shared, int slot, std::vector<int> cpus) {
    const LocalOptions &o = *shared.options;
    auto store = ResultStore::open(storePath(o.out_dir));
    if (!store) return fail(shared, store.message());
    JobRunOptions run;
    run.robometrics = o.robometrics;
    run.worker = fmt::format("{}/{}", workerName(), slot);
    run.cpus = std::move(cpus);
    run.stop_requested = [&shared] { return stopping(shared) ? 1 : 0; };
    while (!stopping(shared)) {
        auto claimed = [&] {
            std::lock_guard<std::mutex> lock(shared.store_mutex);
            return store->claimNext(run.worker);
        }();
        if (!claimed) return fail(shared, claimed.message());
        if (!*claimed) return;  // nothing pending
        const JobSpec &job = shared.stored->jobs.at(static_cast<std::size_t>(**claimed));
        ++shared.counters.running;
        auto start = std::chrono::steady_clock::now();
        JobOutcome outcome = runJob(shared.stored->matrix, job, run);
        --shared.counters.running;
        // An interrupted job is not recorded: its row stays "running" and --resume reruns it.
        if (stopping(shared) && !outcome.success) return;
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::lock_guard<std::mutex> lock(shared.queue_mutex);
        shared.finished.push_back({std::move(outcome), seconds});
        shared.queued.notify_one();
    }
}

/// Records the finished jobs in the order they finished, until the workers are done and the
/// queue is empty (also after a stop: a job that finished is kept).
void writerLoop(Shared &shared) {
    auto store = ResultStore::open(storePath(shared.options->out_dir));
    if (!store) fail(shared, store.message());
    while (true) {
        std::deque<Finished> batch;
        {
            std::unique_lock<std::mutex> lock(shared.queue_mutex);
            shared.queued.wait(lock, [&] { return !shared.finished.empty() || shared.workers_done; });
            if (shared.finished.empty()) return;
            batch.swap(shared.finished);
        }
        for (Finished &f : batch) {
            if (!store) continue;  // the error is reported; the workers stop
            Status s = [&] {
                std::lock_guard<std::mutex> lock(shared.store_mutex);
                return store->record(f.outcome);
            }();
            if (!s.ok()) {
                fail(shared, s.message());
                continue;
            }
            shared.counters.job_seconds = shared.counters.job_seconds + f.seconds;
            ++(f.outcome.success ? shared.counters.done : shared.counters.failed);
        }
    }
}

}  // namespace

std::vector<int> availableCpus() {
    cpu_set_t set;
    CPU_ZERO(&set);
    std::vector<int> cpus;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        for (int c = 0; c < CPU_SETSIZE; ++c) {
            if (CPU_ISSET(c, &set)) cpus.push_back(c);
        }
    }
    if (cpus.empty()) cpus.push_back(0);
    return cpus;
}

Result<LocalSummary> runLocal(const MatrixSpec &matrix, const LocalOptions &options) {
    (void)matrix;  // the workers run the matrix as stored, exactly as `bench run-job` would
    auto store = ResultStore::open(storePath(options.out_dir));
    if (!store) return store.error();
    auto stored = loadStoredMatrix(*store, options.out_dir, options.robometrics);
    if (!stored) return stored.error();
    auto rows = store->jobs();
    if (!rows) return rows.error();

    Shared shared;
    shared.stored = &*stored;
    shared.options = &options;
    for (const JobRecord &r : *rows) shared.counters.total += r.status == JobStatus::pending ? 1 : 0;
    const std::vector<int> cpus = availableCpus();
    int workers = options.workers > 0 ? options.workers : static_cast<int>(cpus.size());
    workers = std::max(1, std::min(workers, std::max(1, shared.counters.total.load())));

    auto start = std::chrono::steady_clock::now();
    std::vector<std::thread> threads;
    for (int slot = 0; slot < workers; ++slot) {
        std::vector<int> pin;
        if (options.pin_cpus) pin.push_back(cpus[static_cast<std::size_t>(slot) % cpus.size()]);
        threads.emplace_back(workerLoop, std::ref(shared), slot, pin);
    }
    // The main thread only reports progress, and learns of the end at once (not at its next
    // redraw: 100 ms on average of a 100-job matrix of 3 s).
    std::mutex end_mutex;
    std::condition_variable ended;
    bool finished = false;
    std::thread writer(writerLoop, std::ref(shared));
    std::thread joiner([&] {
        for (auto &t : threads) t.join();
        {
            std::lock_guard<std::mutex> lock(shared.queue_mutex);
            shared.workers_done = true;
            shared.queued.notify_one();
        }
        writer.join();
        std::lock_guard<std::mutex> lock(end_mutex);
        finished = true;
        ended.notify_all();
    });
    const auto elapsed = [&start] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    {
        std::unique_lock<std::mutex> lock(end_mutex);
        while (!finished) {
            if (options.progress) options.progress(progressLine(shared.counters, workers, elapsed()), false);
            ended.wait_for(lock, std::chrono::milliseconds(200), [&] { return finished; });
        }
    }
    joiner.join();
    if (options.progress) options.progress(progressLine(shared.counters, workers, elapsed()), true);

    if (!shared.error.empty()) return Error{shared.error};
    LocalSummary summary;
    summary.done = shared.counters.done;
    summary.failed = shared.counters.failed;
    summary.interrupted = options.stop_requested && options.stop_requested() != 0;
    summary.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return summary;
}

}  // namespace robometrics::bench
