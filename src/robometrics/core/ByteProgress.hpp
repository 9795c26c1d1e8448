#pragma once
// Progress over the bytes of a bag, for long reads on a terminal (evaluate, convert, topic-stats,
// traversal, bench): "412.0 MiB / 20.0 GiB   2.0%   84.1 MiB/s   ETA 3:59". The line is a pure
// function of the bytes done, the total and the time so far (byteProgressLine); the bytes done
// are what the process has read (/proc/self/io `rchar`) since the reading began, which counts
// every reader of the bag alike (MCAP, sqlite3, ROS 1, compressed or not, on any thread).

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "robometrics/core/ProgressBar.hpp"

namespace robometrics {

/// `done` of `total` bytes after `elapsed_seconds`: sizes in binary units (B, KiB, MiB, GiB, TiB,
/// one decimal), the percentage, the mean rate and the time left at that rate (M:SS, or H:MM:SS
/// from an hour). Rate and ETA read "--" until a second has passed and something was read.
/// `done` above `total` (other files read too) counts as `total`.
std::string byteProgressLine(std::uint64_t done, std::uint64_t total, double elapsed_seconds);

/// The bytes this process has read so far (read, pread and the like, all threads), from Linux's
/// /proc/self/io; nullopt where that file is not readable.
std::optional<std::uint64_t> processBytesRead();

/// Draws byteProgressLine on stderr through a ProgressBar: only when `enabled`, stderr is a
/// terminal and `total` is known (> 0); at most ten times a second.
class ByteProgress {
public:
    ByteProgress(bool enabled, std::uint64_t total);
    /// Cheap when not due: a clock read.
    void update();
    void finish() { bar_.finish(); }

private:
    ProgressBar bar_;
    std::uint64_t total_;
    std::uint64_t start_bytes_ = 0;
    std::chrono::steady_clock::time_point start_;
};

}  // namespace robometrics
