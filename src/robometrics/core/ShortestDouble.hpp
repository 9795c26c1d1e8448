#pragma once
// Doubles written as fmt's "{}" writes them (the shortest text that reads back as the same
// double) into a char buffer. The CSVs of a long run hold hundreds of thousands of them
// (ate.csv, topic_stats.csv): written through std::back_inserter into a std::string, fmt grows
// the string once per number and runs more instructions than into a plain pointer (callgrind;
// the time saved was within the noise: docs/evaluate.md "Speed and memory", 2026-12-07). A row is
// written into a buffer on the stack and appended once.

#include <cstddef>

namespace robometrics {

/// The longest text fmt's "{}" gives a double: "-2.2250738585072014e-308".
inline constexpr std::size_t kShortestDoubleChars = 24;

/// Writes `value` at `out` (room for kShortestDoubleChars) as fmt's "{}" does; returns the end.
char *writeShortest(char *out, double value);

}  // namespace robometrics
