#include "robometrics/sim/ClockProfile.hpp"

#include "robometrics/sim/EnumNames.hpp"

namespace robometrics::sim {

const std::vector<std::string> &clockNames() {
    static const std::vector<std::string> names{"wall", "gazebo"};
    return names;
}

std::string clockName(ClockProfile::Kind kind) { return enumName(clockNames(), kind); }

std::optional<ClockProfile::Kind> parseClock(const std::string &name) {
    return enumFromName<ClockProfile::Kind>(clockNames(), name);
}

}  // namespace robometrics::sim
