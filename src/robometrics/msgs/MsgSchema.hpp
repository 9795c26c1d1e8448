#pragma once
// Parsing of ROS 2 message definitions: the `.msg` grammar (comments, defaults, constants,
// bounded strings and arrays, fixed arrays, bare type names) and the `ros2msg` schema text that
// concatenates a root .msg with its dependencies ("====…" line, "MSG: pkg/Type", body).
// See bag-formats.md §1.7. Used by the dynamic decoder and by the built-in schema table.

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::msgs {

/// The wire kind of a field's element type.
enum class MsgPrimitive : std::uint8_t {
    Bool,
    Byte,
    Char,
    Int8,
    UInt8,
    Int16,
    UInt16,
    Int32,
    UInt32,
    Int64,
    UInt64,
    Float32,
    Float64,
    String,
    WString,
    Complex,  ///< a nested message, named by MsgField::type_name
};

enum class MsgArrayKind : std::uint8_t { None, Fixed, Sequence };

/// One serialized field of a .msg (constants are not fields).
struct MsgField {
    std::string name;
    MsgPrimitive primitive = MsgPrimitive::Complex;
    std::string type_name;  ///< "pkg/Type" for Complex, the primitive's name otherwise
    MsgArrayKind array = MsgArrayKind::None;
    std::uint64_t fixed_size = 0;  ///< element count of a fixed array
};

/// Normalises "pkg/msg/Type" to "pkg/Type"; other names are returned unchanged.
std::string normaliseTypeName(std::string_view name);

/// The package of a "pkg/Type" or "pkg/msg/Type" name ("" when there is none).
std::string_view packageOf(std::string_view type_name);

/// Parses one .msg body. `package` resolves bare type names; a bare `Header` means
/// std_msgs/Header. Errors name the line.
Result<std::vector<MsgField>> parseMsgFields(std::string_view body, std::string_view package);

/// Splits a ros2msg schema text into its blocks, keyed by normalised type name; the first block
/// belongs to `root_type`. A block repeated under the same name keeps its first text. IDL and
/// service (SRV / "---") texts fail with "unsupported schema".
Result<std::map<std::string, std::string_view, std::less<>>> splitSchemaText(std::string_view text,
                                                                             std::string_view root_type);

}  // namespace robometrics::msgs
