#include "robometrics/msgs/JsonText.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <nlohmann/json.hpp>

namespace robometrics::msgs {

namespace {

// Writes a finite, non-negative, non-zero float32 as the shortest decimal that reads back as the
// same float (Dragonbox, through fmt), laid out as nlohmann::json lays out a double: fixed with a
// ".0" up to 15 integer digits, "0.000ddd" down to 10^-4, else "d.ddde+XX". One exception keeps
// what std::to_chars and a float widened to double have always printed: an integer-valued float
// whose fixed form is no longer than its exponent form prints its exact integer (38375248.0, not
// the equally valid 38375250.0).
//
// The copies have fixed sizes (compiled to a few moves; variable ones are calls to memmove that
// took a fifth of the time): they may write past the text's end, within kMaxJsonNumberChars.
char *writePositiveFloat(char *p, float value) {
    // fmt's own entry point to Dragonbox (exported by libfmt); its public "{}" formatting takes
    // twice as long and lays the digits out differently.
    const auto decimal = fmt::detail::dragonbox::to_decimal(value);
    char digits[16] = {};  // at most 9; the rest is room for the fixed-size copies
    const int k = static_cast<int>(std::to_chars(digits, digits + 10, decimal.significand).ptr - digits);
    const int n = k + decimal.exponent;                  // the value is 0.digits * 10^n
    const int exponent_form = (k == 1 ? 1 : k + 1) + 4;  // "d.ddde+XX": float exponents have 2 digits
    if (n >= k && n <= exponent_form) {
        p = std::to_chars(p, p + 16, static_cast<std::uint64_t>(value)).ptr;
        std::memcpy(p, ".0", 2);
        return p + 2;
    }
    if (n >= k && n <= 15) {  // digits[000].0
        std::memcpy(p, digits, 16);
        std::memset(p + k, '0', 16);
        std::memcpy(p + n, ".0", 2);
        return p + n + 2;
    }
    if (n > 0 && n < k) {  // dig.its
        std::memcpy(p, digits, 16);
        std::memcpy(p + n + 1, digits + n, 8);
        p[n] = '.';
        return p + k + 1;
    }
    if (n > -4 && n <= 0) {  // 0.[000]digits
        std::memcpy(p, "0.0000", 6);
        std::memcpy(p + 2 - n, digits, 16);
        return p + 2 - n + k;
    }
    *p++ = digits[0];  // d[.igits]e+XX
    if (k > 1) {
        *p++ = '.';
        std::memcpy(p, digits + 1, 8);
        p += k - 1;
    }
    const int e = n - 1;
    *p++ = 'e';
    *p++ = e < 0 ? '-' : '+';
    *p++ = static_cast<char>('0' + std::abs(e) / 10);
    *p++ = static_cast<char>('0' + std::abs(e) % 10);
    return p;
}

// A finite double: the formatter dump() itself calls, so the text is what it was with JSON trees;
// fmt's "{}" is also shortest round-trip but writes 1.0 as "1" and switches to exponents elsewhere.
char *writeJsonDouble(char *p, double value) { return nlohmann::detail::to_chars(p, p + kMaxJsonNumberChars, value); }

// JSON has no NaN or infinities: they are written as strings.
char *writeNonFinite(char *p, double value) {
    const std::string_view text = std::isnan(value) ? "\"nan\"" : value > 0 ? "\"inf\"" : "\"-inf\"";
    return std::copy(text.begin(), text.end(), p);
}

bool isAscii(std::string_view text) {
    for (char c : text)
        if (static_cast<unsigned char>(c) >= 0x80) return false;
    return true;
}

}  // namespace

Status appendJsonString(std::string &out, std::string_view value) {
    if (!isAscii(value)) {
        // Rare in bags: nlohmann::json checks the UTF-8 and escapes exactly as before.
        try {
            out += nlohmann::json(std::string(value)).dump();
            return Status::Ok();
        } catch (const nlohmann::json::type_error &e) {
            std::string_view what = e.what();  // "[json.exception.type_error.316] invalid UTF-8 byte at ..."
            if (auto end = what.find("] "); end != std::string_view::npos) what.remove_prefix(end + 2);
            return Error{std::string(what)};
        }
    }
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    std::size_t plain = 0;  // start of the run of characters copied as they are
    for (std::size_t i = 0; i < value.size(); ++i) {
        const auto c = static_cast<unsigned char>(value[i]);
        if (c >= 0x20 && c != '"' && c != '\\') continue;
        out.append(value.data() + plain, i - plain);
        plain = i + 1;
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\f':
                out += "\\f";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                out += "\\u00";
                out += kHex[c >> 4];
                out += kHex[c & 0xF];
        }
    }
    out.append(value.data() + plain, value.size() - plain);
    out += '"';
    return Status::Ok();
}

char *writeJsonNumber(char *p, double value) {
    return std::isfinite(value) ? writeJsonDouble(p, value) : writeNonFinite(p, value);
}

char *writeJsonNumber(char *p, float value) {
    if (!std::isfinite(value)) return writeNonFinite(p, value);
    if (std::signbit(value)) *p++ = '-';
    value = std::fabs(value);
    if (value != 0) return writePositiveFloat(p, value);
    std::memcpy(p, "0.0", 3);
    return p + 3;
}

}  // namespace robometrics::msgs
