#include "robometrics/sim/SensorProfile.hpp"

#include "robometrics/sim/EnumNames.hpp"

namespace robometrics::sim {

const std::vector<std::string> &sensorProfileNames() {
    static const std::vector<std::string> names{"standard", "heavy"};
    return names;
}

std::string sensorProfileName(SensorProfile profile) { return enumName(sensorProfileNames(), profile); }

std::optional<SensorProfile> parseSensorProfile(const std::string &name) {
    return enumFromName<SensorProfile>(sensorProfileNames(), name);
}

int imuRateHz(SensorProfile profile) { return profile == SensorProfile::Heavy ? 200 : 100; }

}  // namespace robometrics::sim
