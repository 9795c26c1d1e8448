#pragma once
// The command-line names of the simulator's small enums (robot, clock, recorder): the names are
// listed once, in enum order, and parsed by position.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace robometrics::sim {

template <class Enum>
std::optional<Enum> enumFromName(const std::vector<std::string> &names, const std::string &name) {
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == name) return static_cast<Enum>(i);
    return std::nullopt;
}

template <class Enum>
const std::string &enumName(const std::vector<std::string> &names, Enum value) {
    return names.at(static_cast<std::size_t>(value));
}

}  // namespace robometrics::sim
