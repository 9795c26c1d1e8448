#pragma once
// The schema walk behind DynamicDecoder (text) and ColumnDecoder (columns): a compiled schema
// walked over a CDR or ROS 1 payload, every field told to a Writer as it is read (no tree is
// built). Private to the msgs module.

#include <cstdint>
#include <span>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/msgs/CdrReader.hpp"
#include "robometrics/msgs/ParsedSchema.hpp"

namespace robometrics::msgs::detail {

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
        // Numeric arrays: one bounds check and copy, then conversion. An empty one is told as an
        // empty span too, so that a writer still learns its element type (Python: an empty
        // numpy array of the field's dtype, not a list).
        if (!withNumericType(field.primitive, [&](auto tag) { bulk<decltype(tag)>(count); })) {
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

/// Starts `reader` on `payload` in the schema's dialect, walks the root message into `writer` and
/// returns the first failure (the reader's, or the walk's), or Ok when the payload was read whole.
template <class Writer>
Status walkPayload(const ParsedSchema &schema, std::span<const std::uint8_t> payload, Writer &writer) {
    CdrReader reader;
    if (schema.dialect == SchemaDialect::Ros1) {
        reader.beginRos1(payload, schema.short_name);
    } else {
        ROBOMETRICS_TRY(reader.begin(payload, schema.short_name));
    }
    SchemaWalker<Writer> walker(schema, reader, writer);
    walker.message(schema.types[schema.root]);
    return walker.status().ok() ? reader.finish() : walker.status();
}

}  // namespace robometrics::msgs::detail
