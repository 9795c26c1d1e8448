#include "robometrics/msgs/DynamicDecoder.hpp"

#include <charconv>
#include <cmath>
#include <tuple>
#include <type_traits>
#include <vector>

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

template <class T>
Json jsonValue(T value) {
    if constexpr (std::is_same_v<T, float>) {
        return float32Value(value);
    } else if constexpr (std::is_same_v<T, double>) {
        return floatingValue(value);
    } else {
        return value;
    }
}

/// Calls `f(T{})` with the C++ type of a numeric primitive (bool, strings and nested messages
/// excluded); false when `primitive` is not numeric.
template <class F>
bool withNumericType(MsgPrimitive primitive, F &&f) {
    switch (primitive) {
        case MsgPrimitive::Byte:
        case MsgPrimitive::Char:
        case MsgPrimitive::UInt8:
            f(std::uint8_t{});
            return true;
        case MsgPrimitive::Int8:
            f(std::int8_t{});
            return true;
        case MsgPrimitive::Int16:
            f(std::int16_t{});
            return true;
        case MsgPrimitive::UInt16:
            f(std::uint16_t{});
            return true;
        case MsgPrimitive::Int32:
            f(std::int32_t{});
            return true;
        case MsgPrimitive::UInt32:
            f(std::uint32_t{});
            return true;
        case MsgPrimitive::Int64:
            f(std::int64_t{});
            return true;
        case MsgPrimitive::UInt64:
            f(std::uint64_t{});
            return true;
        case MsgPrimitive::Float32:
            f(float{});
            return true;
        case MsgPrimitive::Float64:
            f(double{});
            return true;
        default:
            return false;
    }
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
        auto &items = out.get_ref<Json::array_t &>();
        items.reserve(count);
        // Numeric arrays: one bounds check and copy, then conversion.
        if (withNumericType(field.primitive, [&](auto tag) { bulk<decltype(tag)>(count, items); })) return;
        for (std::uint64_t i = 0; i < count; ++i) {
            r_.setIndex(i);
            element(field, out.emplace_back());
            if (r_.failed()) return;
        }
    }

    template <class T>
    void bulk(std::uint64_t count, Json::array_t &items) {
        std::vector<T> &values = scratch<T>();
        values.resize(count);
        r_.readArray(values.data(), values.size());
        if (r_.failed()) return;
        for (T value : values) items.emplace_back(jsonValue(value));
    }

    /// A reusable buffer per element type, so repeated arrays do not allocate.
    template <class T>
    std::vector<T> &scratch() {
        static_assert(sizeof(T) <= 8);
        if constexpr (std::is_same_v<T, float>) return floats_;
        if constexpr (std::is_same_v<T, double>) return doubles_;
        if constexpr (!std::is_floating_point_v<T>) return std::get<std::vector<T>>(integers_);
    }

    template <class T>
    T read() {
        T value{};
        r_.read(value);
        return value;
    }

    void element(const CompiledField &field, Json &out) {
        if (withNumericType(field.primitive, [&](auto tag) { out = jsonValue(read<decltype(tag)>()); })) return;
        switch (field.primitive) {
            case MsgPrimitive::Bool:
                out = read<bool>();
                break;
            case MsgPrimitive::String:
            case MsgPrimitive::WString:  // rejected when the schema is compiled
                r_.readString(text_);
                out = text_;
                break;
            case MsgPrimitive::Complex:
                message(schema_.types[field.type_index], out);
                break;
            default:
                break;
        }
    }

    const ParsedSchema &schema_;
    CdrReader &r_;
    std::string text_;
    std::vector<float> floats_;
    std::vector<double> doubles_;
    std::tuple<std::vector<std::uint8_t>, std::vector<std::int8_t>, std::vector<std::int16_t>,
               std::vector<std::uint16_t>, std::vector<std::int32_t>, std::vector<std::uint32_t>,
               std::vector<std::int64_t>, std::vector<std::uint64_t>>
        integers_;
};

}  // namespace

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

Result<nlohmann::ordered_json> DynamicDecoder::decode(std::span<const std::uint8_t> payload) const {
    if (!schema_) return Error{"DynamicDecoder used before DynamicDecoder::create()"};
    CdrReader reader;
    if (schema_->dialect == SchemaDialect::Ros1) {
        reader.beginRos1(payload, schema_->short_name);
    } else {
        ROBOMETRICS_TRY(reader.begin(payload, schema_->short_name));
    }
    Json out;
    JsonWalker walker(*schema_, reader);
    walker.message(schema_->types[schema_->root], out);
    ROBOMETRICS_TRY(reader.finish());
    return out;
}

}  // namespace robometrics::msgs
