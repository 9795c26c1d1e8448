#include "robometrics/msgs/ColumnDecoder.hpp"

#include <algorithm>
#include <cstring>
#include <iterator>

#include "robometrics/msgs/ColumnSlot.hpp"
#include "robometrics/msgs/ColumnSteps.hpp"
#include "robometrics/msgs/DynamicDecoder.hpp"
#include "robometrics/msgs/MessageTextWriters.hpp"
#include "robometrics/msgs/ParsedSchema.hpp"
#include "robometrics/msgs/SchemaWalker.hpp"

namespace robometrics::msgs {

namespace {

/// Flattens a schema into slots and columns (all of them; selection comes after).
class ColumnPlanner {
public:
    ColumnPlanner(const ParsedSchema &schema, std::vector<ColumnSlot> &slots, std::vector<Column> &columns)
        : schema_(schema), slots_(slots), columns_(columns) {}

    void message(const CompiledType &type, const std::string &prefix) {
        for (const CompiledField &field : type.fields) {
            const std::string path = prefix + field.name;
            if (field.array == MsgArrayKind::None) {
                value(field, path);
            } else if (field.array == MsgArrayKind::Sequence) {
                const bool numeric = isNumeric(field.primitive);
                slot(numeric ? ColumnSlot::NumberList : ColumnSlot::JsonList,
                     {column(path, numeric ? ColumnKind::NumberList : ColumnKind::Json, field.primitive)});
            } else if (isNumeric(field.primitive)) {
                std::vector<int> elements;
                for (std::uint64_t i = 0; i < field.fixed_size; ++i)
                    elements.push_back(column(path + "." + std::to_string(i), ColumnKind::Number, field.primitive));
                slot(ColumnSlot::FixedNumbers, std::move(elements));
            } else {
                slot(ColumnSlot::FixedOther, {});
                for (std::uint64_t i = 0; i < field.fixed_size; ++i) value(field, path + "." + std::to_string(i));
            }
        }
    }

private:
    void value(const CompiledField &field, const std::string &path) {
        if (field.primitive != MsgPrimitive::Complex) {
            const ColumnKind kind = field.primitive == MsgPrimitive::Bool ? ColumnKind::Bool
                                    : isNumeric(field.primitive)          ? ColumnKind::Number
                                                                          : ColumnKind::String;
            slot(ColumnSlot::Scalar, {column(path, kind, field.primitive)});
            return;
        }
        const CompiledType &type = schema_.types[field.type_index];
        if (!isTime(type)) {
            message(type, path + ".");
            return;
        }
        const int time = column(path, ColumnKind::Time, MsgPrimitive::Int64);
        slot(ColumnSlot::TimeSec, {time});
        slot(ColumnSlot::TimeNanosec, {time});
    }

    int column(const std::string &path, ColumnKind kind, MsgPrimitive primitive) {
        columns_.push_back(Column{path, kind, primitive, {}, {}, {}, {}, {}});
        return static_cast<int>(columns_.size() - 1);
    }
    void slot(ColumnSlot::Kind kind, std::vector<int> columns) {
        slots_.push_back(ColumnSlot{kind, std::move(columns)});
    }

    const ParsedSchema &schema_;
    std::vector<ColumnSlot> &slots_;
    std::vector<Column> &columns_;
};

/// Writes row `row`'s value of a one-value-per-row column (Number, Bool, Time) whose slice starts
/// at `start`; append() made room for the row before the walk.
template <class T>
void putValue(std::uint8_t *start, std::size_t row, T value) {
    std::memcpy(start + row * sizeof(T), &value, sizeof(T));
}

/// The schema walk's events (SchemaWalker.hpp) turned into column values, one slot at a time.
/// A variable-size array that is not numeric is handed whole to a JSON writer.
class ColumnWriter {
public:
    ColumnWriter(const std::vector<ColumnSlot> &slots, std::vector<Column> &columns,
                 const std::vector<std::uint8_t *> &starts, std::size_t row)
        : slots_(slots), columns_(columns), starts_(starts), row_(row), json_writer_(json_) {}

    /// False when the walk met more or fewer slots than the schema has (a broken invariant).
    bool complete() const { return next_ == slots_.size() && json_depth_ == 0; }

