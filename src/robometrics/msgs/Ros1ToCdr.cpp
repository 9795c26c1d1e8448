#include "robometrics/msgs/Ros1ToCdr.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>

#include "robometrics/msgs/ParsedSchema.hpp"

namespace robometrics::msgs {

namespace {

// Elements that take no ROS 1 bytes (messages without fields) cannot be bounded by the payload
// size, yet each becomes a CDR byte: cap them so that a damaged count cannot allocate gigabytes.
constexpr std::uint64_t kMaxEmptyElements = std::uint64_t{1} << 20;
constexpr std::int64_t kNsPerSec = 1'000'000'000;
constexpr std::string_view kHeader = "std_msgs/Header";
constexpr std::string_view kDuration = "builtin_interfaces/Duration";

/// Wire size of a primitive, by MsgPrimitive (Bool … Float64); 0 for strings and messages,
/// which are not copied as blocks of bytes.
constexpr std::array<std::uint8_t, 16> kPrimitiveBytes = {1, 1, 1, 1, 1, 2, 2, 4, 4, 8, 8, 4, 8, 0, 0, 0};
static_assert(static_cast<int>(MsgPrimitive::Float64) == 12 && static_cast<int>(MsgPrimitive::Complex) == 15,
              "kPrimitiveBytes follows the order of MsgPrimitive");

std::uint8_t primitiveBytes(MsgPrimitive primitive) { return kPrimitiveBytes[static_cast<std::size_t>(primitive)]; }

/// The first serialized field of a type in CDR: std_msgs/Header's `seq` (ROS 1 only) is skipped.
std::size_t firstCdrField(const CompiledType &type) { return type.name == kHeader ? 1 : 0; }

std::uint64_t ros1ElementMin(const CompiledField &field, const std::vector<std::uint64_t> &type_min) {
    if (field.primitive == MsgPrimitive::Complex) return type_min[field.type_index];
    const std::uint8_t bytes = primitiveBytes(field.primitive);
    return bytes == 0 ? 4 : bytes;  // a string is at least its u32 length
}

/// Least ROS 1 size of each type (types come dependencies first).
std::vector<std::uint64_t> ros1MinSizes(const ParsedSchema &schema) {
    std::vector<std::uint64_t> out;
    for (const CompiledType &type : schema.types) {
        std::uint64_t total = 0;
        for (const CompiledField &field : type.fields) {
            const std::uint64_t element = ros1ElementMin(field, out);
            std::uint64_t size = element;
            if (field.array == MsgArrayKind::Sequence) size = 4;
            if (field.array == MsgArrayKind::Fixed) size = saturatingWireSize(element, field.fixed_size);
            total = std::min(kWireSizeCap, total + size);
        }
        out.push_back(total);
    }
    return out;
}

/// Why a ROS 1 type cannot become its ROS 2 namesake by translation, or empty.
std::string untranslatable(const ParsedSchema &schema) {
    for (const CompiledType &type : schema.types) {
        if (type.name == "grid_map_msgs/GridMap" || type.name == "grid_map_msgs/GridMapInfo")
            return type.name + " has another layout in ROS 2 (the header moved from GridMapInfo to GridMap)";
        if (type.name == kHeader) {
            const bool seq_first = !type.fields.empty() && type.fields[0].name == "seq" &&
                                   type.fields[0].primitive == MsgPrimitive::UInt32 &&
                                   type.fields[0].array == MsgArrayKind::None;
            if (!seq_first) return "its std_msgs/Header does not start with `uint32 seq`: not a ROS 1 Header";
        }
    }
    return {};
}

/// One translation: reads ROS 1 bytes from `in`, appends CDR to `out`.
class Walk {
public:
    Walk(const ParsedSchema &schema, const std::vector<std::uint64_t> &type_min, std::span<const std::uint8_t> in,
         std::vector<std::uint8_t> &out)
        : schema_(schema), type_min_(type_min), in_(in), out_(out) {}

