#include "robometrics/msgs/JsonText.hpp"

#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>

namespace robometrics::msgs {

namespace {

// The double nearest to the decimal that std::to_chars wrote for a float ("-1.25e-07", "0.001",
// "38375248"): its digits (at most 9 significant ones, a few zeros in the fixed form: far below
// 2^53) and a power of ten up to 10^22 are exact doubles, so one multiplication or division
// rounds correctly (Clinger's fast path). Beyond 10^22, std::from_chars (several times slower).
double nearestDouble(const char *begin, const char *end) {
    static constexpr double kPowersOfTen[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                              1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    const char *p = begin;
    const bool negative = p != end && *p == '-';
    if (negative) ++p;
    std::uint64_t digits = 0;
    int exponent = 0;
    for (bool fraction = false; p != end && *p != 'e'; ++p) {
        if (*p == '.') {
            fraction = true;
            continue;
        }
        digits = digits * 10 + static_cast<std::uint64_t>(*p - '0');
        if (fraction) --exponent;
    }
    if (p != end) {  // "e+07", "e-45"
        int written = 0;
        std::from_chars(p + (p[1] == '+' ? 2 : 1), end, written);
        exponent += written;
    }
    if (exponent < -22 || exponent > 22) {
        double value = 0;
        std::from_chars(begin, end, value);
        return value;
    }
    const double magnitude = exponent < 0 ? static_cast<double>(digits) / kPowersOfTen[-exponent]
                                          : static_cast<double>(digits) * kPowersOfTen[exponent];
    return negative ? -magnitude : magnitude;
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

void appendJsonDouble(std::string &out, double value) {
    // The formatter dump() itself calls, so the text is what it was with JSON trees; fmt's "{}"
    // is also shortest round-trip but writes 1.0 as "1" and switches to exponents elsewhere.
    char text[64];
    out.append(text, nlohmann::detail::to_chars(text, text + sizeof text, value));
}

void appendJsonNumber(std::string &out, double value) {
    if (std::isnan(value))
        out += "\"nan\"";
    else if (std::isinf(value))
        out += value > 0 ? "\"inf\"" : "\"-inf\"";
    else
        appendJsonDouble(out, value);
}

void appendJsonNumber(std::string &out, float value) {
    if (!std::isfinite(value)) return appendJsonNumber(out, static_cast<double>(value));
    // The shortest digits that give back this float, read as the double nearest to them. (Not the
    // same as laying out those digits: nlohmann's formatter is not always shortest, and a float
    // above 2^24 prints its exact integer in the fixed form.)
    char text[32];
    appendJsonDouble(out, nearestDouble(text, std::to_chars(text, text + sizeof text, value).ptr));
}

}  // namespace robometrics::msgs
