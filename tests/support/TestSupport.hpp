#pragma once
// Shared helpers for the tests: where the public sample data is, a scratch directory, and a way
// to run the robometrics binary and capture what it prints.

#include <gtest/gtest.h>

#include <cstdint>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace robometrics::test {

/// One millisecond in nanoseconds (TimeNs), for tests that build timelines.
inline constexpr std::int64_t kMs = 1'000'000;

/// True in the sanitizer tree (`make test-asan`: AddressSanitizer + UndefinedBehaviorSanitizer),
/// where the tests look for memory and undefined-behaviour errors. A test that repeats the same
/// code paths only to measure a statistic (say, 20 reruns for a false-alarm rate) runs a few
/// repetitions there: the sanitizers see the same code, and the statistic is the Release tree's.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kUnderSanitizers = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kUnderSanitizers = true;
#else
inline constexpr bool kUnderSanitizers = false;
#endif
#else
inline constexpr bool kUnderSanitizers = false;
#endif

/// ROBOMETRICS_TEST_DATA, or ../shared/data beside the project root.
std::filesystem::path testDataDir();

/// tests/data in the source tree: the permissively licensed samples shipped with the project.
std::filesystem::path bundledDataDir();

/// The path of a sample file under the data directory, else under tests/data; empty when absent.
std::filesystem::path dataFile(const std::string &relative);

/// A fresh empty directory for one test, removed at process exit.
std::filesystem::path scratchDir(const std::string &name);

/// The whole content of a file (empty when it cannot be read).
std::string readFile(const std::filesystem::path &path);

/// True when the machine has more runnable work than cores (the 1-minute load average of
/// /proc/loadavg above std::thread::hardware_concurrency()): tests that bound a latency widen it.
bool machineIsLoaded();

/// How many entries a folder holds (files, folders, hidden ones too).
std::size_t countEntries(const std::filesystem::path &dir);

struct CommandResult {
    int exit_code = -1;
    std::string out;
    std::string err;
};

/// Runs the robometrics binary (ROBOMETRICS_BINARY) with `args`, capturing stdout and stderr.
CommandResult runRobometrics(const std::vector<std::string> &args);

/// Polls `done` every 10 ms until it is true or `timeout` passes; returns its last value.
bool waitUntil(const std::function<bool()> &done, std::chrono::milliseconds timeout = std::chrono::seconds(10));

/// A child process with stdout and stderr captured into files (e.g. to interrupt it).
class ChildProcess {
public:
    ChildProcess(const std::string &program, const std::vector<std::string> &args);
    ~ChildProcess();  // SIGKILLs the child if it still runs
    ChildProcess(const ChildProcess &) = delete;
    ChildProcess &operator=(const ChildProcess &) = delete;

    /// Sends SIGINT (Ctrl-C) to the child, by its pid.
    void interrupt();
    /// Waits for the exit; returns the exit code (128 + N when signal N ended it, as a shell
    /// reports it), or -1 after `timeout` (the child is then killed).
    int wait(std::chrono::milliseconds timeout = std::chrono::seconds(20));
    std::string out() const;
    std::string err() const;

private:
    int pid_ = -1;
    int status_ = -1;
    std::filesystem::path out_, err_;
};

/// The robometrics binary (ROBOMETRICS_BINARY) as a child process.
std::unique_ptr<ChildProcess> startRobometrics(const std::vector<std::string> &args);

/// Width and height from a PNG file's IHDR chunk; false when it is not a PNG.
bool pngSize(const std::filesystem::path &png, std::uint32_t &width, std::uint32_t &height);

/// The tick labels of one axis of a report::SvgPlot, in order: anchor "middle" = x, "end" = y.
std::vector<std::string> svgTickLabels(const std::string &svg, const std::string &anchor);

}  // namespace robometrics::test

/// Skips the current test with a visible reason when a sample file is not available.
#define ROBOMETRICS_REQUIRE_DATA(var, relative)                                              \
    const std::filesystem::path var = ::robometrics::test::dataFile(relative);               \
    if (var.empty()) GTEST_SKIP() << "sample data not found: " << (relative)                 \
                                  << " (not shipped in tests/data; set ROBOMETRICS_TEST_DATA to the extended corpus)"

/// In a loop over sample cases: skips this case (with a visible line) when its file is absent,
/// so the cases shipped in tests/data still run without the extended corpus.
#define ROBOMETRICS_CASE_DATA(var, relative)                                                  \
    const std::filesystem::path var = ::robometrics::test::dataFile(relative);               \
    if (var.empty()) {                                                                       \
        std::cout << "[  CASE SKIPPED ] sample data not found: " << (relative) << "\n";      \
        continue;                                                                            \
    }
