#pragma once
// Unsigned integers written as decimal digits into a char buffer, two digits a step, for the
// writers of long CSVs (core/ShortestDouble.cpp, topicstats' window rows): std::to_chars and a
// digit a step both ran about twice the instructions (callgrind: docs/evaluate.md, "Speed and
// memory", 2026-12-07, third round).

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

namespace robometrics {

namespace detail {

/// "00", "01" ... "99".
inline constexpr std::array<char, 200> kDigitPairs = [] {
    std::array<char, 200> pairs{};
    for (int i = 0; i < 100; ++i) {
        pairs[static_cast<std::size_t>(2 * i)] = static_cast<char>('0' + i / 10);
        pairs[static_cast<std::size_t>(2 * i + 1)] = static_cast<char>('0' + i % 10);
    }
    return pairs;
}();

/// 10^0 ... 10^19.
inline constexpr std::array<std::uint64_t, 20> kPowersOfTen = [] {
    std::array<std::uint64_t, 20> powers{};
    std::uint64_t power = 1;
    for (std::uint64_t &p : powers) {
        p = power;
        power *= 10;
    }
    return powers;
}();

inline void writeDigitPair(char *out, std::uint32_t two_digits) {
    std::memcpy(out, &kDigitPairs[2 * two_digits], 2);
}

}  // namespace detail

/// The number of decimal digits of `value` (1 for 0): about log10(2) = 1233 / 4096 digits a bit,
/// corrected by one comparison with the power of ten it may fall short of.
inline int decimalDigits(std::uint64_t value) {
    value |= 1;  // 0 has a digit; no power of ten above 1 is odd, so no other count changes
    const int guess = static_cast<int>((std::bit_width(value) * 1233) >> 12);
    return guess + (value >= detail::kPowersOfTen[static_cast<std::size_t>(guess)] ? 1 : 0);
}

/// Writes the digits of `value` so that they end at `end`, from the last; the caller leaves room
/// for decimalDigits(value) of them. Eight digits at a time are split off so that the pairs are
/// cut with 32-bit divisions, cheaper than 64-bit ones.
inline void writeDigitsBefore(char *end, std::uint64_t value) {
    while (value >= 100'000'000) {
        auto eight = static_cast<std::uint32_t>(value % 100'000'000);
        value /= 100'000'000;
        for (int i = 0; i < 4; ++i) {
            end -= 2;
            detail::writeDigitPair(end, eight % 100);
            eight /= 100;
        }
    }
    auto rest = static_cast<std::uint32_t>(value);
    while (rest >= 100) {
        end -= 2;
        detail::writeDigitPair(end, rest % 100);
        rest /= 100;
    }
    if (rest >= 10) {
        detail::writeDigitPair(end - 2, rest);
    } else {
        end[-1] = static_cast<char>('0' + rest);
    }
}

/// Writes the digits of `value` at `out`; returns the end.
inline char *writeDigits(char *out, std::uint64_t value) {
    char *end = out + decimalDigits(value);
    writeDigitsBefore(end, value);
    return end;
}

}  // namespace robometrics
