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
#include <string_view>
#include <utility>
#include <vector>

#include "robometrics/core/HugePages.hpp"
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

/// An allocator whose resize() leaves new bytes uninitialised: a NumberList column's buffer grows
/// ahead of the values copied into it, and zero-filling it first was a whole extra pass over the
/// output (issue 58, item 7).
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

/// A NumberList column's values; every byte up to size() is written by the decoder.
using ColumnBytes = std::vector<std::uint8_t, UninitializedAllocator<std::uint8_t>>;

struct Column {
    std::string path;  ///< "pose.pose.position.x"
    ColumnKind kind = ColumnKind::Number;
    MsgPrimitive primitive = MsgPrimitive::Float64;  ///< Number, NumberList: the element type
    /// Number, Bool, Time: the rows' values, native byte order, a slice of one buffer that all
    /// such columns of a read share (`storage` keeps it alive). Set by ColumnDecoder::take().
    std::span<const std::uint8_t> fixed;
    std::shared_ptr<const void> storage;
    ColumnBytes bytes;                ///< NumberList: the values of all rows, native byte order
    std::vector<std::uint64_t> ends;  ///< NumberList: the end (in values) of each row's run
    /// String, Json: the rows' texts as runs of equal rows, `texts[i]` for `text_rows[i]` rows in
    /// a row (a frame id is one run for the whole topic, not one string per message: issue 58,
    /// item 7). Runs that follow one another differ, so equal columns have equal runs.
    std::vector<std::string> texts;
    std::vector<std::uint64_t> text_rows;

    /// The values of a Number, Bool, Time or NumberList column.
    std::span<const std::uint8_t> values() const {
        return kind == ColumnKind::NumberList ? std::span<const std::uint8_t>(bytes) : fixed;
    }

    /// A String or Json column's next row.
    void addText(std::string_view text) {
        if (!texts.empty() && texts.back() == text) {
            ++text_rows.back();
        } else {
            texts.emplace_back(text);
            text_rows.push_back(1);
        }
    }
    /// Removes the last row of a String or Json column (one that addText() added).
    void dropLastText() {
        if (--text_rows.back() > 0) return;
        texts.pop_back();
        text_rows.pop_back();
    }
    /// Keeps the first `rows` rows of a String or Json column.
    void keepTextRows(std::size_t rows);
    /// One text per row (tests, and columns known to be small).
    std::vector<std::string> rowTexts() const;
};

/// Bytes of one value of a Number or NumberList column's element type (1 for Bool, 8 for Time).
std::size_t columnValueSize(const Column &column);

struct ColumnSlot;  // the flattened schema, private to the implementation
class ColumnSteps;  // the same, as steps for a type of fixed shape

class ColumnDecoder {
public:
    /// The columns of `decoder`'s type. `fields` selects columns by path: a path selects itself
    /// and every column below it ("pose.pose.position" selects x, y and z); empty selects all. A
    /// path that selects nothing is an Error that lists the type's top-level fields.
    /// Payloads are decoded by a short list of steps where the type allows (ColumnSteps.hpp),
    /// otherwise by the schema walk; `walk_only` walks every payload (the reference the steps are
    /// checked against in the tests).
    static Result<ColumnDecoder> create(const DynamicDecoder &decoder, const std::vector<std::string> &fields = {},
                                        bool walk_only = false);

    /// Decodes one payload into a new row. On an error no row is added.
    Status append(std::span<const std::uint8_t> payload);

    /// Room for `rows` rows in the one-value-per-row columns (Number, Bool, Time), made at once:
    /// for a count known before decoding (the bag's index), so that those columns are sized
    /// once. A count too high costs address space, not memory (MappedBytes); one too low, or
    /// none, lets the columns grow by doubling.
    void reserve(std::size_t rows);

    /// Decoding on several threads (bag/TopicColumns.cpp): rows whose places are known before
    /// they are decoded. ensureRows() makes room for at least `rows` rows (rowRoom() says how
    /// many), moving the values of the rows() rows added so far: every part decoded must be added
    /// first, and no decodeAt() may run meanwhile. decodeAt() then writes a payload's Number, Bool
    /// and Time values into row `row` (< the room made), on any thread, rows apart from other
    /// threads' rows, and appends its String, Json and NumberList values to `part` (made by
    /// part()); addPart() appends the parts of the rows after rows(), in row order, on the
    /// thread that owns the decoder. The columns are the same as append() makes.
    struct Part {
        std::vector<Column> columns;  ///< the variable columns' values (no paths); Number, Bool, Time: empty
        std::size_t rows = 0;
    };
    Status ensureRows(std::size_t rows);
    Part part() const;
    Status decodeAt(std::span<const std::uint8_t> payload, std::size_t row, Part &part) const;
    void addPart(Part &&part);
    std::size_t rowRoom() const { return capacity_; }

    std::size_t rows() const { return rows_; }
    /// The columns: paths, kinds and, while decoding, the String, Json and NumberList values (a
    /// Number, Bool or Time column's `fixed` is set by take()).
    const std::vector<Column> &columns() const { return columns_; }
    /// The columns with their rows, leaving this decoder with empty columns. The Number, Bool and
    /// Time columns are slices of one buffer, in huge pages when large, owned by their `storage`;
    /// capacity reserved and not used is given back.
    std::vector<Column> take();

    ColumnDecoder(ColumnDecoder &&) noexcept;
    ColumnDecoder &operator=(ColumnDecoder &&) noexcept;
    ~ColumnDecoder();

private:
    ColumnDecoder();
    void truncate(std::size_t rows);
    Status walk(std::span<const std::uint8_t> payload, std::size_t row, std::vector<Column> &variable) const;
    /// Moves the one-value-per-row columns into a buffer of `rows` rows each (rows >= rows_).
    Status resize(std::size_t rows);

    std::shared_ptr<const ParsedSchema> schema_;
    std::vector<ColumnSlot> slots_;
    std::shared_ptr<const ColumnSteps> steps_;  ///< null: every payload is walked
    std::vector<Column> columns_;
    std::size_t rows_ = 0;
    std::shared_ptr<MappedBytes> arena_;  ///< the one-value-per-row columns, each a slice
    std::vector<std::uint8_t *> starts_;  ///< per column: its slice's first byte, null for others
    std::size_t capacity_ = 0;            ///< rows each slice has room for
};

}  // namespace robometrics::msgs
