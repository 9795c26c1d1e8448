#pragma once
// How the recorder stamps what it receives (`simulate --recorder`): `plain` logs each message
// when it is published; `batched` is rosbag2 draining its subscriptions in bursts (see
// LogTimeBatcher).

#include <optional>
#include <string>
#include <vector>

namespace robometrics::sim {

enum class RecorderKind { Plain, Batched };

/// "plain", "batched" in documentation order.
const std::vector<std::string> &recorderNames();
std::string recorderName(RecorderKind kind);
std::optional<RecorderKind> parseRecorder(const std::string &name);

}  // namespace robometrics::sim
