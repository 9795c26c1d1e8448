#pragma once
// Decodes any CDR message to text, driven by its ros2msg schema text (as stored in MCAP
// schemas and rosbag2 message_definitions): compact JSON or the indented form of `ros2 topic
// echo`, written straight into a buffer (no JSON tree per message). Built-in definitions are used
// when the bag carries none, and override known stub definitions. This is what `robometrics echo`
// prints.

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <span>
#include <string>

#include "robometrics/core/Result.hpp"

namespace robometrics::msgs {

struct ParsedSchema;  // the parsed field tree, private to the implementation

class DynamicDecoder {
public:
    /// Parses `schema_text` for `type_name` ("pkg/msg/Type" or "pkg/Type"). An empty text uses
    /// the built-in definition. Fails with "unsupported schema" for ros2idl / service types.
    /// With encoding "ros1msg" (a ROS 1 bag's message_definition) payloads are decoded as ROS 1
    /// serialization and the text is used as it is.
    static Result<DynamicDecoder> create(const std::string &type_name, const std::string &schema_text,
                                         const std::string &schema_encoding = "ros2msg");

    /// Appends a whole payload (CDR: encapsulation header included) as one JSON object on one
    /// line: fields named and ordered as in the .msg; time as {"sec", "nanosec"}; NaN and
    /// infinities as the strings "nan", "inf", "-inf"; uint8[] / byte[] arrays as arrays of
    /// numbers; float32 values in their shortest form. On an error nothing is appended.
    Status appendJson(std::span<const std::uint8_t> payload, std::string &out) const;

    /// Appends the payload in the indented form: "key: value" lines, nested messages indented by
    /// two spaces, arrays of scalars inline as JSON, arrays of messages as "- " items; scalars as
    /// in appendJson(). On an error nothing is appended.
    Status appendYaml(std::span<const std::uint8_t> payload, std::string &out) const;

    /// appendJson() as a JSON tree (ordered_json keeps the .msg order; it converts implicitly
    /// to nlohmann::json, which sorts keys).
    Result<nlohmann::ordered_json> decode(std::span<const std::uint8_t> payload) const;

    /// The normalised type this decoder decodes ("pkg/Type").
    const std::string &typeName() const;

    /// The compiled schema (for ColumnDecoder and the Python module's message walk); null before create().
    const std::shared_ptr<const ParsedSchema> &schema() const { return schema_; }

private:
    template <class Writer>
    Status write(std::span<const std::uint8_t> payload, std::string &out) const;

    std::shared_ptr<const ParsedSchema> schema_;
};

}  // namespace robometrics::msgs
