#pragma once
// Helpers for the bench tests: the robometrics binary the jobs run, a stored matrix, and a zombie
// check.

#include <dirent.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "robometrics/bench/BenchStore.hpp"

namespace robometrics::test {

/// The binary the tests' jobs run ({robometrics}); set by CMake for every test.
/// Without it a job's command would fall back to the running program, test_bench itself, which
/// would run the tests again and start jobs of its own without end: stop at once instead.
inline std::string robometricsBinary() {
    const char *b = std::getenv("ROBOMETRICS_BINARY");
    if (!b || !*b) {
        std::fprintf(stderr, "test_bench: ROBOMETRICS_BINARY is not set (ctest sets it; set it to "
                             "build/apps/robometrics/robometrics to run test_bench directly)\n");
        std::exit(2);
    }
    return b;
}

struct StoredMatrix {
    bench::MatrixSpec matrix;
    bench::ResultStore store;
};

/// Stores `matrix_yaml` in `out` as `robometrics bench` does before its jobs run.
inline Result<StoredMatrix> storeMatrix(const std::filesystem::path &out, const std::string &matrix_yaml) {
    auto matrix = bench::parseMatrix(matrix_yaml, "m.yaml");
    if (!matrix) return matrix.error();
    auto jobs = bench::expandMatrix(*matrix, bench::ExpandContext{out.string(), robometricsBinary()});
    if (!jobs) return jobs.error();
    auto store = bench::prepareStore(*matrix, *jobs, out.string(), false);
    if (!store) return store.error();
    return StoredMatrix{std::move(*matrix), std::move(*store)};
}

/// How many zombie children this process has (children that exited and were not reaped).
inline int zombieChildren() {
    int zombies = 0;
    DIR *proc = opendir("/proc");
    if (proc == nullptr) return 0;
    const std::string self = std::to_string(getpid());
    while (dirent *e = readdir(proc)) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        std::ifstream stat(std::string("/proc/") + e->d_name + "/stat");
        std::string line;
        std::getline(stat, line);
        auto close = line.rfind(')');
        if (close == std::string::npos || close + 4 > line.size()) continue;
        char state = line[close + 2];
        std::string rest = line.substr(close + 4);
        std::string ppid = rest.substr(0, rest.find(' '));
        if (ppid == self && state == 'Z') ++zombies;
    }
    closedir(proc);
    return zombies;
}

}  // namespace robometrics::test
