#pragma once
// A message type of fixed shape (numbers, bools, times, strings, fixed-size arrays of them and of
// messages of them: no variable-size array) decoded into columns as a short list of steps instead
// of the schema walk. Values of one size that follow one another on the wire are read at once and
// copied into their columns: an Odometry is 5 steps where the walk makes about a hundred calls per
// message (issue 58, item 7: the walk was the largest part of to_dataframe's CPU above `info`).
//
// The steps only decode a payload that they read whole and that the walk would read to the same
// values; anything else (short, damaged, bytes left over) is left to the walk, which then says
// exactly what is wrong, as before. Private to the msgs module (ColumnDecoder uses it).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "robometrics/msgs/MsgSchema.hpp"

namespace robometrics::msgs {

struct Column;
struct ColumnSlot;
struct CompiledType;
struct ParsedSchema;

class ColumnSteps {
public:
    /// The steps of `schema`'s root type, whose walk meets `slots` (ColumnDecoder's, columns
    /// selected); none for a type with a variable-size array.
    static std::optional<ColumnSteps> plan(const ParsedSchema &schema, const std::vector<ColumnSlot> &slots);

    /// Writes `payload`'s values into row `row`: a Number, Bool or Time column `c` at
    /// `starts[c]`, a String column's text appended to `variable[c].texts`. False, with no text
    /// appended, when the steps do not read the payload whole: the walk is to decode it.
    bool decode(std::span<const std::uint8_t> payload, std::size_t row, const std::vector<std::uint8_t *> &starts,
                std::vector<Column> &variable) const;

private:
    struct Step {
        enum Kind : std::uint8_t {
            Values,       ///< `count` values of `size` bytes, the i-th into column columns_[first + i]
            Bool,         ///< one byte into `column`, as 0 or 1
            Time,         ///< sec then nanosec (of types `sec`, `nanosec`) into `column`, in ns
            String,       ///< one text into `column`
            EmptyStruct,  ///< the byte that stands for a message without fields
            CheckCount,   ///< a fixed-size array of `count` elements of at least `min_size` bytes fits
        } kind = Values;
        std::uint8_t size = 0;
        MsgPrimitive sec = MsgPrimitive::Int32;
        MsgPrimitive nanosec = MsgPrimitive::UInt32;
        std::uint32_t count = 0;
        std::uint64_t min_size = 0;
        std::size_t first = 0;
        int column = -1;
    };
    class Planner;

    std::vector<Step> steps_;
    std::vector<int> columns_;  ///< the Values steps' columns, -1 for a value not selected
    bool ros1_ = false;
};

}  // namespace robometrics::msgs
