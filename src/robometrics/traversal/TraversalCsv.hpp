#pragma once
// Text of the traversal CSV, byte-compatible with the seed's files: the exact 12-column header,
// numbers as Python's repr(round(x, 4)) ("0.9398", "13.959", "0.0", "inf"), the integer 0 where
// the seed writes 0 for an empty buffer, and "\r\n" line ends (Python's csv default).
// Pure formatting; the command writes the lines.

#include <string>
#include <string_view>

#include "robometrics/traversal/TraversalRow.hpp"

namespace robometrics::traversal {

/// Which inputs a run recorded. The seed writes 0 (and inf for the clearance) when a buffer is
/// empty, so its files cannot tell "nothing measured" from a measured 0; `evaluate` passes what
/// the run recorded and the columns of an input that never came are left empty.
struct CsvInputs {
    bool scan = true;      ///< collisions, clearance
    bool imu = true;       ///< smoothness, acceleration, roughness
    bool velocity = true;  ///< odometry twist
    bool distance = true;  ///< ground-truth pose or odometry pose
    bool pose = true;      ///< ground-truth PoseArray (rejected pose jumps)
};

class TraversalCsv {
public:
    static constexpr std::string_view kLineEnd = "\r\n";

    /// The header line (with the extended columns appended when `extended`), line end included.
    static std::string header(bool extended);
    /// One row, line end included: the seed's text, with the columns of inputs that `inputs` says
    /// were not recorded left empty.
    static std::string row(const TraversalRow &row, bool extended, const CsvInputs &inputs = {});
    /// The same row appended to `out`: a file of many rows is formatted into one buffer, with no
    /// string made per row or per cell.
    static void appendRow(std::string &out, const TraversalRow &row, bool extended, const CsvInputs &inputs = {});
    /// x as Python prints round(x, 4): shortest digits, at least one decimal, inf/-inf/nan.
    static std::string pythonRound4(double x);
    /// The same text appended to `out`.
    static void appendPythonRound4(std::string &out, double x);
};

}  // namespace robometrics::traversal
