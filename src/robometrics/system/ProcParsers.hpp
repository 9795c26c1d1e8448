#pragma once
// Parsers for the few /proc files the resource monitor reads. Pure functions on text, so they
// are tested on hand-written samples; ProcessTreeSampler does the reading.

#include <cstdint>
#include <optional>
#include <string_view>

#include "robometrics/core/Result.hpp"

namespace robometrics::system {

/// The fields of /proc/<pid>/stat that we use (see proc(5)).
struct ProcStat {
    int pid = 0;
    int ppid = 0;
    int pgrp = 0;                   ///< process group id
    std::uint64_t utime_ticks = 0;  ///< user CPU time in clock ticks
    std::uint64_t stime_ticks = 0;  ///< system CPU time in clock ticks
    std::int64_t num_threads = 0;
    std::int64_t rss_pages = 0;
    std::uint64_t start_ticks = 0;  ///< start time after boot in clock ticks (identifies pid reuse)
};

/// Parses /proc/<pid>/stat. The command name may contain spaces and parentheses, so fields
/// are counted from the last ')'.
Result<ProcStat> parseProcStat(std::string_view text);

/// The "Pss:" line of /proc/<pid>/smaps_rollup in kB, if present.
std::optional<std::uint64_t> parsePssKb(std::string_view smaps_rollup);

}  // namespace robometrics::system
