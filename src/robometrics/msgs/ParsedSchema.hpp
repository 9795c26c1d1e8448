#pragma once
// A ros2msg schema compiled for decoding: every type reachable from the root, its fields
// resolved to indices, and the least wire size of each type (to reject absurd counts before
// allocating). Private to the msgs module; DynamicDecoder walks it.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/msgs/MsgSchema.hpp"

namespace robometrics::msgs {

struct CompiledField {
    std::string name;
    MsgPrimitive primitive = MsgPrimitive::Complex;
    std::uint32_t type_index = 0;  ///< into ParsedSchema::types, for Complex
    MsgArrayKind array = MsgArrayKind::None;
    std::uint64_t fixed_size = 0;
    std::uint64_t element_min_size = 0;  ///< least wire size of one element
};

struct CompiledType {
    std::string name;  ///< "pkg/Type"
    std::vector<CompiledField> fields;
    std::uint64_t min_size = 0;  ///< least wire size of one value (1 for a message without fields)
};

/// Which ROS wrote the schema text.
enum class SchemaDialect : std::uint8_t {
    Ros2,  ///< ros2msg: built-in definitions replace stubs and fill in missing blocks
    Ros1,  ///< ros1msg (a ROS 1 connection's message_definition): complete and authoritative,
           ///< and different from ROS 2 (Header.seq, `byte` is signed); only `time`/`duration`
           ///< come from the built-ins
};

struct ParsedSchema {
    std::vector<CompiledType> types;              ///< dependencies before the types that use them
    std::uint32_t root = 0;                       ///< index of the root type
    std::string root_name;                        ///< "pkg/Type"
    std::string short_name;                       ///< "Type", the root of error paths
    SchemaDialect dialect = SchemaDialect::Ros2;  ///< Ros1: payloads are ROS 1 serialized
};

/// Compiles `schema_text` for `type_name`. Stored blocks are used as given, except that a
/// built-in definition replaces a stored one that is a stub of it (fewer fields, all of them
/// in the built-in) and fills in missing blocks; an empty text uses the built-in definition.
Result<ParsedSchema> compileSchema(std::string_view type_name, std::string_view schema_text,
                                   SchemaDialect dialect = SchemaDialect::Ros2);

/// Least wire sizes saturate here: a damaged or hostile schema (nested fixed arrays) cannot
/// overflow them, and no real payload comes near.
inline constexpr std::uint64_t kWireSizeCap = std::uint64_t{1} << 62;

/// a * b, or kWireSizeCap when that is larger.
std::uint64_t saturatingWireSize(std::uint64_t a, std::uint64_t b);

}  // namespace robometrics::msgs
