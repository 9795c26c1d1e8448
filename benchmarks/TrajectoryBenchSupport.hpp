#pragma once
// What the ape, rpe and kitti benchmarks share (benchmarks/ApeBench.cpp, RpeBench.cpp, KittiBench.cpp):
//
// - Two generated trajectory files of 1,000,000 poses each, in the evo timing set-up: ground truth
//   at 100 Hz on a smooth 3-D path with yaw-following orientation; the estimate on the same stamps
//   with U(-2, 2) ms jitter, rotated 30 degrees about z, shifted by (1, -2, 0.5) m, N(0, 0.05 m)
//   position noise and ~0.5 degree orientation noise. KITTI files (no stamps) take the same path
//   scaled up to about a metre per frame, as KITTI's cars drive, so that its 100..800 m segments
//   exist.
// - The baseline every ratio is measured against in the same run: a straightforward C++
//   implementation kept here only, the way one would first write it. Reading: both files one
//   after the other, std::getline into a std::string per line, an std::istringstream and
//   operator>> per number. After reading: association by a binary search per estimate stamp
//   (numpy's searchsorted, as in evo), both sides copied, Eigen::umeyama, per-pose errors, and
//   statistics with a full sort for the median. KITTI: the devkit's loop (a linear scan for each
//   segment's last frame, 4x4 inverses per segment).
// - The peak memory of one run of ours, measured in a forked child (wait4's ru_maxrss), against
//   the size of the two input files.
// The numbers of the baseline are those of the same metric (same rmse to ~1e-9), so the
// comparison is between implementations, not definitions.

#include <benchmark/benchmark.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <string>

#include "robometrics/io/TrajectoryFile.hpp"
#include "robometrics/io/TrajectoryInput.hpp"
#include "robometrics/io/TrajectoryWriters.hpp"
#include "robometrics/slam/ErrorStatistics.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::benchsupport {

constexpr std::size_t kPoses = 1'000'000;

/// The two generated files, removed with their folder at exit.
struct TrajectoryFiles {
    std::string ref, est;
    double bytes = 0;  ///< both files together

    explicit TrajectoryFiles(io::TrajectoryFormat format) {
        const bool kitti = format == io::TrajectoryFormat::Kitti;
        auto dir = std::filesystem::temp_directory_path() /
                   ("robometrics-trajbench-" + std::to_string(getpid()) + (kitti ? "-kitti" : "-tum"));
        std::filesystem::create_directories(dir);
        ref = (dir / "ref.txt").string();
        est = (dir / "est.txt").string();
        const double scale = kitti ? 500.0 : 1.0;
        std::mt19937_64 rng(42);
        std::uniform_real_distribution<double> jitter(-0.002, 0.002);
        std::normal_distribution<double> noise(0.0, 0.05), angle_noise(0.0, 0.5 * M_PI / 180.0);
        slam::Trajectory gt, es;
        const Eigen::Matrix3d rot = Eigen::AngleAxisd(M_PI / 6, Eigen::Vector3d::UnitZ()).toRotationMatrix();
        const Eigen::Vector3d shift(1, -2, 0.5);
        for (std::size_t i = 0; i < kPoses; ++i) {
            const double t = 1.7e9 + 0.01 * static_cast<double>(i);
            const double s = 0.01 * static_cast<double>(i);
            Eigen::Vector3d p(20 * std::sin(0.01 * s), 15 * std::sin(0.013 * s), 2 * std::sin(0.005 * s));
            p *= scale;
            const double yaw = std::atan2(15 * 0.013 * std::cos(0.013 * s), 20 * 0.01 * std::cos(0.01 * s));
            Eigen::Quaterniond q(Eigen::AngleAxisd(yaw, Eigen::Vector3d::UnitZ()));
            gt.add(t, p, q);
            Eigen::Vector3d pe = rot * p + shift + Eigen::Vector3d(noise(rng), noise(rng), noise(rng));
            Eigen::Quaterniond qe = Eigen::Quaterniond(rot) * q *
                                    Eigen::Quaterniond(Eigen::AngleAxisd(angle_noise(rng), Eigen::Vector3d::UnitX()));
            es.add(t + jitter(rng), pe, qe);
        }
        if (!io::writeTrajectoryFile(ref, gt, format).ok() || !io::writeTrajectoryFile(est, es, format).ok()) {
            std::abort();
        }
        bytes = static_cast<double>(std::filesystem::file_size(ref) + std::filesystem::file_size(est));
    }
    ~TrajectoryFiles() {
        std::error_code ec;
        std::filesystem::remove_all(std::filesystem::path(ref).parent_path(), ec);
    }
};

// ---- the naive baseline -------------------------------------------------------------------------

/// A TUM or KITTI file read line by line through std::string and std::istringstream.
inline slam::Trajectory naiveRead(const std::string &path) {
    std::ifstream in(path);
    std::string line;
    slam::Trajectory t;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        std::vector<double> v;
        for (double x; fields >> x;) v.push_back(x);
        if (v.size() == 12) {
            Eigen::Matrix3d r;
            r << v[0], v[1], v[2], v[4], v[5], v[6], v[8], v[9], v[10];
            t.timestamped = false;
            t.add(static_cast<double>(t.size()), {v[3], v[7], v[11]}, Eigen::Quaterniond(r).normalized());
            t.rotation_matrices.push_back(r);
        } else {
            t.add(v[0], {v[1], v[2], v[3]}, Eigen::Quaterniond(v[7], v[4], v[5], v[6]).normalized());
        }
    }
    return t;
}

