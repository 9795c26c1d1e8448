#pragma once
// Appends a double in fixed notation with `precision` decimals: the very text fmt's "{:.Nf}"
// (and printf's "%.Nf") gives, exact and rounded half to even, including nan and inf.
//
// Most values the CSVs and plots print (epoch stamps to nine decimals, metres, pixels to one) are
// written by fixedInIntegers() with integer arithmetic alone: a double is an integer times a power
// of two, so its fraction times 10^precision is an exact 128-bit product, rounded by its remainder.
// bench_fixeddecimal: 2.4 times as fast as std::to_chars (Ryu printf) on stamps, 4 times on plot
// coordinates; fmt is slower still on stamps (its exact big-number path). Values outside its
// range (huge, tiny, more than nine decimals) go through std::to_chars.

#include <bit>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "robometrics/core/DecimalDigits.hpp"

namespace robometrics::report {

namespace detail {

/// Writes `value` with `precision` decimals to `out` and returns the end, when |value| < 2^53,
/// its last bit is worth at least 2^-127 (any value from 2^-75 up, and zero) and precision <= 9;
/// else returns nullptr, having written nothing that counts.
inline char *fixedInIntegers(char *out, double value, int precision) {
    if (!(std::fabs(value) < 0x1p53) || precision < 0 || precision > 9) return nullptr;
    // |value| = digits / 2^shift, from the bits of the double (no libm call): a normal double is
    // its 52 stored bits with the implicit 1 on top, times 2^(biased exponent - 1075).
    const auto bits = std::bit_cast<std::uint64_t>(value) & ~(std::uint64_t{1} << 63);
    const auto biased = static_cast<int>(bits >> 52);
    if (biased == 0 && bits != 0) return nullptr;  // subnormal: far below what is written here
    const std::uint64_t digits = biased == 0 ? 0 : (bits & ((std::uint64_t{1} << 52) - 1)) | (std::uint64_t{1} << 52);
    const int shift = biased == 0 ? 0 : 1075 - biased;  // >= 0 below 2^53
    // The fraction's denominator must fit 128 bits (its numerator times 10^9 takes at most 83).
    if (shift > 127) return nullptr;
    __extension__ typedef unsigned __int128 U128;  // GCC and Clang on 64-bit targets
    std::uint64_t units = 0;
    U128 fraction = digits;  // numerator over 2^shift
    if (shift < 64) {
        units = digits >> shift;
        fraction = digits & ((std::uint64_t{1} << shift) - 1);
    }
    std::uint64_t scale = 1;
    for (int i = 0; i < precision; ++i) scale *= 10;
    const U128 scaled = fraction * scale;
    std::uint64_t decimals = 0;  // an integer (shift 0) has none
    if (shift != 0) {
        decimals = static_cast<std::uint64_t>(scaled >> shift);
        const U128 rest = scaled & ((U128{1} << shift) - 1);
        const U128 half = U128{1} << (shift - 1);
        const std::uint64_t last_digit = precision == 0 ? units : decimals;
        if (rest > half || (rest == half && (last_digit & 1) != 0)) ++decimals;  // half to even
    }
    if (decimals == scale) {  // rounded up into the units
        ++units;
        decimals = 0;
    }
    if (std::signbit(value)) *out++ = '-';
    out = writeDigits(out, units);
    if (precision == 0) return out;
    // The decimals with their leading zeros: scale + decimals has one digit more, a 1 that the
    // point then replaces (two digits a step, core/DecimalDigits.hpp).
    writeDigitsBefore(out + 1 + precision, scale + decimals);
    *out = '.';
    return out + 1 + precision;
}

}  // namespace detail

/// Room writeFixed() needs: 309 integer digits (DBL_MAX), a sign, a point and the decimals
/// (precision is small here).
inline constexpr std::size_t kFixedChars = 352;

/// Writes `value` with `precision` decimals at `out`, which has room for kFixedChars, and returns
/// the end: for a CSV row built in one buffer and appended once.
inline char *writeFixed(char *out, double value, int precision) {
    char *end = detail::fixedInIntegers(out, value, precision);
    if (end != nullptr) return end;
    return std::to_chars(out, out + kFixedChars, value, std::chars_format::fixed, precision).ptr;
}

inline void appendFixed(std::string &out, double value, int precision) {
    char buffer[kFixedChars];
    out.append(buffer, writeFixed(buffer, value, precision));
}

}  // namespace robometrics::report
