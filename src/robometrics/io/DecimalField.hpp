#pragma once
// The number at the start of a text field, as std::from_chars reads it, with shortcuts for the
// decimals that trajectory files are made of ("1700000000.123456", "-0.25", "0.015090605474730455",
// "6.9659e-05"). Such a number is an integer M (its digits) times 10^E (E: the exponent less the
// digits after the point); the shortcuts give the double nearest to M * 10^E (ties to even), which
// is the very double from_chars gives:
//  - M <= 2^53 and |E| <= 22: M and 10^|E| are doubles exactly, so one IEEE multiplication or
//    division rounds their product or quotient correctly (Clinger's fast path);
//  - else M < 10^19 and |E| <= 27: M * 5^E, or M / 5^-E to 55 bits and whether a remainder is
//    left, in 128-bit integers (10^E = 5^E * 2^E, and 5^27 < 2^64), then rounded to 53 bits and
//    scaled by 2^E by hand (roundedScaled).
// Anything else (more digits, larger exponents, "inf", hexadecimal, an error) goes to from_chars
// itself. On 2 x 1M TUM poses from_chars alone was 42 % of `ape`'s time (perf); the integer
// shortcut takes the 17-digit numbers that Python's repr() writes, ~300 instructions each in
// from_chars (issue 62: 168 000 of them in the 2400 s terrain run's ground truth).

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <system_error>

