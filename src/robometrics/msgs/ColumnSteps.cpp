#include "robometrics/msgs/ColumnSteps.hpp"

#include <cstring>

#include "robometrics/msgs/ColumnDecoder.hpp"
#include "robometrics/msgs/ColumnSlot.hpp"
#include "robometrics/msgs/ParsedSchema.hpp"
#include "robometrics/msgs/SchemaWalker.hpp"

namespace robometrics::msgs {

namespace {

/// Values merged into one step at most: read into a buffer on the stack.
constexpr std::uint32_t kMostValuesPerStep = 64;

std::size_t numericSize(MsgPrimitive primitive) {
    std::size_t size = 0;
    detail::withNumericType(primitive, [&](auto tag) { size = sizeof(tag); });
    return size;
}

/// One value of a time's half, as the walk's ColumnWriter::number() takes it.
std::int64_t readTimePart(CdrReader &reader, MsgPrimitive primitive) {
    std::int64_t out = 0;
    detail::withNumericType(primitive, [&](auto tag) {
        decltype(tag) value{};
        reader.read(value);
        out = static_cast<std::int64_t>(value);
    });
    return out;
}

/// `count` values of `Bits` (the size of one value) into their columns' row `row`.
template <class Bits>
void copyValues(CdrReader &reader, std::uint32_t count, const int *columns, std::size_t row,
                const std::vector<std::uint8_t *> &starts) {
    Bits values[kMostValuesPerStep];
    reader.readArray(values, count);
    if (reader.failed()) return;
    for (std::uint32_t i = 0; i < count; ++i) {
        if (columns[i] >= 0) std::memcpy(starts[static_cast<std::size_t>(columns[i])] + row * sizeof(Bits), &values[i], sizeof(Bits));
    }
}

}  // namespace

/// Follows the walk over the schema (SchemaWalker::message, element, array) and the slots it
/// meets (ColumnWriter::take), step by step.
class ColumnSteps::Planner {
public:
    Planner(const ParsedSchema &schema, const std::vector<ColumnSlot> &slots, ColumnSteps &out)
        : schema_(schema), slots_(slots), out_(out) {}

    bool message(const CompiledType &type) {
        if (type.fields.empty()) add(Step{.kind = Step::EmptyStruct});
        for (const CompiledField &field : type.fields) {
            if (field.array == MsgArrayKind::Sequence) return false;
            if (field.array == MsgArrayKind::None) {
                if (!element(field)) return false;
                continue;
            }
            const std::size_t size = numericSize(field.primitive);
            if (size > 0) {
                // The walk's check of the count before the array is implied by the values' read.
                const ColumnSlot *slot = take(ColumnSlot::FixedNumbers);
                if (!slot || field.element_min_size > size || slot->columns.size() != field.fixed_size) return false;
                for (int column : slot->columns) value(size, column);
                continue;
            }
            if (field.fixed_size > 0) {
                if (field.fixed_size > UINT32_MAX) return false;
                add(Step{.kind = Step::CheckCount,
                         .count = static_cast<std::uint32_t>(field.fixed_size),
                         .min_size = field.element_min_size});
            }
            if (!take(ColumnSlot::FixedOther)) return false;
            for (std::uint64_t i = 0; i < field.fixed_size; ++i) {
                if (!element(field)) return false;
            }
        }
        return true;
    }

    bool complete() const { return next_ == slots_.size(); }

private:
    bool element(const CompiledField &field) {
        if (field.primitive == MsgPrimitive::Complex) {
            const CompiledType &type = schema_.types[field.type_index];
            if (!isTime(type)) return message(type);
            const ColumnSlot *sec = take(ColumnSlot::TimeSec);
            const ColumnSlot *nanosec = take(ColumnSlot::TimeNanosec);
            if (!sec || !nanosec || sec->columns != nanosec->columns) return false;
            add(Step{.kind = Step::Time,
                     .sec = type.fields[0].primitive,
                     .nanosec = type.fields[1].primitive,
                     .column = sec->columns[0]});
            return true;
        }
        const ColumnSlot *slot = take(ColumnSlot::Scalar);
        if (!slot) return false;
        if (field.primitive == MsgPrimitive::Bool) {
            add(Step{.kind = Step::Bool, .column = slot->columns[0]});
        } else if (field.primitive == MsgPrimitive::String) {
            add(Step{.kind = Step::String, .column = slot->columns[0]});
        } else if (const std::size_t size = numericSize(field.primitive); size > 0) {
            value(size, slot->columns[0]);
        } else {
            return false;
        }
        return true;
    }

