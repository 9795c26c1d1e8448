#include "robometrics/msgs/DynamicDecoder.hpp"

#include <span>

#include "robometrics/msgs/MessageTextWriters.hpp"
#include "robometrics/msgs/ParsedSchema.hpp"
#include "robometrics/msgs/SchemaWalker.hpp"

namespace robometrics::msgs {

Result<DynamicDecoder> DynamicDecoder::create(const std::string &type_name, const std::string &schema_text,
                                              const std::string &schema_encoding) {
    const bool ros1 = schema_encoding == "ros1msg";
    if (!schema_encoding.empty() && schema_encoding != "ros2msg" && !ros1) {
        return Error{"unsupported schema for " + type_name + ": encoding '" + schema_encoding +
                     "' (only ros2msg and ros1msg are supported)"};
    }
    auto schema = compileSchema(type_name, schema_text, ros1 ? SchemaDialect::Ros1 : SchemaDialect::Ros2);
    if (!schema.ok()) return schema.error();
    DynamicDecoder decoder;
    decoder.schema_ = std::make_shared<const ParsedSchema>(std::move(*schema));
    return decoder;
}

const std::string &DynamicDecoder::typeName() const {
    static const std::string kNone;
    return schema_ ? schema_->root_name : kNone;
}

template <class Writer>
Status DynamicDecoder::write(std::span<const std::uint8_t> payload, std::string &out) const {
    if (!schema_) return Error{"DynamicDecoder used before DynamicDecoder::create()"};
    const std::size_t start = out.size();
    Writer writer(out);
    Status s = detail::walkPayload(*schema_, payload, writer);
    if (!s.ok()) out.resize(start);  // nothing of a message that failed half-way
    return s;
}

Status DynamicDecoder::appendJson(std::span<const std::uint8_t> payload, std::string &out) const {
    return write<detail::JsonMessageWriter>(payload, out);
}

Status DynamicDecoder::appendYaml(std::span<const std::uint8_t> payload, std::string &out) const {
    return write<detail::YamlMessageWriter>(payload, out);
}

Result<nlohmann::ordered_json> DynamicDecoder::decode(std::span<const std::uint8_t> payload) const {
    std::string text;
    ROBOMETRICS_TRY(appendJson(payload, text));
    return nlohmann::ordered_json::parse(text);
}

}  // namespace robometrics::msgs
