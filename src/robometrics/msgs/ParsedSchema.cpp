#include "robometrics/msgs/ParsedSchema.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include "robometrics/msgs/BuiltinSchemas.hpp"
#include "robometrics/msgs/ServiceEventSchema.hpp"

namespace robometrics::msgs {

namespace {

constexpr std::size_t kMaxNesting = 64;

std::uint64_t primitiveSize(MsgPrimitive primitive) {
    switch (primitive) {
        case MsgPrimitive::Bool:
        case MsgPrimitive::Byte:
        case MsgPrimitive::Char:
        case MsgPrimitive::Int8:
        case MsgPrimitive::UInt8:
            return 1;
        case MsgPrimitive::Int16:
        case MsgPrimitive::UInt16:
            return 2;
        case MsgPrimitive::Int32:
        case MsgPrimitive::UInt32:
        case MsgPrimitive::Float32:
        case MsgPrimitive::String:  // the u32 length
        case MsgPrimitive::WString:
            return 4;
        case MsgPrimitive::Int64:
        case MsgPrimitive::UInt64:
        case MsgPrimitive::Float64:
            return 8;
        case MsgPrimitive::Complex:
            break;
    }
    return 0;
}

/// True when `stored` looks like a stub of `builtin`: fewer fields, each also in the built-in.
bool isStubOf(const std::vector<MsgField> &stored, const std::vector<MsgField> &builtin) {
    if (stored.size() >= builtin.size()) return false;
    return std::all_of(stored.begin(), stored.end(), [&](const MsgField &field) {
        return std::any_of(builtin.begin(), builtin.end(), [&](const MsgField &b) { return b.name == field.name; });
    });
}

class SchemaCompiler {
public:
    SchemaCompiler(std::string root, std::map<std::string, std::string_view, std::less<>> blocks, SchemaDialect dialect)
        : root_(std::move(root)), blocks_(std::move(blocks)), dialect_(dialect) {}

    Result<std::uint32_t> compile(const std::string &name) {
        if (auto it = index_.find(name); it != index_.end()) return it->second;
        if (std::find(stack_.begin(), stack_.end(), name) != stack_.end()) {
            std::string chain;
            for (const std::string &link : stack_) chain += link + " -> ";
            return fail("recursive type definition " + chain + name);
        }
        if (stack_.size() >= kMaxNesting) return fail("types nested deeper than " + std::to_string(kMaxNesting));
        auto fields = fieldsOf(name);
        if (!fields.ok()) return fields.error();

        stack_.push_back(name);
        CompiledType type;
        type.name = name;
        for (const MsgField &field : *fields) {
            if (field.primitive == MsgPrimitive::WString) {
                return fail("field " + name + "." + field.name + ": wstring is not supported");
            }
            CompiledField compiled{field.name, field.primitive, 0, field.array, field.fixed_size, 0};
            if (field.primitive == MsgPrimitive::Complex) {
                auto index = compile(field.type_name);
                if (!index.ok()) return index.error();
                compiled.type_index = *index;
                compiled.element_min_size = out_.types[*index].min_size;
            } else {
                compiled.element_min_size = primitiveSize(field.primitive);
            }
            type.fields.push_back(std::move(compiled));
        }
        stack_.pop_back();

        type.min_size = type.fields.empty() ? 1 : 0;
        for (const CompiledField &field : type.fields) {
            std::uint64_t size = field.array == MsgArrayKind::Sequence ? 4
                                 : field.array == MsgArrayKind::Fixed
                                     ? saturatingWireSize(field.fixed_size, field.element_min_size)
                                     : field.element_min_size;
            type.min_size = std::min(kWireSizeCap, type.min_size + size);
        }
        auto index = static_cast<std::uint32_t>(out_.types.size());
        out_.types.push_back(std::move(type));
        index_.emplace(name, index);
        return index;
    }

    ParsedSchema take() { return std::move(out_); }

private:
    Error fail(const std::string &what) const { return Error{"schema for " + root_ + ": " + what}; }

    /// The stored block, unless it is a stub of a built-in definition; else the built-in one.
    Result<std::vector<MsgField>> fieldsOf(const std::string &name) {
        const std::string_view package = packageOf(name);
        std::optional<std::string_view> builtin_body;
        if (dialect_ == SchemaDialect::Ros2 || package == "builtin_interfaces") builtin_body = builtinMsgBody(name);
        std::optional<std::vector<MsgField>> builtin;
        if (builtin_body) {
            auto parsed = parseMsgFields(*builtin_body, package);
            if (parsed.ok()) builtin = std::move(*parsed);
        }
        auto stored_it = blocks_.find(name);
        if (stored_it == blocks_.end()) {
            if (builtin) return *builtin;
            return fail("no definition of " + name + " in the schema and none built in");
        }
        auto stored = parseMsgFields(stored_it->second, package);
        if (!stored.ok()) return fail("definition of " + name + ": " + stored.message());
        if (dialect_ == SchemaDialect::Ros1) {
            for (MsgField &field : *stored)
                if (field.primitive == MsgPrimitive::Byte) field.primitive = MsgPrimitive::Int8;  // ROS 1 byte is int8
            return stored;
        }
        if (builtin && isStubOf(*stored, *builtin)) return *builtin;
        return stored;
    }

    std::string root_;
    std::map<std::string, std::string_view, std::less<>> blocks_;
    SchemaDialect dialect_;
    std::map<std::string, std::uint32_t, std::less<>> index_;
    std::vector<std::string> stack_;
    ParsedSchema out_;
};

}  // namespace

Result<ParsedSchema> compileSchema(std::string_view type_name, std::string_view schema_text, SchemaDialect dialect) {
    std::string root = normaliseTypeName(type_name);
    // A service event (pkg/srv/Name_Event) is a message; the service and action types are not.
    const bool service_event = serviceOfEventType(root).has_value();
    if ((root.find("/srv/") != std::string::npos && !service_event) || root.find("/action/") != std::string::npos) {
        return Error{"unsupported schema for " + std::string(type_name) + ": services and actions are not messages"};
    }
    std::map<std::string, std::string_view, std::less<>> blocks;
    if (!schema_text.empty()) {
        auto split = splitSchemaText(schema_text, root);
        if (!split.ok()) return split.error();
        blocks = std::move(*split);
    }
    SchemaCompiler compiler(root, std::move(blocks), dialect);
    auto index = compiler.compile(root);
    if (!index.ok()) return index.error();
    ParsedSchema schema = compiler.take();
    schema.root = *index;
    schema.root_name = root;
    schema.short_name = root.substr(root.rfind('/') + 1);
    schema.dialect = dialect;
    return schema;
}

std::uint64_t saturatingWireSize(std::uint64_t a, std::uint64_t b) {
    if (a != 0 && b > kWireSizeCap / a) return kWireSizeCap;
    return a * b;
}

}  // namespace robometrics::msgs