    Status run() {
        out_.assign({0x00, 0x01, 0x00, 0x00});  // XCDR1 little endian
        message(schema_.types[schema_.root]);
        if (!error_.empty()) return Error{error_};
        if (pos_ != in_.size())
            return Error{schema_.short_name + ": " + std::to_string(in_.size() - pos_) +
                         " bytes left after the last field at offset " + std::to_string(pos_) +
                         " (the payload does not match its definition)"};
        out_.resize((out_.size() + 3) & ~std::size_t{3}, 0);  // Fast-CDR pads to a multiple of 4
        return {};
    }

private:
    struct Frame {
        std::string_view name;
        std::int64_t index = -1;
    };

    bool failed() const { return !error_.empty(); }

    void fail(const std::string &what) {
        if (failed()) return;
        std::string path = schema_.short_name;
        for (const Frame &frame : path_) {
            path += "." + std::string(frame.name);
            if (frame.index >= 0) path += "[" + std::to_string(frame.index) + "]";
        }
        error_ = path + ": " + what;
    }

    /// The next `n` input bytes, or nullptr (and failed) when fewer are left.
    const std::uint8_t *take(std::uint64_t n) {
        if (failed()) return nullptr;
        if (n > in_.size() - pos_) {
            fail("needs " + std::to_string(n) + " bytes at offset " + std::to_string(pos_) + ", " +
                 std::to_string(in_.size() - pos_) + " left");
            return nullptr;
        }
        const std::uint8_t *at = in_.data() + pos_;
        pos_ += static_cast<std::size_t>(n);
        return at;
    }

    bool readU32(std::uint32_t &value) {
        const std::uint8_t *at = take(4);
        if (at != nullptr) std::memcpy(&value, at, 4);  // both sides little endian
        return at != nullptr;
    }

    void align(std::size_t size) {
        const std::size_t pad = (4 - out_.size()) & (size - 1);  // from the end of the header
        out_.resize(out_.size() + pad, 0);
    }

    void put(const std::uint8_t *bytes, std::size_t n, std::size_t alignment) {
        align(alignment);
        out_.insert(out_.end(), bytes, bytes + n);
    }

    void putU32(std::uint32_t value) { put(reinterpret_cast<const std::uint8_t *>(&value), 4, 4); }

    void message(const CompiledType &type) {
        if (type.fields.empty()) {
            out_.push_back(0);  // CDR's dummy byte; ROS 1 writes nothing
            return;
        }
        if (type.name == kDuration) return duration();
        const std::size_t first = firstCdrField(type);
        if (first == 1) take(4);  // Header.seq: ROS 2 has none
        for (std::size_t i = first; i < type.fields.size() && !failed(); ++i) {
            path_.push_back(Frame{type.fields[i].name});
            field(type.fields[i]);
            path_.pop_back();
        }
    }

    /// ROS 1 duration is int32 sec + int32 nsec, which may be negative; ROS 2 keeps nanosec in
    /// [0, 1e9), so the same span is written with the nanoseconds carried into the seconds.
    void duration() {
        std::uint32_t sec_bits = 0;
        std::uint32_t nsec_bits = 0;
        if (!readU32(sec_bits) || !readU32(nsec_bits)) return;
        const std::int64_t total =
            std::int64_t{static_cast<std::int32_t>(sec_bits)} * kNsPerSec + static_cast<std::int32_t>(nsec_bits);
        const std::int64_t sec = total >= 0 ? total / kNsPerSec : -((-total + kNsPerSec - 1) / kNsPerSec);
        if (sec < INT32_MIN || sec > INT32_MAX) return fail("duration does not fit builtin_interfaces/Duration");
        putU32(static_cast<std::uint32_t>(static_cast<std::int32_t>(sec)));
        putU32(static_cast<std::uint32_t>(total - sec * kNsPerSec));
    }

