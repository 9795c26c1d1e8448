#pragma once
// Translates ROS 1 serialized messages to ROS 2 CDR, driven by the connection's ROS 1
// message_definition, for `robometrics convert --to ros2` (docs/convert.md). The field lists are
// the same in both ROS versions apart from what ROS 2 changed by rule: std_msgs/Header lost
// `seq`, `time`/`duration` became builtin_interfaces/Time/Duration (int32 sec, uint32 nanosec).
// ROS 1 is packed little endian (u32-length strings without NUL, u32 counts); the output is XCDR1
// little endian with the header 00 01 00 00, primitives aligned from after the header, strings
// with their NUL, a dummy byte per empty message, zero-padded to a multiple of 4 like Fast-CDR
// (bag-formats.md §4 and §4.8).

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::msgs {

struct ParsedSchema;  // private to the msgs module

class Ros1ToCdr {
public:
    /// Compiles `ros1_definition` (the connection's message_definition) for `type_name`. Fails for
    /// an empty or unparseable definition, a std_msgs/Header that does not start with `uint32 seq`,
    /// and types whose ROS 2 layout is not the mechanical translation (grid_map_msgs).
    static Result<Ros1ToCdr> create(std::string_view type_name, std::string_view ros1_definition);

    /// Writes the CDR form of the ROS 1 payload `ros1` into `cdr` (cleared first, capacity kept).
    /// A payload shorter or longer than its definition fails with the field path and offset.
    Status transcode(std::span<const std::uint8_t> ros1, std::vector<std::uint8_t> &cdr) const;

    /// Whether the CDR this writes is what `ros2_text` (a ros2msg schema of `ros2_type`) decodes:
    /// the same primitives, strings, arrays and nesting, field by field (names may differ).
    bool sameWireLayout(std::string_view ros2_type, std::string_view ros2_text) const;

private:
    std::shared_ptr<const ParsedSchema> schema_;
    std::vector<std::uint64_t> ros1_min_size_;  ///< per type: least ROS 1 bytes (0 for a message without fields)
};

}  // namespace robometrics::msgs
