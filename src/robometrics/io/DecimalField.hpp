#pragma once
// The number at the start of a text field, as std::from_chars reads it, with a shortcut for the
// plain decimals that trajectory files are made of ("1700000000.123456", "-0.25"). Such a number
// whose digits make an integer up to 2^53, with at most 22 of them after the point, is that
// integer divided by a power of ten up to 10^22: both are doubles exactly, and IEEE division rounds the quotient correctly, so the result is the very
// double from_chars gives (Clinger's fast path). Anything else (an exponent, more digits, "inf",
// hexadecimal, an error) goes to from_chars itself. On 2 x 1M TUM poses from_chars alone was
// 42 % of `ape`'s time (perf).

#include <charconv>
#include <cstdint>
#include <system_error>

namespace robometrics::io {

/// Reads the number at [first, last) into `value` like std::from_chars (general format); returns
/// the same result.
inline std::from_chars_result parseDecimalField(const char *first, const char *last, double &value) {
    static constexpr double kPowersOfTen[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                              1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    const char *p = first;
    const bool negative = p < last && *p == '-';
    if (negative) ++p;
    std::uint64_t mantissa = 0;
    int digits = 0, fraction_digits = 0;
    for (; p < last && *p >= '0' && *p <= '9'; ++p, ++digits) mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
    if (p < last && *p == '.') {
        ++p;
        for (; p < last && *p >= '0' && *p <= '9'; ++p, ++digits, ++fraction_digits) {
            mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
        }
    }
    // 19 digits cannot overflow 64 bits; an exponent or any other continuation of the number is
    // from_chars' to read.
    const bool plain = digits > 0 && digits <= 19 && mantissa <= (std::uint64_t{1} << 53) && fraction_digits <= 22 &&
                       (p == last || (*p != 'e' && *p != 'E' && *p != 'x' && *p != 'X'));
    if (!plain) return std::from_chars(first, last, value);
    const double magnitude = static_cast<double>(mantissa) / kPowersOfTen[fraction_digits];
    value = negative ? -magnitude : magnitude;
    return {p, std::errc()};
}

}  // namespace robometrics::io