namespace robometrics::io {

namespace decimal_detail {

/// Whether the 8 characters at p are all digits, and then their value into `eight`: a step for
/// eight digits instead of eight steps (one at a time, the 17-digit numbers of a trajectory file
/// cost ~10 instructions a digit, half of the parse, each step waiting for the one before).
inline bool readEightDigits(const char *p, std::uint64_t &eight) {
    constexpr std::uint64_t kEveryByte = 0x0101010101010101;
    std::uint64_t bytes;
    std::memcpy(&bytes, p, 8);  // p[0] in the lowest byte (the caller checks the byte order)
    // '0' to '9' are 0x30 to 0x39: the high half of each byte is 3, and stays 3 after adding 6
    // (no byte carries into the next: they are at most 0x3f when the first test passes).
    constexpr std::uint64_t kHighHalves = 0xf0 * kEveryByte;
    if ((bytes & kHighHalves) != 0x30 * kEveryByte || ((bytes + 6 * kEveryByte) & kHighHalves) != 0x30 * kEveryByte)
        return false;
    std::uint64_t v = bytes - 0x30 * kEveryByte;  // each byte its digit, the first digit lowest
    // Neighbours combined, the earlier one times its power of ten, in lanes that cannot overflow:
    // 16-bit lanes of two digits (up to 99), 32-bit lanes of four (up to 9999), then all eight.
    v = (v & 0x00ff00ff00ff00ff) * 10 + ((v >> 8) & 0x00ff00ff00ff00ff);
    v = (v & 0x0000ffff0000ffff) * 100 + ((v >> 16) & 0x0000ffff0000ffff);
    eight = (v & 0xffffffff) * 10000 + (v >> 32);
    return true;
}

/// Appends the decimal digits at p to `value` (wrapping past 2^64: the caller counts the digits);
/// returns the first non-digit.
inline const char *readDigits(const char *p, const char *last, std::uint64_t &value) {
    if constexpr (std::endian::native == std::endian::little) {
        std::uint64_t eight;
        while (last - p >= 8 && readEightDigits(p, eight)) {
            value = value * 100000000 + eight;
            p += 8;
        }
    }
    for (; p < last; ++p) {
        const unsigned digit = static_cast<unsigned char>(*p) - unsigned{'0'};
        if (digit > 9) break;
        value = value * 10 + digit;
    }
    return p;
}

/// GCC's and Clang's 128-bit integer (not ISO C++, hence __extension__ for -Wpedantic).
__extension__ using Wide = unsigned __int128;

/// 5^0 to 5^27, every power of five below 2^64: 10^k is 5^k * 2^k, and the 2^k only scales.
inline constexpr std::array<std::uint64_t, 28> kPowersOfFive = [] {
    std::array<std::uint64_t, 28> powers{};
    std::uint64_t power = 1;
    for (auto &p : powers) {
        p = power;
        power *= 5;  // wraps after 5^27, which is not stored
    }
    return powers;
}();

inline int bitWidth(std::uint64_t n) { return static_cast<int>(std::bit_width(n)); }

inline int bitWidth(Wide n) {
    const auto high = static_cast<std::uint64_t>(n >> 64);
    return high != 0 ? 64 + bitWidth(high) : bitWidth(static_cast<std::uint64_t>(n));
}

/// (q + f) * 2^scale rounded to the nearest double, ties to even, as IEEE rounds: q > 2^53 an
/// integer, f a fraction in [0, 1), nonzero when `more`. The bits of q below a double's 53 decide:
/// more than half rounds up, less down, exactly half (f = 0) to the even neighbour. The result
/// must be a normal double (the callers' are between 1e-12 and 1e47).
inline double roundedScaled(std::uint64_t q, bool more, int scale) {
    const int extra = bitWidth(q) - 53;
    const std::uint64_t kept = q >> extra, dropped = q & ((std::uint64_t{1} << extra) - 1),
                        half = std::uint64_t{1} << (extra - 1);
    const bool up = dropped > half || (dropped == half && (more || (kept & 1) != 0));
    // kept + 1 may be 2^53, still a double exactly; 2^(scale + extra) is built from its exponent.
    const auto power_of_two = std::bit_cast<double>(static_cast<std::uint64_t>(1023 + scale + extra) << 52);
    return static_cast<double>(kept + (up ? 1 : 0)) * power_of_two;
}

/// The double nearest to mantissa * 10^exponent, 0 < mantissa < 2^64, |exponent| <= 27, and
/// mantissa > 2^53 or |exponent| >= 23 (so that the 64 bits roundedScaled takes hold more than 53).
inline double scaledExactly(std::uint64_t mantissa, int exponent) {
    if (exponent >= 0) {
        // The product exactly, then its top 64 bits and whether any bit below them is set.
        const Wide product = Wide{mantissa} * kPowersOfFive[exponent];
        const int shift = std::max(0, bitWidth(product) - 64);
        const bool more = (product & ((Wide{1} << shift) - 1)) != 0;
        return roundedScaled(static_cast<std::uint64_t>(product >> shift), more, exponent + shift);
    }
    // The quotient shifted to 55 or 56 bits (a double's 53 and two for the rounding; the
    // numerator then below 2^120) and whether a remainder is left.
    const std::uint64_t divisor = kPowersOfFive[-exponent];
    const int shift = std::max(0, 55 + bitWidth(divisor) - bitWidth(mantissa));
    const Wide numerator = Wide{mantissa} << shift;
    const auto quotient = static_cast<std::uint64_t>(numerator / divisor);
    return roundedScaled(quotient, numerator != Wide{quotient} * divisor, exponent - shift);
}

}  // namespace decimal_detail

/// Reads the number at [first, last) into `value` like std::from_chars (general format); returns
/// the same result.
inline std::from_chars_result parseDecimalField(const char *first, const char *last, double &value) {
    static constexpr double kPowersOfTen[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                              1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    const char *p = first;
    const bool negative = p < last && *p == '-';
    if (negative) ++p;
    std::uint64_t mantissa = 0;
    const char *whole = p;
    p = decimal_detail::readDigits(p, last, mantissa);
    long digits = p - whole, fraction_digits = 0;
    if (p < last && *p == '.') {
        const char *fraction = ++p;
        p = decimal_detail::readDigits(p, last, mantissa);
        fraction_digits = p - fraction;
        digits += fraction_digits;
    }
    long exponent = -fraction_digits;
    if (p < last && (*p == 'e' || *p == 'E')) {
        // Up to 3 digits with a sign; anything else (no digits: the number ends before the 'e')
        // is from_chars' to read.
        const char *e = p + 1;
        const bool negative_exponent = e < last && *e == '-';
        if (e < last && (*e == '-' || *e == '+')) ++e;
        std::uint64_t written = 0;
        const char *end = decimal_detail::readDigits(e, last, written);
        if (end == e || end - e > 3) return std::from_chars(first, last, value);
        exponent += negative_exponent ? -static_cast<long>(written) : static_cast<long>(written);
        p = end;
    }
    // 19 digits cannot wrap 64 bits. A hexadecimal-looking rest is from_chars' to judge.
    if (digits == 0 || digits > 19 || (p < last && (*p == 'x' || *p == 'X'))) return std::from_chars(first, last, value);
    double magnitude;
    if (mantissa == 0) {
        magnitude = 0.0;  // "0e-25" and the like: scaledExactly needs a nonzero mantissa
    } else if (mantissa <= (std::uint64_t{1} << 53) && exponent >= -22 && exponent <= 22) {
        magnitude = exponent < 0 ? static_cast<double>(mantissa) / kPowersOfTen[-exponent]
                                 : static_cast<double>(mantissa) * kPowersOfTen[exponent];
    } else if (exponent >= -27 && exponent <= 27) {
        magnitude = decimal_detail::scaledExactly(mantissa, static_cast<int>(exponent));
    } else {
        return std::from_chars(first, last, value);
    }
    value = negative ? -magnitude : magnitude;
    return {p, std::errc()};
}

}  // namespace robometrics::io
