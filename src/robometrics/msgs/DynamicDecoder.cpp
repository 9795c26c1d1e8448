#include "robometrics/msgs/DynamicDecoder.hpp"

#include <span>
#include <tuple>
#include <type_traits>
#include <vector>

#include "robometrics/msgs/CdrReader.hpp"
#include "robometrics/msgs/MessageTextWriters.hpp"
#include "robometrics/msgs/ParsedSchema.hpp"

namespace robometrics::msgs {

namespace {

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

/// Walks a compiled schema over a CDR payload and tells `Writer` (MessageTextWriters.hpp) what
/// it finds, field by field: no tree is built.
template <class Writer>
class SchemaWalker {
public:
    SchemaWalker(const ParsedSchema &schema, CdrReader &reader, Writer &writer)
        : schema_(schema), r_(reader), w_(writer) {}

    /// The first failure that is not the reader's (a string that is not UTF-8).
    const Status &status() const { return status_; }

    void message(const CompiledType &type) {
        w_.beginMessage(!type.fields.empty());
        if (type.fields.empty()) r_.readEmptyStruct();
        for (std::size_t i = 0; i < type.fields.size() && !stopped(); ++i) {
            const CompiledField &field = type.fields[i];
            r_.push(field.name);
            w_.field(field.name, i);
            if (field.array == MsgArrayKind::None) {
                element(field);
            } else {
                std::uint64_t count = field.fixed_size;
                if (field.array == MsgArrayKind::Sequence) count = r_.readCount(field.element_min_size);
                array(field, count);
            }
            r_.pop();
        }
        w_.endMessage();
    }

private:
    bool stopped() const { return r_.failed() || !status_.ok(); }

    void array(const CompiledField &field, std::uint64_t count) {
        if (r_.failed()) return;
        // A count that cannot fit in what is left fails before anything is written.
        if (count > 0 && !r_.checkCount(count, field.element_min_size)) return;
        w_.beginArray(count, field.primitive == MsgPrimitive::Complex);
        // Numeric arrays: one bounds check and copy, then conversion.
        if (count > 0 && !withNumericType(field.primitive, [&](auto tag) { bulk<decltype(tag)>(count); })) {
            for (std::uint64_t i = 0; i < count && !stopped(); ++i) {
                r_.setIndex(i);
                w_.item(i);
                element(field);
            }
        }
        w_.endArray();
    }

    template <class T>
    void bulk(std::uint64_t count) {
        std::vector<T> &values = scratch<T>();
        values.resize(count);
        r_.readArray(values.data(), values.size());
        if (!r_.failed()) w_.numbers(std::span<const T>(values));
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

    void element(const CompiledField &field) {
        if (withNumericType(field.primitive, [&](auto tag) { w_.number(read<decltype(tag)>()); })) return;
        switch (field.primitive) {
            case MsgPrimitive::Bool:
                w_.boolean(read<bool>());
                break;
            case MsgPrimitive::String:
            case MsgPrimitive::WString:  // rejected when the schema is compiled
                r_.readString(text_);
                if (Status s = w_.string(text_); !s.ok()) status_ = Error{"field " + field.name + ": " + s.message()};
                break;
            case MsgPrimitive::Complex:
                message(schema_.types[field.type_index]);
                break;
            default:
                break;
        }
    }

    const ParsedSchema &schema_;
    CdrReader &r_;
    Writer &w_;
    Status status_;
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

template <class Writer>
Status DynamicDecoder::write(std::span<const std::uint8_t> payload, std::string &out) const {
    if (!schema_) return Error{"DynamicDecoder used before DynamicDecoder::create()"};
    const std::size_t start = out.size();
    CdrReader reader;
    if (schema_->dialect == SchemaDialect::Ros1) {
        reader.beginRos1(payload, schema_->short_name);
    } else {
        ROBOMETRICS_TRY(reader.begin(payload, schema_->short_name));
    }
    Writer writer(out);
    SchemaWalker<Writer> walker(*schema_, reader, writer);
    walker.message(schema_->types[schema_->root]);
    Status s = walker.status().ok() ? reader.finish() : walker.status();
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
