#pragma once
// What a benchmark reads about its own process, for counters beside Google Benchmark's times:
// the CPU time of all its threads (a hot path that reads on a second thread shows up in it) and
// the peak resident set size since the last reset (Linux only).

#include <ctime>
#include <fstream>
#include <string>

namespace robometrics::benchsupport {

/// CPU seconds used by every thread of the process so far.
inline double processCpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

/// Starts a new peak: writing 5 to /proc/self/clear_refs resets VmHWM to the current RSS.
inline void resetPeakRss() { std::ofstream("/proc/self/clear_refs") << "5"; }

/// VmHWM in MB: the most resident memory since the process started or the last resetPeakRss().
inline double peakRssMb() {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
    }
    return 0;
}

}  // namespace robometrics::benchsupport
