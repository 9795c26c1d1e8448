#include "robometrics/msgs/DynamicDecoder.hpp"

#include <charconv>
#include <cmath>

#include "robometrics/msgs/CdrReader.hpp"
#include "robometrics/msgs/ParsedSchema.hpp"

namespace robometrics::msgs {

namespace {

using Json = nlohmann::ordered_json;

Json floatingValue(double value) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
    return value;
}

/// float32 through its shortest decimal form, so 0.1f prints as 0.1 and not 0.10000000149.
Json float32Value(float value) {
    if (!std::isfinite(value)) return floatingValue(value);
    char text[32];
    auto written = std::to_chars(text, text + sizeof(text), value);
    double widened = value;
    std::from_chars(text, written.ptr, widened);
    return widened;
}

/// Walks a compiled schema over a CDR payload, building JSON.
class JsonWalker {
public:
    JsonWalker(const ParsedSchema &schema, CdrReader &reader) : schema_(schema), r_(reader) {}

    void message(const CompiledType &type, Json &out) {
        out = Json::object();
        if (type.fields.empty()) {
            r_.readEmptyStruct();
            return;
        }
        for (const CompiledField &field : type.fields) {
            r_.push(field.name);
            Json &slot = out[field.name];
            if (field.array == MsgArrayKind::None) {
                element(field, slot);
            } else {
                std::uint64_t count = field.fixed_size;
                if (field.array == MsgArrayKind::Sequence) {
                    count = r_.readCount(field.element_min_size);
                }
                array(field, count, slot);
            }
            r_.pop();
            if (r_.failed()) return;
        }
    }

private:
    void array(const CompiledField &field, std::uint64_t count, Json &out) {
        out = Json::array();
        if (count == 0 || r_.failed()) return;
        // A count that cannot fit in what is left fails before anything is allocated.
        if (!r_.checkCount(count, field.element_min_size)) return;
        out.get_ref<Json::array_t &>().reserve(count);
        for (std::uint64_t i = 0; i < count; ++i) {
            r_.setIndex(i);
            element(field, out.emplace_back());
            if (r_.failed()) return;
        }
    }

    template <class T>
    T read() {
        T value{};
        r_.read(value);
        return value;
    }

    void element(const CompiledField &field, Json &out) {
        switch (field.primitive) {
            case MsgPrimitive::Bool:
                out = read<bool>();
                break;
            case MsgPrimitive::Byte:
            case MsgPrimitive::Char:
            case MsgPrimitive::UInt8:
                out = read<std::uint8_t>();
                break;
            case MsgPrimitive::Int8:
                out = read<std::int8_t>();
                break;
            case MsgPrimitive::Int16:
                out = read<std::int16_t>();
                break;
            case MsgPrimitive::UInt16:
                out = read<std::uint16_t>();
                break;
            case MsgPrimitive::Int32:
                out = read<std::int32_t>();
                break;
            case MsgPrimitive::UInt32:
                out = read<std::uint32_t>();
                break;
            case MsgPrimitive::Int64:
                out = read<std::int64_t>();
                break;
            case MsgPrimitive::UInt64:
                out = read<std::uint64_t>();
                break;
            case MsgPrimitive::Float32:
                out = float32Value(read<float>());
                break;
            case MsgPrimitive::Float64:
                out = floatingValue(read<double>());
                break;
            case MsgPrimitive::String:
            case MsgPrimitive::WString:  // rejected when the schema is compiled
                r_.readString(text_);
                out = text_;
                break;
            case MsgPrimitive::Complex:
                message(schema_.types[field.type_index], out);
                break;
        }
    }

    const ParsedSchema &schema_;
    CdrReader &r_;
    std::string text_;
};

}  // namespace

Result<DynamicDecoder> DynamicDecoder::create(const std::string &type_name, const std::string &schema_text,
                                              const std::string &schema_encoding) {
    if (!schema_encoding.empty() && schema_encoding != "ros2msg") {
        return Error{"unsupported schema for " + type_name + ": encoding '" + schema_encoding +
                     "' (only ros2msg is supported)"};
    }
    auto schema = compileSchema(type_name, schema_text);
    if (!schema.ok()) return schema.error();
    DynamicDecoder decoder;
    decoder.schema_ = std::make_shared<const ParsedSchema>(std::move(*schema));
    return decoder;
}

const std::string &DynamicDecoder::typeName() const { return schema_->root_name; }

Result<nlohmann::ordered_json> DynamicDecoder::decode(std::span<const std::uint8_t> payload) const {
    CdrReader reader;
    ROBOMETRICS_TRY(reader.begin(payload, schema_->short_name));
    Json out;
    JsonWalker walker(*schema_, reader);
    walker.message(schema_->types[schema_->root], out);
    ROBOMETRICS_TRY(reader.finish());
    return out;
}

}  // namespace robometrics::msgs
