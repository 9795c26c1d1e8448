#pragma once
// Appends a finite double with `digits` significant digits: the very text of fmt's "{:.Ng}" (and
// printf's "%.Ng"): fixed notation when the rounded value's decimal exponent X is in
// [-4, digits), scientific otherwise, trailing zeros and a bare point removed.
//
// The report's time charts write every thinned point this way (tens of thousands per chart on a
// long run). fmt parses its format string and takes its exact big-number path for each of them;
// here the fixed case, which is nearly all of them, goes through detail::fixedInIntegers
// (FixedDecimal.hpp: exact, rounded half to even like fmt) with digits - 1 - X decimals, and
// only the rest (X outside the fast range, more than nine decimals) through fmt itself.

#include <fmt/format.h>

#include <cmath>
#include <iterator>
#include <string>

#include "robometrics/report/FixedDecimal.hpp"

namespace robometrics::report {

namespace detail {

/// X = floor(log10 |value|) for 1e-4 <= |value| < 1e16, else a value outside [-4, 15]. Exact: the
/// doubles nearest 1e-1 .. 1e-4 lie above the powers themselves, so `>=` against them decides as
/// the decimal powers would (tests/report/SignificantDigitsTest.cpp checks each boundary).
inline int decimalExponent(double magnitude) {
    static constexpr double kPowers[] = {1e-4, 1e-3, 1e-2, 1e-1, 1e0,  1e1,  1e2,  1e3,  1e4,  1e5,
                                         1e6,  1e7,  1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
    constexpr int kCount = static_cast<int>(sizeof kPowers / sizeof kPowers[0]);
    if (!(magnitude >= kPowers[0])) return -5;
    int x = 0;
    while (x + 1 < kCount && magnitude >= kPowers[x + 1]) ++x;
    return x - 4;
}

/// Removes the trailing zeros of a fixed number's decimals, and its point when none is left.
inline char *trimDecimals(char *begin, char *end) {
    char *point = begin;
    while (point != end && *point != '.') ++point;
    if (point == end) return end;
    while (end[-1] == '0') --end;
    if (end[-1] == '.') --end;
    return end;
}

}  // namespace detail

inline void appendSignificant(std::string &out, double value, int digits) {
    const int x = value == 0 ? 0 : detail::decimalExponent(std::fabs(value));
    const int decimals = digits - 1 - x;
    if (x >= -4 && x < digits && decimals <= 9) {
        char buffer[40];
        char *end = detail::fixedInIntegers(buffer, value, decimals);
        // Rounding may carry into a new leading digit (9.9999996 to seven digits is 10.00000):
        // then X is one more, and only scientific notation (X = digits) differs from this text.
        const char *first = buffer + (value < 0 || (value == 0 && std::signbit(value)) ? 1 : 0);
        const bool carried = end != nullptr && x >= 0 && end - first - (decimals > 0 ? decimals + 1 : 0) > x + 1;
        if (end != nullptr && !(carried && x + 1 >= digits)) {
            out.append(buffer, detail::trimDecimals(buffer, end));
            return;
        }
    }
    fmt::format_to(std::back_inserter(out), "{:.{}g}", value, digits);
}

}  // namespace robometrics::report