    void beginMessage(bool has_fields) {
        if (json_depth_ > 0) json_writer_.beginMessage(has_fields);
    }
    void endMessage() {
        if (json_depth_ > 0) json_writer_.endMessage();
    }
    void field(std::string_view name, std::size_t index) {
        if (json_depth_ > 0) json_writer_.field(name, index);
    }
    void item(std::uint64_t index) {
        if (json_depth_ > 0) json_writer_.item(index);
    }
    void beginArray(std::uint64_t count, bool of_messages) {
        if (json_depth_ > 0) {
            ++json_depth_;
            json_writer_.beginArray(count, of_messages);
            return;
        }
        const ColumnSlot *slot = take();
        if (!slot) return;
        open_ = slot;
        if (slot->kind == ColumnSlot::JsonList) {
            json_.clear();
            json_depth_ = 1;
            json_writer_.beginArray(count, of_messages);
        }
    }
    void endArray() {
        if (json_depth_ > 0) {
            json_writer_.endArray();
            if (--json_depth_ == 0 && open_->columns[0] >= 0) columns_[open_->columns[0]].addText(json_);
            if (json_depth_ == 0) open_ = nullptr;
            return;
        }
        if (open_ && open_->kind == ColumnSlot::NumberList && open_->columns[0] >= 0) {
            Column &column = columns_[open_->columns[0]];
            column.ends.push_back(column.bytes.size() / columnValueSize(column));
        }
        open_ = nullptr;
    }
    template <class T>
    void number(T value) {
        if (json_depth_ > 0) return json_writer_.number(value);
        const ColumnSlot *slot = take();
        if (!slot || slot->columns[0] < 0) return;
        std::uint8_t *start = starts_[slot->columns[0]];
        if (slot->kind == ColumnSlot::Scalar) return putValue(start, row_, value);
        const auto ns = static_cast<std::int64_t>(value);
        if (slot->kind == ColumnSlot::TimeSec) return putValue(start, row_, ns * 1'000'000'000);
        std::int64_t total = 0;  // TimeNanosec: added to the seconds just written
        std::memcpy(&total, start + row_ * sizeof total, sizeof total);
        putValue(start, row_, total + ns);
    }
    template <class T>
    void numbers(std::span<const T> values) {
        if (json_depth_ > 0) return json_writer_.numbers(values);
        if (!open_) return;
        if (open_->kind == ColumnSlot::NumberList) {
            if (open_->columns[0] < 0 || values.empty()) return;  // an empty span may have no data()
            Column &column = columns_[open_->columns[0]];
            const std::size_t at = column.bytes.size();
            column.bytes.resize(at + values.size_bytes());
            std::memcpy(column.bytes.data() + at, values.data(), values.size_bytes());
            return;
        }
        for (std::size_t i = 0; i < values.size() && i < open_->columns.size(); ++i) {
            if (open_->columns[i] >= 0) putValue(starts_[open_->columns[i]], row_, values[i]);
        }
    }
    void boolean(bool value) {
        if (json_depth_ > 0) return json_writer_.boolean(value);
        const ColumnSlot *slot = take();
        if (slot && slot->columns[0] >= 0) putValue(starts_[slot->columns[0]], row_, std::uint8_t{value});
    }
    Status string(std::string_view value) {
        if (json_depth_ > 0) return json_writer_.string(value);
        const ColumnSlot *slot = take();
        if (slot && slot->columns[0] >= 0) columns_[slot->columns[0]].addText(value);
        return Status::Ok();
    }

private:
    const ColumnSlot *take() { return next_ < slots_.size() ? &slots_[next_++] : nullptr; }

    const std::vector<ColumnSlot> &slots_;
    std::vector<Column> &columns_;
    const std::vector<std::uint8_t *> &starts_;  ///< ColumnDecoder::starts_
    const std::size_t row_;                      ///< the row being decoded
    std::size_t next_ = 0;
    const ColumnSlot *open_ = nullptr;  ///< the array being read
    std::string json_;
    detail::JsonMessageWriter json_writer_;
    int json_depth_ = 0;  ///< > 0 while a JsonList is written: its nesting of arrays
};

bool selects(const std::string &field, const std::string &path) {
    return path == field ||
           (path.size() > field.size() && path.compare(0, field.size(), field) == 0 && path[field.size()] == '.');
}

}  // namespace

void Column::keepTextRows(std::size_t rows) {
    std::size_t kept = 0;
    std::size_t runs = 0;
    while (runs < texts.size() && kept < rows) {
        text_rows[runs] = std::min<std::uint64_t>(text_rows[runs], rows - kept);
        kept += text_rows[runs++];
    }
    texts.resize(runs);
    text_rows.resize(runs);
}

std::vector<std::string> Column::rowTexts() const {
    std::vector<std::string> out;
    for (std::size_t run = 0; run < texts.size(); ++run) out.insert(out.end(), text_rows[run], texts[run]);
    return out;
}

std::size_t columnValueSize(const Column &column) {
    switch (column.kind) {
        case ColumnKind::Bool:
            return 1;
        case ColumnKind::Time:
            return 8;
        case ColumnKind::Number:
        case ColumnKind::NumberList:
            break;
        default:
            return 0;
    }
    std::size_t size = 0;
    detail::withNumericType(column.primitive, [&](auto tag) { size = sizeof(tag); });
    return size;
}

ColumnDecoder::ColumnDecoder() = default;
ColumnDecoder::ColumnDecoder(ColumnDecoder &&) noexcept = default;
ColumnDecoder &ColumnDecoder::operator=(ColumnDecoder &&) noexcept = default;
ColumnDecoder::~ColumnDecoder() = default;

Result<ColumnDecoder> ColumnDecoder::create(const DynamicDecoder &decoder, const std::vector<std::string> &fields,
                                            bool walk_only) {
    if (!decoder.schema()) return Error{"ColumnDecoder: the DynamicDecoder was not created"};
    ColumnDecoder out;
    out.schema_ = decoder.schema();
    std::vector<Column> all;
    ColumnPlanner(*out.schema_, out.slots_, all).message(out.schema_->types[out.schema_->root], "");
    std::vector<int> index(all.size(), -1);
    for (std::size_t c = 0; c < all.size(); ++c) {
        const bool selected = fields.empty() || std::any_of(fields.begin(), fields.end(), [&](const std::string &f) {
                                  return selects(f, all[c].path);
                              });
        if (!selected) continue;
        index[c] = static_cast<int>(out.columns_.size());
        out.columns_.push_back(std::move(all[c]));
    }
    for (const std::string &field : fields) {
        const bool found = std::any_of(out.columns_.begin(), out.columns_.end(),
                                       [&](const Column &c) { return selects(field, c.path); });
        if (found) continue;
        std::string names;
        for (const CompiledField &f : out.schema_->types[out.schema_->root].fields)
            names += (names.empty() ? "" : ", ") + f.name;
        return Error{"no field '" + field + "' in " + out.schema_->root_name + " (its fields: " + names + ")"};
    }
    for (ColumnSlot &slot : out.slots_) {
        for (int &c : slot.columns) c = index[static_cast<std::size_t>(c)];
    }
    out.starts_.assign(out.columns_.size(), nullptr);
    if (auto steps = walk_only ? std::nullopt : ColumnSteps::plan(*out.schema_, out.slots_))
        out.steps_ = std::make_shared<const ColumnSteps>(std::move(*steps));
    return out;
}

namespace {

bool oneValuePerRow(const Column &column) {
    return column.kind == ColumnKind::Number || column.kind == ColumnKind::Bool || column.kind == ColumnKind::Time;
}

/// Where each slice starts in the buffer: on a cache line of its own.
std::size_t sliceBytes(std::size_t rows, const Column &column) {
    return (rows * columnValueSize(column) + 63) / 64 * 64;
}

/// A reservation from a count larger than this is not made at once: the columns grow to it.
constexpr std::size_t kMostReservedBytes = std::size_t{16} << 30;
/// The rows of the first buffer when no count was given.
constexpr std::size_t kFirstRows = 1024;

}  // namespace

Status ColumnDecoder::resize(std::size_t rows) {
    std::size_t total = 0;
    for (const Column &column : columns_) {
        if (oneValuePerRow(column)) total += sliceBytes(rows, column);
    }
    if (total == 0) {
        capacity_ = rows;
        return Status::Ok();
    }
    auto arena = MappedBytes::create(total);
    if (!arena) return Error{"no memory for " + std::to_string(total) + " bytes of columns"};
    std::size_t offset = 0;
    for (std::size_t c = 0; c < columns_.size(); ++c) {
        if (!oneValuePerRow(columns_[c])) continue;
        std::uint8_t *start = arena->data() + offset;
        if (starts_[c] && rows_ > 0) std::memcpy(start, starts_[c], rows_ * columnValueSize(columns_[c]));
        starts_[c] = start;
        offset += sliceBytes(rows, columns_[c]);
    }
    arena_ = std::move(arena);
    capacity_ = rows;
    return Status::Ok();
}

void ColumnDecoder::reserve(std::size_t rows) {
    std::size_t row_bytes = 0;
    for (Column &column : columns_) {
        if (column.kind == ColumnKind::String || column.kind == ColumnKind::Json) {
            continue;  // runs of equal rows: their number is not known
        }
        if (column.kind == ColumnKind::NumberList) {
            column.ends.reserve(rows);
        } else {
            row_bytes += columnValueSize(column);
        }
    }
    if (rows <= capacity_ || (row_bytes > 0 && rows > kMostReservedBytes / row_bytes)) return;
    (void)resize(rows);  // advice: without the buffer the columns grow as they fill
}

Status ColumnDecoder::walk(std::span<const std::uint8_t> payload, std::size_t row,
                           std::vector<Column> &variable) const {
    if (!schema_) return Error{"ColumnDecoder used before ColumnDecoder::create()"};
    if (steps_ && steps_->decode(payload, row, starts_, variable)) return Status::Ok();
    ColumnWriter writer(slots_, variable, starts_, row);
    Status s = detail::walkPayload(*schema_, payload, writer);
    if (s.ok() && !writer.complete())
        s = Error{schema_->short_name + ": the message did not match its schema's fields"};
    return s;
}

Status ColumnDecoder::append(std::span<const std::uint8_t> payload) {
    if (!schema_) return Error{"ColumnDecoder used before ColumnDecoder::create()"};
    if (rows_ == capacity_) ROBOMETRICS_TRY(resize(std::max(kFirstRows, 2 * capacity_)));
    if (Status s = walk(payload, rows_, columns_); !s.ok()) {
        truncate(rows_);
        return s;
    }
    ++rows_;
    return Status::Ok();
}

Status ColumnDecoder::ensureRows(std::size_t rows) {
    if (rows <= capacity_) return Status::Ok();
    return resize(std::max({kFirstRows, 2 * capacity_, rows}));
}

ColumnDecoder::Part ColumnDecoder::part() const {
    Part out;
    // Without the paths: a part is made per chunk or batch, and only the kinds tell its values.
    for (const Column &column : columns_) out.columns.push_back(Column{{}, column.kind, column.primitive, {}, {}, {}, {}, {}});
    return out;
}

Status ColumnDecoder::decodeAt(std::span<const std::uint8_t> payload, std::size_t row, Part &part) const {
    if (row >= capacity_) return Error{"ColumnDecoder::decodeAt: row " + std::to_string(row) + " has no room"};
    ROBOMETRICS_TRY(walk(payload, row, part.columns));
    ++part.rows;
    return Status::Ok();
}

void ColumnDecoder::addPart(Part &&part) {
    for (std::size_t c = 0; c < columns_.size() && c < part.columns.size(); ++c) {
        Column &column = columns_[c];
        Column &from = part.columns[c];
        if (column.kind == ColumnKind::String || column.kind == ColumnKind::Json) {
            for (std::size_t run = 0; run < from.texts.size(); ++run) {
                if (run == 0 && !column.texts.empty() && column.texts.back() == from.texts[0]) {
                    column.text_rows.back() += from.text_rows[0];  // the run goes on across the parts
                    continue;
                }
                column.texts.push_back(std::move(from.texts[run]));
                column.text_rows.push_back(from.text_rows[run]);
            }
        } else if (column.kind == ColumnKind::NumberList) {
            const std::uint64_t base = column.bytes.size() / columnValueSize(column);
            for (std::uint64_t end : from.ends) column.ends.push_back(base + end);
            column.bytes.insert(column.bytes.end(), from.bytes.begin(), from.bytes.end());
        }
    }
    rows_ += part.rows;
}

void ColumnDecoder::truncate(std::size_t rows) {
    for (Column &column : columns_) {
        if (column.kind == ColumnKind::String || column.kind == ColumnKind::Json) {
            column.keepTextRows(rows);
        } else if (column.kind == ColumnKind::NumberList) {
            column.ends.resize(std::min(column.ends.size(), rows));
            column.bytes.resize((column.ends.empty() ? 0 : column.ends.back()) * columnValueSize(column));
        }
    }
}

std::vector<Column> ColumnDecoder::take() {
    truncate(rows_);
    std::vector<Column> out = std::move(columns_);
    columns_.clear();
    for (std::size_t c = 0; c < out.size(); ++c) {
        Column &column = out[c];
        columns_.push_back(Column{column.path, column.kind, column.primitive, {}, {}, {}, {}, {}});
        if (!oneValuePerRow(column)) continue;
        const std::size_t used = rows_ * columnValueSize(column);
        if (starts_[c]) {
            column.fixed = std::span<const std::uint8_t>(starts_[c], used);
            column.storage = arena_;
            // The pages of capacity this read did not use (a count that was too high).
            arena_->release(static_cast<std::size_t>(starts_[c] - arena_->data()) + used,
                            sliceBytes(capacity_, column) - used);
        }
        starts_[c] = nullptr;
    }
    arena_.reset();
    capacity_ = 0;
    rows_ = 0;
    return out;
}

}  // namespace robometrics::msgs
