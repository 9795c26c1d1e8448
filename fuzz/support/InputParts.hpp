#pragma once
// Targets that need several inputs (a schema and a payload, a map YAML and its image) take them
// from one fuzz input cut at a separator line. The separator is in the dictionaries, so the
// fuzzer can add or drop a part; missing parts are empty.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace robometrics::fuzz {

inline constexpr std::string_view kPartSeparator = "\n--8<--\n";

/// Cuts `data` into exactly `count` parts at the first `count - 1` separators; the last part
/// keeps the rest (separators included).
std::vector<std::span<const std::uint8_t>> splitParts(std::span<const std::uint8_t> data, std::size_t count);

inline std::string asText(std::span<const std::uint8_t> bytes) {
    return std::string(reinterpret_cast<const char *>(bytes.data()), bytes.size());
}

}  // namespace robometrics::fuzz
