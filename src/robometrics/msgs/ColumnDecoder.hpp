#pragma once
// Decodes the messages of one type into columns, one row per message, without a tree or text per
// message: the schema is flattened once into field paths ("pose.pose.position.x"), and each
// payload's values are appended to the columns as the schema walk reads them. What the Python
// module's Bag.to_dataframe() returns (docs/python.md).
//
// The columns of a message type, in .msg order:
// - a numeric or bool field: one column of its own type;
// - builtin_interfaces/Time and Duration (header.stamp): one int64 column, sec * 1e9 + nanosec;
// - a string: one column of strings;
// - a fixed-size array: one column per element ("covariance.0" ... "covariance.35"), nested
//   messages flattened the same way ("points.0.x");
// - a variable-size numeric array (LaserScan ranges, PointCloud2 data): one column whose rows are
//   arrays, kept as one run of values and each row's end;
// - any other variable-size array (of messages, strings or bools): one column of JSON texts, as
//   `robometrics echo --json` writes that field.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/msgs/MsgSchema.hpp"

namespace robometrics::msgs {

class DynamicDecoder;
struct ParsedSchema;

enum class ColumnKind : std::uint8_t {
    Number,      ///< one value of `primitive` per row
    Bool,        ///< one byte (0 or 1) per row
    Time,        ///< one int64 (ns) per row
    String,      ///< one string per row
    NumberList,  ///< a run of `primitive` values per row
    Json,        ///< one JSON text per row
};

/// An allocator whose resize() leaves new bytes uninitialised: a column's buffer grows ahead of
/// the values written into it, and zero-filling it first was a whole extra pass over the output
/// (issue 58, item 7).
template <class T>
struct UninitializedAllocator : std::allocator<T> {
    template <class U>
    struct rebind {
        using other = UninitializedAllocator<U>;
    };
    UninitializedAllocator() = default;
    template <class U>
    UninitializedAllocator(const UninitializedAllocator<U> &) noexcept {}
    template <class U>
    void construct(U *p) noexcept {
        ::new (static_cast<void *>(p)) U;  // default-initialised: no value written
    }
    template <class U, class... Args>
    void construct(U *p, Args &&...args) {
        ::new (static_cast<void *>(p)) U(std::forward<Args>(args)...);
    }
};

/// A column's values; every byte up to size() is written by the decoder before it is read.
using ColumnBytes = std::vector<std::uint8_t, UninitializedAllocator<std::uint8_t>>;

struct Column {
    std::string path;  ///< "pose.pose.position.x"
    ColumnKind kind = ColumnKind::Number;
    MsgPrimitive primitive = MsgPrimitive::Float64;  ///< Number, NumberList: the element type
    ColumnBytes bytes;                               ///< Number, Bool, Time, NumberList: the values, native byte order
    std::vector<std::uint64_t> ends;                 ///< NumberList: the end (in values) of each row's run
    std::vector<std::string> texts;                  ///< String, Json: one per row
};

/// Bytes of one value of a Number or NumberList column's element type (1 for Bool, 8 for Time).
std::size_t columnValueSize(const Column &column);

struct ColumnSlot;  // the flattened schema, private to the implementation

class ColumnDecoder {
public:
    /// The columns of `decoder`'s type. `fields` selects columns by path: a path selects itself
    /// and every column below it ("pose.pose.position" selects x, y and z); empty selects all. A
    /// path that selects nothing is an Error that lists the type's top-level fields.
    static Result<ColumnDecoder> create(const DynamicDecoder &decoder, const std::vector<std::string> &fields = {});

    /// Decodes one payload into a new row. On an error no row is added.
    Status append(std::span<const std::uint8_t> payload);

    /// Room for `rows` rows in every fixed-size column.
    void reserve(std::size_t rows);

    std::size_t rows() const { return rows_; }
    /// The columns. While decoding, a Number, Bool or Time column's bytes may hold spare room
    /// after its rows() values (it grows in blocks); take() and a failed append() cut it back.
    const std::vector<Column> &columns() const { return columns_; }
    /// The columns with their rows, leaving this decoder with empty columns.
    std::vector<Column> take();

    ColumnDecoder(ColumnDecoder &&) noexcept;
    ColumnDecoder &operator=(ColumnDecoder &&) noexcept;
    ~ColumnDecoder();

private:
    ColumnDecoder();
    void truncate(std::size_t rows);

    std::shared_ptr<const ParsedSchema> schema_;
    std::vector<ColumnSlot> slots_;
    std::vector<Column> columns_;
    std::size_t rows_ = 0;
};

}  // namespace robometrics::msgs