/// Nearest-stamp association, one binary search per estimate stamp, both sides copied. KITTI
/// trajectories (no stamps) pair by index.
inline std::pair<slam::Trajectory, slam::Trajectory> naiveAssociate(const slam::Trajectory &ref,
                                                                    const slam::Trajectory &est) {
    if (!ref.timestamped) return {ref, est};
    std::vector<std::size_t> ri, ei;
    for (std::size_t j = 0; j < est.size(); ++j) {
        auto it = std::lower_bound(ref.stamps.begin(), ref.stamps.end(), est.stamps[j]);
        std::size_t k = static_cast<std::size_t>(it - ref.stamps.begin());
        if (k == ref.size() || (k > 0 && est.stamps[j] - ref.stamps[k - 1] <= ref.stamps[k] - est.stamps[j])) --k;
        if (std::abs(ref.stamps[k] - est.stamps[j]) <= 0.01) {
            ri.push_back(k);
            ei.push_back(j);
        }
    }
    return {slam::selectPoses(ref, ri), slam::selectPoses(est, ei)};
}

/// The statistics with plain sums and a full sort for the median.
inline slam::ErrorStatistics naiveStatistics(std::vector<double> e) {
    slam::ErrorStatistics s;
    s.n = e.size();
    for (double x : e) s.sse += x * x;
    for (double x : e) s.mean += x;
    s.mean /= static_cast<double>(e.size());
    for (double x : e) s.std += (x - s.mean) * (x - s.mean);
    s.std = std::sqrt(s.std / static_cast<double>(e.size()));
    s.rmse = std::sqrt(s.sse / static_cast<double>(e.size()));
    std::sort(e.begin(), e.end());
    s.min = e.front();
    s.max = e.back();
    s.median = e.size() % 2 ? e[e.size() / 2] : (e[e.size() / 2 - 1] + e[e.size() / 2]) / 2;
    return s;
}

/// Eigen's Umeyama on the positions (3 x n matrices), without scale.
inline Eigen::Matrix4d naiveUmeyama(const slam::Trajectory &ref, const slam::Trajectory &est) {
    Eigen::Matrix3Xd x(3, est.size()), y(3, ref.size());
    for (std::size_t i = 0; i < est.size(); ++i) x.col(static_cast<Eigen::Index>(i)) = est.positions[i];
    for (std::size_t i = 0; i < ref.size(); ++i) y.col(static_cast<Eigen::Index>(i)) = ref.positions[i];
    return Eigen::umeyama(x, y, false);
}

// ---- measuring ------------------------------------------------------------------------------------

using Clock = std::chrono::steady_clock;

inline double secondsSince(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

/// One implementation end to end: the time it read, the time it computed after reading.
struct Timing {
    double read_s = 0, after_s = 0;
};

/// Both files as the commands read them (in parallel).
inline io::TrajectoryPair readOurs(const TrajectoryFiles &files) {
    auto input = io::loadTrajectoryPair(files.ref, "auto", files.est, "auto");
    if (!input) std::abort();
    return std::move(*input);
}

/// Both files the naive way, one after the other.
inline io::TrajectoryPair readNaive(const TrajectoryFiles &files) {
    return {naiveRead(files.ref), naiveRead(files.est)};
}

/// The peak resident memory (bytes) of `run` in a forked child process.
inline double childPeakBytes(const std::function<void()> &run) {
    const pid_t pid = fork();
    if (pid == 0) {
        run();
        _exit(0);
    }
    int status = 0;
    struct rusage usage {};
    if (pid < 0 || wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return NAN;
    return static_cast<double>(usage.ru_maxrss) * 1024.0;
}

/// One implementation on both files: the time it read them and the time it computed after.
template <class Read, class Compute>
Timing timeReadThenCompute(const Read &read, const Compute &compute, double &value) {
    Timing t;
    auto start = Clock::now();
    auto input = read();
    t.read_s = secondsSince(start);
    start = Clock::now();
    value = compute(std::move(input));
    t.after_s = secondsSince(start);
    return t;
}

/// Runs ours (the files read in parallel, then `ours` on the pair moved in) and the baseline (the
/// files read the naive way, then `naive`) in every iteration, interleaved so that a busy machine
/// slows both alike. Reports their times and ratios, the value each computed (`value` and
/// "naive_" + `value`), and ours' peak memory against the input size.
inline void compareWithBaseline(benchmark::State &state, const TrajectoryFiles &files,
                                const std::function<double(io::TrajectoryPair)> &ours,
                                const std::function<double(const io::TrajectoryPair &)> &naive,
                                const std::string &value) {
    Timing o, b;
    double ours_value = 0, naive_value = 0;
    auto runOurs = [&] { return timeReadThenCompute([&] { return readOurs(files); }, ours, ours_value); };
    for (auto _ : state) {
        const Timing x = runOurs();
        const Timing y = timeReadThenCompute([&] { return readNaive(files); }, naive, naive_value);
        o.read_s += x.read_s;
        o.after_s += x.after_s;
        b.read_s += y.read_s;
        b.after_s += y.after_s;
    }
    const auto n = static_cast<double>(state.iterations());
    state.counters["ours_s"] = (o.read_s + o.after_s) / n;
    state.counters["naive_s"] = (b.read_s + b.after_s) / n;
    state.counters["ratio"] = (o.read_s + o.after_s) / (b.read_s + b.after_s);
    state.counters["read_ratio"] = o.read_s / b.read_s;
    state.counters["after_read_ratio"] = o.after_s / b.after_s;
    state.counters[value] = ours_value;
    state.counters["naive_" + value] = naive_value;
    const double peak = childPeakBytes([&] { runOurs(); });
    state.counters["input_MB"] = files.bytes / 1e6;
    state.counters["peak_MB"] = peak / 1e6;
    state.counters["peak_over_input"] = peak / files.bytes;
}

}  // namespace robometrics::benchsupport
