#pragma once
// The flattened schema of a ColumnDecoder: what the schema walk meets next, in walk order, and the
// rules it is flattened by. Private to the msgs module (ColumnDecoder.cpp plans it, ColumnSteps.cpp
// follows it).

#include <cstdint>
#include <vector>

#include "robometrics/msgs/ParsedSchema.hpp"

namespace robometrics::msgs {

/// A scalar, the two halves of a time, or an array. `columns` are indices into the decoder's
/// columns, -1 for a column not selected.
struct ColumnSlot {
    enum Kind : std::uint8_t {
        Scalar,        ///< number, bool or string into columns[0]
        TimeSec,       ///< sec of a time into columns[0]
        TimeNanosec,   ///< nanosec of the same time
        FixedNumbers,  ///< a fixed-size numeric array, element i into columns[i]
        FixedOther,    ///< a fixed-size array of messages, strings or bools: its elements are slots of their own
        NumberList,    ///< a variable-size numeric array into columns[0]
        JsonList,      ///< any other variable-size array, as JSON text, into columns[0]
    } kind = Scalar;
    std::vector<int> columns;
};

/// A primitive that is a number (a column of its own type), not a bool, a string or a message.
inline bool isNumeric(MsgPrimitive p) {
    return p != MsgPrimitive::Bool && p != MsgPrimitive::String && p != MsgPrimitive::WString &&
           p != MsgPrimitive::Complex;
}

/// builtin_interfaces/Time or Duration as ROS defines them: one int64 column of ns.
inline bool isTime(const CompiledType &type) {
    return (type.name == "builtin_interfaces/Time" || type.name == "builtin_interfaces/Duration") &&
           type.fields.size() == 2 && isNumeric(type.fields[0].primitive) && isNumeric(type.fields[1].primitive) &&
           type.fields[0].array == MsgArrayKind::None && type.fields[1].array == MsgArrayKind::None;
}

}  // namespace robometrics::msgs
