// Schema-driven decoding (msgs::DynamicDecoder, what `robometrics echo` prints): a fuzzed schema
// and a fuzzed payload, CDR (ros2msg) or ROS 1 serialization (ros1msg), to JSON and to the
// indented text. Input parts, cut at separator lines: the schema encoding ("ros2msg" or
// "ros1msg"), the type name, the schema text (empty: the built-in definition), the payload.

#include <cstdint>
#include <span>
#include <string>

#include "robometrics/msgs/DynamicDecoder.hpp"
#include "InputParts.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    using namespace robometrics;
    auto parts = fuzz::splitParts(std::span(data, size), 4);
    auto decoder = msgs::DynamicDecoder::create(fuzz::asText(parts[1]), fuzz::asText(parts[2]), fuzz::asText(parts[0]));
    if (!decoder) return 0;
    std::string out;
    (void)decoder->appendJson(parts[3], out);
    (void)decoder->appendYaml(parts[3], out);
    return 0;
}
