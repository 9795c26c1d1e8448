#include "robometrics/core/ShortestDouble.hpp"

#include "robometrics/core/DecimalDigits.hpp"

#include <fmt/compile.h>
#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <cstring>

namespace robometrics {

namespace {

/// Writes `exponent` as fmt does: 'e', a sign and at least two digits ("e-05", "e+308").
char *writeExponent(char *out, int exponent) {
    *out++ = 'e';
    *out++ = exponent < 0 ? '-' : '+';
    const auto magnitude = static_cast<std::uint32_t>(exponent < 0 ? -exponent : exponent);
    if (magnitude >= 100) {
        *out++ = static_cast<char>('0' + magnitude / 100);
    }
    detail::writeDigitPair(out, magnitude % 100);
    return out + 2;
}

}  // namespace

// The shortest digits come from Dragonbox through fmt's own entry point (exported by libfmt, also
// used by msgs/JsonText.cpp); they are written two at a time (core/DecimalDigits.hpp) and laid out
// here as fmt's do_write_float lays them out for "{}", which ran ~450 instructions a number on
// evaluate's CSVs, against ~280 now (docs/evaluate.md, "Speed and memory", 2026-12-07, third
// round). The layout: fixed notation while the decimal exponent of the first digit is in [-4, 16),
// without a trailing ".0" ("100", "0.0001", "12.5"), else "d[.ddd]e+XX" ("1e-05", "1.5e+16").
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
