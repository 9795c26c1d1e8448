#include "InputParts.hpp"

#include <algorithm>

namespace robometrics::fuzz {

std::vector<std::span<const std::uint8_t>> splitParts(std::span<const std::uint8_t> data, std::size_t count) {
    std::vector<std::span<const std::uint8_t>> parts;
    auto rest = data;
    while (parts.size() + 1 < count) {
        auto found = std::search(rest.begin(), rest.end(), kPartSeparator.begin(), kPartSeparator.end(),
                                 [](std::uint8_t byte, char c) { return byte == static_cast<std::uint8_t>(c); });
        if (found == rest.end()) break;
        auto cut = static_cast<std::size_t>(found - rest.begin());
        parts.push_back(rest.first(cut));
        rest = rest.subspan(cut + kPartSeparator.size());
    }
    parts.push_back(rest);
    parts.resize(count);  // missing parts are empty spans
    return parts;
}

}  // namespace robometrics::fuzz
