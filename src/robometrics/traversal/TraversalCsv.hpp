#pragma once
// Text of the traversal CSV, byte-compatible with the seed's files: the exact 12-column header,
// numbers as Python's repr(round(x, 4)) ("0.9398", "13.959", "0.0", "inf"), the integer 0 where
// the seed writes 0 for an empty buffer, and "\r\n" line ends (Python's csv default).
// Pure formatting; the command writes the lines.

#include <string>
#include <string_view>

#include "robometrics/traversal/TraversalRow.hpp"

namespace robometrics::traversal {

class TraversalCsv {
public:
    static constexpr std::string_view kLineEnd = "\r\n";

    /// The header line (with the extended columns appended when `extended`), line end included.
    static std::string header(bool extended);
    /// One row, line end included.
    static std::string row(const TraversalRow &row, bool extended);
    /// x as Python prints round(x, 4): shortest digits, at least one decimal, inf/-inf/nan.
    static std::string pythonRound4(double x);
};

}  // namespace robometrics::traversal
