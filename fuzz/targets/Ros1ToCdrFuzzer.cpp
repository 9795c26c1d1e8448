// The ROS 1 to CDR translation of `convert --to ros2` (msgs::Ros1ToCdr, msgs::ros2DefinitionFromRos1):
// a fuzzed ROS 1 definition and payload. Input parts, cut at separator lines: the type name, the
// ROS 1 message_definition, the ROS 1 payload.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "InputParts.hpp"
#include "robometrics/msgs/Ros1ToCdr.hpp"
#include "robometrics/msgs/Ros2DefinitionFromRos1.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    using namespace robometrics;
    auto parts = fuzz::splitParts(std::span(data, size), 3);
    const std::string type = fuzz::asText(parts[0]);
    const std::string definition = fuzz::asText(parts[1]);
    auto transcoder = msgs::Ros1ToCdr::create(type, definition);
    if (!transcoder) return 0;
    auto text = msgs::ros2DefinitionFromRos1(type, definition);
    if (text) (void)transcoder->sameWireLayout(type, *text);
    std::vector<std::uint8_t> cdr;
    if (transcoder->transcode(parts[2], cdr).ok() && cdr.size() % 4 != 0) __builtin_trap();  // always padded
    return 0;
}
