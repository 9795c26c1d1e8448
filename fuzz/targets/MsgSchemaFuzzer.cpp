// Message definitions: the .msg grammar (msgs::parseMsgFields on every block), the ros2msg
// schema split (msgs::splitSchemaText) and the compilation for decoding (DynamicDecoder::create,
// ros2msg and ros1msg). Input: the root type name, a separator line, the schema text.

#include <cstdint>
#include <span>

#include "robometrics/msgs/DynamicDecoder.hpp"
#include "robometrics/msgs/MsgSchema.hpp"
#include "InputParts.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    using namespace robometrics;
    auto parts = fuzz::splitParts(std::span(data, size), 2);
    std::string type_name = fuzz::asText(parts[0]);
    std::string text = fuzz::asText(parts[1]);
    if (auto blocks = msgs::splitSchemaText(text, type_name)) {
        for (const auto &[name, body] : *blocks) (void)msgs::parseMsgFields(body, msgs::packageOf(name));
    }
    (void)msgs::DynamicDecoder::create(type_name, text, "ros2msg");
    (void)msgs::DynamicDecoder::create(type_name, text, "ros1msg");
    return 0;
}
