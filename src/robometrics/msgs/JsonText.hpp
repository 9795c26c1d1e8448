#pragma once
// JSON scalars written straight into a text buffer, character for character as
// nlohmann::json::dump() writes them: `echo` renders messages without building a JSON tree, and
// its output stays what it was when it did.

#include <charconv>
#include <concepts>
#include <string>
#include <string_view>

#include "robometrics/core/Result.hpp"

namespace robometrics::msgs {

/// Appends `value` quoted, with `"` `\` escaped, \b \f \n \r \t for those control characters and
/// \u00xx (lower-case hex) for the others. Text beyond ASCII is copied once checked to be UTF-8;
/// otherwise nothing is appended and the error names the bad byte.
Status appendJsonString(std::string &out, std::string_view value);

/// Appends a finite double in its shortest round-trip digits, always with a '.' or an exponent
/// ("1.0", "0.1", "-0.0", "1e-05", "1e+16"): nlohmann::json's own float formatting.
void appendJsonDouble(std::string &out, double value);

/// Appends a double, or the strings "nan", "inf", "-inf" (JSON has no such numbers).
void appendJsonNumber(std::string &out, double value);

/// Appends a float32 through its shortest decimal form, so that 0.1f prints as 0.1 and not as
/// 0.10000000149011612; "nan", "inf", "-inf" as for doubles.
void appendJsonNumber(std::string &out, float value);

/// Appends an integer in decimal.
template <std::integral T>
void appendJsonNumber(std::string &out, T value) {
    char text[24];
    auto end = std::to_chars(text, text + sizeof text, value).ptr;
    out.append(text, end);
}

inline void appendJsonBool(std::string &out, bool value) { out += value ? "true" : "false"; }

}  // namespace robometrics::msgs
