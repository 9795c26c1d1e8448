#include "robometrics/sim/RecorderKind.hpp"

#include "robometrics/sim/EnumNames.hpp"

namespace robometrics::sim {

const std::vector<std::string> &recorderNames() {
    static const std::vector<std::string> names{"plain", "batched"};
    return names;
}

std::string recorderName(RecorderKind kind) { return enumName(recorderNames(), kind); }

std::optional<RecorderKind> parseRecorder(const std::string &name) {
    return enumFromName<RecorderKind>(recorderNames(), name);
}

}  // namespace robometrics::sim
