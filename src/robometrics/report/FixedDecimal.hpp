#pragma once
// Appends a double in fixed notation with `precision` decimals: the very text fmt's "{:.Nf}"
// (and printf's "%.Nf") gives, exact and rounded half to even, including nan and inf. Through
// std::to_chars (Ryu printf): for epoch stamps at nanosecond precision (about 1.7e9 s to nine
// decimals, the timestamp columns of the CSVs) fmt falls back on its exact big-number path
// and takes about ten times as long, which made these columns half the cost of writing ate.csv.

#include <charconv>
#include <string>

namespace robometrics::report {

inline void appendFixed(std::string &out, double value, int precision) {
    // 309 integer digits (DBL_MAX), a sign, a point and the decimals; precision is small here.
    char buffer[352];
    const auto written = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, precision);
    out.append(buffer, written.ptr);
}

}  // namespace robometrics::report
