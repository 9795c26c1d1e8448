#pragma once
// JSON scalars written straight into a text buffer, laid out as nlohmann::json::dump() lays them
// out: `echo` renders messages without building a JSON tree, and its output reads as it did when
// it did. (Float32 values are the exception: dump() never sees a float32, see below.)

#include <charconv>
#include <concepts>
#include <span>
#include <string>
#include <string_view>

#include "robometrics/core/Result.hpp"

namespace robometrics::msgs {

/// Appends `value` quoted, with `"` `\` escaped, \b \f \n \r \t for those control characters and
/// \u00xx (lower-case hex) for the others. Text beyond ASCII is copied once checked to be UTF-8;
/// otherwise nothing is appended and the error names the bad byte.
Status appendJsonString(std::string &out, std::string_view value);

/// The room writeJsonNumber() needs at `p` for one value: the longest text is 24 characters
/// ("-1.7976931348623157e+308"), and a float32 is written with fixed-size copies that may pass
/// its text's end.
inline constexpr std::size_t kMaxJsonNumberChars = 32;

/// Writes a double in its shortest round-trip digits, always with a '.' or an exponent ("1.0",
/// "0.1", "-0.0", "1e-05", "1e+16": nlohmann::json's own float formatting), or the strings "nan",
/// "inf", "-inf" (JSON has no such numbers). Returns the end of the text.
char *writeJsonNumber(char *p, double value);

/// Writes a float32 in the shortest decimal that reads back as the same float (0.1f prints as
/// 0.1, not as its widened double 0.10000000149011612), laid out as a double is ("30.0",
/// "1e-05"); an integer-valued float whose fixed form is the shorter prints its exact integer
/// ("38375248.0"). "nan", "inf", "-inf" as for doubles.
char *writeJsonNumber(char *p, float value);

/// Writes an integer in decimal.
template <std::integral T>
char *writeJsonNumber(char *p, T value) {
    return std::to_chars(p, p + kMaxJsonNumberChars, value).ptr;
}

/// Appends one number as writeJsonNumber() writes it.
template <class T>
void appendJsonNumber(std::string &out, T value) {
    char text[kMaxJsonNumberChars];
    out.append(text, writeJsonNumber(text, value));
}

/// Appends numbers separated by commas ("1,2.5,\"nan\""). The text is sized for the longest
/// values once and cut to what was written: checking capacity once per value instead took as long
/// as formatting a float32.
template <class T>
void appendJsonNumberList(std::string &out, std::span<const T> values) {
    const std::size_t start = out.size();
    out.resize(start + values.size() * (kMaxJsonNumberChars + 1));
    char *p = out.data() + start;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i > 0) *p++ = ',';
        p = writeJsonNumber(p, values[i]);
    }
    out.resize(static_cast<std::size_t>(p - out.data()));
}

inline void appendJsonBool(std::string &out, bool value) { out += value ? "true" : "false"; }

}  // namespace robometrics::msgs