    void field(const CompiledField &field) {
        if (field.array == MsgArrayKind::None) return element(field);
        std::uint64_t count = field.fixed_size;
        if (field.array == MsgArrayKind::Sequence) {
            std::uint32_t n = 0;
            if (!readU32(n)) return;
            putU32(n);
            count = n;
        }
        const std::uint64_t element_min = ros1ElementMin(field, type_min_);
        const std::uint64_t left = in_.size() - pos_;
        if (element_min == 0 ? count > kMaxEmptyElements : count > left / element_min)
            return fail(std::to_string(count) + " elements cannot fit in the " + std::to_string(left) +
                        " bytes left at offset " + std::to_string(pos_));
        if (const std::uint8_t bytes = primitiveBytes(field.primitive); bytes != 0) {
            if (count == 0) return;  // Fast-CDR aligns nothing for no elements
            if (const std::uint8_t *at = take(count * bytes)) put(at, static_cast<std::size_t>(count * bytes), bytes);
            return;
        }
        for (std::uint64_t i = 0; i < count && !failed(); ++i) {
            path_.back().index = static_cast<std::int64_t>(i);
            element(field);
        }
    }

    void element(const CompiledField &field) {
        if (field.primitive == MsgPrimitive::Complex) return message(schema_.types[field.type_index]);
        if (field.primitive == MsgPrimitive::String) {
            std::uint32_t length = 0;
            if (!readU32(length)) return;
            const std::uint8_t *text = take(length);
            if (text == nullptr) return;
            putU32(length + 1);  // CDR counts the NUL
            out_.insert(out_.end(), text, text + length);
            out_.push_back(0);
            return;
        }
        const std::uint8_t bytes = primitiveBytes(field.primitive);
        if (const std::uint8_t *at = take(bytes)) put(at, bytes, bytes);
    }

    const ParsedSchema &schema_;
    const std::vector<std::uint64_t> &type_min_;
    std::span<const std::uint8_t> in_;
    std::vector<std::uint8_t> &out_;
    std::size_t pos_ = 0;
    std::vector<Frame> path_;
    std::string error_;
};

/// Field-by-field comparison of what two compiled types put on the CDR wire.
bool sameLayout(const ParsedSchema &a, const CompiledType &ta, const ParsedSchema &b, const CompiledType &tb) {
    const std::size_t first_a = firstCdrField(ta);
    if (ta.fields.size() - first_a != tb.fields.size()) return false;
    for (std::size_t i = 0; i < tb.fields.size(); ++i) {
        const CompiledField &fa = ta.fields[first_a + i];
        const CompiledField &fb = tb.fields[i];
        if (fa.array != fb.array || fa.fixed_size != fb.fixed_size) return false;
        const bool complex_a = fa.primitive == MsgPrimitive::Complex;
        if (complex_a != (fb.primitive == MsgPrimitive::Complex)) return false;
        if (complex_a) {
            if (!sameLayout(a, a.types[fa.type_index], b, b.types[fb.type_index])) return false;
        } else if (primitiveBytes(fa.primitive) != primitiveBytes(fb.primitive) ||
                   (fa.primitive == MsgPrimitive::String) != (fb.primitive == MsgPrimitive::String)) {
            return false;
        }
    }
    return true;
}

}  // namespace

Result<Ros1ToCdr> Ros1ToCdr::create(std::string_view type_name, std::string_view ros1_definition) {
    if (ros1_definition.empty()) return Error{"no message_definition for " + std::string(type_name)};
    auto schema = compileSchema(type_name, ros1_definition, SchemaDialect::Ros1);
    if (!schema) return schema.error();
    if (std::string why = untranslatable(*schema); !why.empty()) return Error{why};
    Ros1ToCdr out;
    out.ros1_min_size_ = ros1MinSizes(*schema);
    out.schema_ = std::make_shared<const ParsedSchema>(std::move(*schema));
    return out;
}

Status Ros1ToCdr::transcode(std::span<const std::uint8_t> ros1, std::vector<std::uint8_t> &cdr) const {
    return Walk(*schema_, ros1_min_size_, ros1, cdr).run();
}

bool Ros1ToCdr::sameWireLayout(std::string_view ros2_type, std::string_view ros2_text) const {
    auto ros2 = compileSchema(ros2_type, ros2_text, SchemaDialect::Ros2);
    return ros2 && sameLayout(*schema_, schema_->types[schema_->root], *ros2, ros2->types[ros2->root]);
}

}  // namespace robometrics::msgs
