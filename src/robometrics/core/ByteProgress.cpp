#include "robometrics/core/ByteProgress.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>

namespace robometrics {

namespace {

std::string binarySize(double bytes) {
    constexpr std::array<const char *, 5> kUnits = {"B", "KiB", "MiB", "GiB", "TiB"};
    std::size_t unit = 0;
    while (bytes >= 1024.0 && unit + 1 < kUnits.size()) {
        bytes /= 1024.0;
        ++unit;
    }
    return unit == 0 ? fmt::format("{:.0f} B", bytes) : fmt::format("{:.1f} {}", bytes, kUnits[unit]);
}

std::string duration(double seconds) {
    const auto total = static_cast<std::uint64_t>(std::llround(seconds));
    const std::uint64_t h = total / 3600, m = total / 60 % 60, s = total % 60;
    return h > 0 ? fmt::format("{}:{:02}:{:02}", h, m, s) : fmt::format("{}:{:02}", m, s);
}

}  // namespace

std::string byteProgressLine(std::uint64_t done, std::uint64_t total, double elapsed_seconds) {
    done = std::min(done, total);
    const double percent = total > 0 ? 100.0 * static_cast<double>(done) / static_cast<double>(total) : 0.0;
    std::string rate = "-- MiB/s", eta = "--";
    if (elapsed_seconds >= 1.0 && done > 0) {
        const double per_second = static_cast<double>(done) / elapsed_seconds;
        rate = binarySize(per_second) + "/s";
        eta = duration(static_cast<double>(total - done) / per_second);
    }
    return fmt::format("{} / {}  {:5.1f}%  {}  ETA {}", binarySize(static_cast<double>(done)),
                       binarySize(static_cast<double>(total)), percent, rate, eta);
}

std::optional<std::uint64_t> processBytesRead() {
    std::ifstream io("/proc/self/io");
    std::string key;
    std::uint64_t value = 0;
    while (io >> key >> value) {
        if (key == "rchar:") return value;
    }
    return std::nullopt;
}

ByteProgress::ByteProgress(bool enabled, std::uint64_t total)
    : bar_(enabled && total > 0), total_(total), start_(std::chrono::steady_clock::now()) {
    if (bar_.due()) start_bytes_ = processBytesRead().value_or(0);
}

void ByteProgress::update() {
    if (!bar_.due()) return;
    const auto read = processBytesRead();
    if (!read) return;
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const std::uint64_t done = *read >= start_bytes_ ? *read - start_bytes_ : 0;
    bar_.update(byteProgressLine(done, total_, elapsed),
                static_cast<double>(std::min(done, total_)) / static_cast<double>(total_));
}

}  // namespace robometrics