    /// One value: added to the Values step before when it is of the same size (the wire has no
    /// padding between values of one size once the first is aligned).
    void value(std::size_t size, int column) {
        std::vector<Step> &steps = out_.steps_;
        if (steps.empty() || steps.back().kind != Step::Values || steps.back().size != size ||
            steps.back().count == kMostValuesPerStep) {
            add(Step{.kind = Step::Values, .size = static_cast<std::uint8_t>(size), .first = out_.columns_.size()});
        }
        ++steps.back().count;
        out_.columns_.push_back(column);
    }

    /// The next slot, which the walk would take here; null when it is not of `kind` (or, for a
    /// scalar or a time, not of one column): the steps would not be the walk's.
    const ColumnSlot *take(ColumnSlot::Kind kind) {
        if (next_ >= slots_.size() || slots_[next_].kind != kind) return nullptr;
        const bool one_column = kind != ColumnSlot::FixedNumbers && kind != ColumnSlot::FixedOther;
        if (one_column && slots_[next_].columns.size() != 1) return nullptr;
        return &slots_[next_++];
    }

    void add(Step step) { out_.steps_.push_back(step); }

    const ParsedSchema &schema_;
    const std::vector<ColumnSlot> &slots_;
    ColumnSteps &out_;
    std::size_t next_ = 0;
};

std::optional<ColumnSteps> ColumnSteps::plan(const ParsedSchema &schema, const std::vector<ColumnSlot> &slots) {
    ColumnSteps out;
    out.ros1_ = schema.dialect == SchemaDialect::Ros1;
    Planner planner(schema, slots, out);
    if (!planner.message(schema.types[schema.root]) || !planner.complete()) return std::nullopt;
    return out;
}

bool ColumnSteps::decode(std::span<const std::uint8_t> payload, std::size_t row,
                         const std::vector<std::uint8_t *> &starts, std::vector<Column> &variable) const {
    CdrReader reader;
    if (ros1_) {
        reader.beginRos1(payload, "");
    } else if (!reader.begin(payload, "").ok()) {
        return false;
    }
    std::size_t done = 0;
    bool fits = true;
    std::string text;
    for (; done < steps_.size() && fits && !reader.failed(); ++done) {
        const Step &step = steps_[done];
        switch (step.kind) {
            case Step::Values: {
                const int *columns = columns_.data() + step.first;
                if (step.size == 8) copyValues<std::uint64_t>(reader, step.count, columns, row, starts);
                else if (step.size == 4) copyValues<std::uint32_t>(reader, step.count, columns, row, starts);
                else if (step.size == 2) copyValues<std::uint16_t>(reader, step.count, columns, row, starts);
                else copyValues<std::uint8_t>(reader, step.count, columns, row, starts);
                break;
            }
            case Step::Bool: {
                std::uint8_t byte = 0;
                reader.read(byte);
                if (step.column >= 0) starts[static_cast<std::size_t>(step.column)][row] = byte != 0 ? 1 : 0;
                break;
            }
            case Step::Time: {
                const std::int64_t sec = readTimePart(reader, step.sec);
                const std::int64_t nanosec = readTimePart(reader, step.nanosec);
                const std::int64_t ns = sec * 1'000'000'000 + nanosec;
                if (step.column >= 0)
                    std::memcpy(starts[static_cast<std::size_t>(step.column)] + row * sizeof ns, &ns, sizeof ns);
                break;
            }
            case Step::String:
                reader.readString(text);
                if (step.column >= 0) variable[static_cast<std::size_t>(step.column)].addText(text);
                break;
            case Step::EmptyStruct:
                reader.readEmptyStruct();
                break;
            case Step::CheckCount:
                fits = step.min_size == 0 || step.count <= reader.remaining() / step.min_size;
                break;
        }
    }
    if (fits && !reader.failed() && reader.finish().ok()) return true;
    for (std::size_t i = 0; i < done; ++i) {
        const Step &step = steps_[i];
        if (step.kind != Step::String || step.column < 0) continue;
        variable[static_cast<std::size_t>(step.column)].dropLastText();
    }
    return false;
}

}  // namespace robometrics::msgs
