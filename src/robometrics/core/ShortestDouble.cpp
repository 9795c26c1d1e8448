#include "robometrics/core/ShortestDouble.hpp"

#include <fmt/compile.h>
#include <fmt/format.h>

#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace robometrics {

namespace {

/// "00", "01" ... "99": the digits are written two at a time.
constexpr std::array<char, 200> kDigitPairs = [] {
    std::array<char, 200> pairs{};
    for (int i = 0; i < 100; ++i) {
        pairs[static_cast<std::size_t>(2 * i)] = static_cast<char>('0' + i / 10);
        pairs[static_cast<std::size_t>(2 * i + 1)] = static_cast<char>('0' + i % 10);
    }
    return pairs;
}();

void writePair(char *out, std::uint32_t two_digits) { std::memcpy(out, &kDigitPairs[2 * two_digits], 2); }

/// The number of decimal digits of `value` (1 for 0): about log10(2) = 1233 / 4096 digits a bit,
/// corrected by one comparison with the power of ten it may fall short of.
int decimalDigits(std::uint64_t value) {
    value |= 1;  // 0 has a digit; no power of ten above 1 is odd, so no other count changes
    static constexpr std::array<std::uint64_t, 20> kPowers = [] {
        std::array<std::uint64_t, 20> powers{};
        std::uint64_t power = 1;
        for (std::uint64_t &p : powers) {
            p = power;
            power *= 10;
        }
        return powers;
    }();
    const int guess = static_cast<int>((std::bit_width(value) * 1233) >> 12);
    return guess + (value >= kPowers[static_cast<std::size_t>(guess)] ? 1 : 0);
}

/// Writes the digits of `value` so that they end at `end`, from the last; the caller leaves room
/// for decimalDigits(value) of them. Eight digits at a time are split off so that the pairs are cut
/// with 32-bit divisions, cheaper than 64-bit ones.
void writeDigitsBefore(char *end, std::uint64_t value) {
    while (value >= 100'000'000) {
        auto eight = static_cast<std::uint32_t>(value % 100'000'000);
        value /= 100'000'000;
        for (int i = 0; i < 4; ++i) {
            end -= 2;
            writePair(end, eight % 100);
            eight /= 100;
        }
    }
    auto rest = static_cast<std::uint32_t>(value);
    while (rest >= 100) {
        end -= 2;
        writePair(end, rest % 100);
        rest /= 100;
    }
    if (rest >= 10) {
        writePair(end - 2, rest);
    } else {
        end[-1] = static_cast<char>('0' + rest);
    }
}

/// Writes `exponent` as fmt does: 'e', a sign and at least two digits ("e-05", "e+308").
char *writeExponent(char *out, int exponent) {
    *out++ = 'e';
    *out++ = exponent < 0 ? '-' : '+';
    const auto magnitude = static_cast<std::uint32_t>(exponent < 0 ? -exponent : exponent);
    if (magnitude >= 100) {
        *out++ = static_cast<char>('0' + magnitude / 100);
    }
    writePair(out, magnitude % 100);
    return out + 2;
}

}  // namespace

// The shortest digits come from Dragonbox through fmt's own entry point (exported by libfmt, also
// used by msgs/JsonText.cpp); they are laid out here as fmt's do_write_float lays them out for
// "{}", with cheaper digit writing: fmt's "{}" ran ~450 instructions a number on evaluate's CSVs
// (docs/evaluate.md, "Speed and memory", 2026-12-07, third round). The layout: fixed notation while
// the decimal exponent of the first digit is in [-4, 16), without a trailing ".0" ("100",
// "0.0001", "12.5"), else "d[.ddd]e+XX" ("1e-05", "1.5e+16").
char *writeShortest(char *out, double value) {
    if (!std::isfinite(value)) return fmt::format_to(out, FMT_COMPILE("{}"), value);  // nan, inf, -inf
    if (std::signbit(value)) {
        *out++ = '-';
        value = -value;
    }
    const auto decimal = fmt::detail::dragonbox::to_decimal(value);  // value = significand * 10^exponent
    const int count = decimalDigits(decimal.significand);
    const int first_exponent = decimal.exponent + count - 1;  // of the first digit
    if (first_exponent < -4 || first_exponent >= 16) {  // d[.igits]e+XX
        // The digits one place to the right, the first moved back before the point.
        writeDigitsBefore(out + 1 + count, decimal.significand);
        out[0] = out[1];
        if (count == 1) return writeExponent(out + 1, first_exponent);
        out[1] = '.';
        return writeExponent(out + count + 1, first_exponent);
    }
    if (decimal.exponent >= 0) {  // digits[000]
        writeDigitsBefore(out + count, decimal.significand);
        std::memset(out + count, '0', static_cast<std::size_t>(decimal.exponent));
        return out + count + decimal.exponent;
    }
    const int units = count + decimal.exponent;  // digits before the point
    if (units > 0) {  // dig.its: the digits one place to the right, the units moved back before the point
        writeDigitsBefore(out + 1 + count, decimal.significand);
        std::memmove(out, out + 1, static_cast<std::size_t>(units));
        out[units] = '.';
        return out + 1 + count;
    }
    // 0.[000]digits
    const int zeros = -units;
    out[0] = '0';
    out[1] = '.';
    std::memset(out + 2, '0', static_cast<std::size_t>(zeros));
    writeDigitsBefore(out + 2 + zeros + count, decimal.significand);
    return out + 2 + zeros + count;
}

}  // namespace robometrics
