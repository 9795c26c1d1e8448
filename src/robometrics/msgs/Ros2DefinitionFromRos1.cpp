#include "robometrics/msgs/Ros2DefinitionFromRos1.hpp"

#include <map>
#include <set>
#include <vector>

#include "robometrics/msgs/BuiltinSchemas.hpp"
#include "robometrics/msgs/MsgSchema.hpp"

namespace robometrics::msgs {

namespace {

using Blocks = std::map<std::string, std::string_view, std::less<>>;

/// The ROS 2 spelling of a field's element type.
std::string ros2TypeOf(const MsgField &field) {
    if (field.primitive == MsgPrimitive::Char) return "uint8";  // ROS 1 char is unsigned
    return field.type_name;  // `byte` stays `byte`; complex names are already "pkg/Type"
}

std::string arraySuffix(const MsgField &field) {
    if (field.array == MsgArrayKind::Fixed) return "[" + std::to_string(field.fixed_size) + "]";
    return field.array == MsgArrayKind::Sequence ? "[]" : "";
}

class Generator {
public:
    Generator(std::string root, Blocks blocks) : root_(std::move(root)), blocks_(std::move(blocks)) {}

    Status block(const std::string &name) {
        if (!seen_.insert(name).second) return {};
        if (seen_.size() > kMaxTypes) return fail("more than " + std::to_string(kMaxTypes) + " types");
        std::string_view body;
        if (auto stored = blocks_.find(name); stored != blocks_.end()) {
            body = stored->second;
        } else if (auto builtin = builtinMsgBody(name); builtin && packageOf(name) == "builtin_interfaces") {
            body = *builtin;  // what ROS 1 spells `time` / `duration`
        } else {
            return fail("no definition of " + name);
        }
        auto fields = parseMsgFields(body, packageOf(name));
        if (!fields) return fail("definition of " + name + ": " + fields.message());
        std::string text;
        for (const MsgField &field : *fields) {
            if (name == "std_msgs/Header" && field.name == "seq") continue;  // ROS 2 dropped it
            text += ros2TypeOf(field) + arraySuffix(field) + " " + field.name + "\n";
        }
        if (name != root_) out_ += std::string(80, '=') + "\nMSG: " + name + "\n";
        out_ += text;
        for (const MsgField &field : *fields)
            if (field.primitive == MsgPrimitive::Complex) ROBOMETRICS_TRY(block(field.type_name));
        return {};
    }

    std::string take() { return std::move(out_); }

private:
    static constexpr std::size_t kMaxTypes = 1000;

    Error fail(const std::string &what) const { return Error{"ROS 2 definition of " + root_ + ": " + what}; }

    std::string root_;
    Blocks blocks_;
    std::set<std::string> seen_;
    std::string out_;
};

}  // namespace

Result<std::string> ros2DefinitionFromRos1(std::string_view type_name, std::string_view ros1_definition) {
    const std::string root = normaliseTypeName(type_name);
    auto blocks = splitSchemaText(ros1_definition, root);
    if (!blocks) return blocks.error();
    Generator generator(root, std::move(*blocks));
    ROBOMETRICS_TRY(generator.block(root));
    return generator.take();
}

}  // namespace robometrics::msgs
