#include "robometrics/msgs/MsgSchema.hpp"

#include <array>
#include <cctype>
#include <charconv>
#include <utility>

namespace robometrics::msgs {

namespace {

constexpr std::array<std::pair<std::string_view, MsgPrimitive>, 15> kPrimitives{{
    {"bool", MsgPrimitive::Bool},
    {"byte", MsgPrimitive::Byte},
    {"char", MsgPrimitive::Char},
    {"int8", MsgPrimitive::Int8},
    {"uint8", MsgPrimitive::UInt8},
    {"int16", MsgPrimitive::Int16},
    {"uint16", MsgPrimitive::UInt16},
    {"int32", MsgPrimitive::Int32},
    {"uint32", MsgPrimitive::UInt32},
    {"int64", MsgPrimitive::Int64},
    {"uint64", MsgPrimitive::UInt64},
    {"float32", MsgPrimitive::Float32},
    {"float64", MsgPrimitive::Float64},
    {"string", MsgPrimitive::String},
    {"wstring", MsgPrimitive::WString},
}};

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r'; }
bool isIdentifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

std::string_view trim(std::string_view s) {
    while (!s.empty() && (isSpace(s.front()) || s.front() == '\n')) s.remove_prefix(1);
    while (!s.empty() && (isSpace(s.back()) || s.back() == '\n')) s.remove_suffix(1);
    return s;
}

bool parseCount(std::string_view digits, std::uint64_t &out) {
    if (digits.empty()) return false;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
    return ec == std::errc() && end == digits.data() + digits.size();
}

/// Fills primitive/type_name/array of `field` from a type token such as "float64[36]",
/// "string<=10[<=3]", "Pose[]" or "geometry_msgs/msg/Point". Returns an error text or "".
std::string parseTypeToken(std::string_view token, std::string_view package, MsgField &field) {
    std::string_view base = token;
    if (std::size_t open = token.find('['); open != std::string_view::npos) {
        if (token.back() != ']') return "malformed array type '" + std::string(token) + "'";
        std::string_view inside = token.substr(open + 1, token.size() - open - 2);
        base = token.substr(0, open);
        if (inside.empty()) {
            field.array = MsgArrayKind::Sequence;
        } else if (inside.starts_with("<=")) {
            std::uint64_t bound = 0;
            if (!parseCount(inside.substr(2), bound)) return "malformed array bound '" + std::string(token) + "'";
            field.array = MsgArrayKind::Sequence;  // bounded: same wire format as unbounded
        } else {
            if (!parseCount(inside, field.fixed_size)) return "malformed array size '" + std::string(token) + "'";
            // IDL array sizes are positive. A type of zero-sized arrays only would take no bytes, so
            // no payload could bound how many of them a sequence claims to hold.
            if (field.fixed_size == 0) return "array size 0 in '" + std::string(token) + "' (sizes are positive)";
            field.array = MsgArrayKind::Fixed;
        }
    }
    // Bounded strings ("string<=10") have the wire format of plain strings.
    if (std::size_t bound = base.find("<="); bound != std::string_view::npos) {
        std::uint64_t limit = 0;
        if (!parseCount(base.substr(bound + 2), limit)) return "malformed string bound '" + std::string(token) + "'";
        base = base.substr(0, bound);
        if (base != "string" && base != "wstring") return "only strings may be bounded: '" + std::string(token) + "'";
    }
    for (const auto &[name, primitive] : kPrimitives) {
        if (base == name) {
            field.primitive = primitive;
            field.type_name = std::string(name);
            return {};
        }
    }
    field.primitive = MsgPrimitive::Complex;
    if (base == "time" || base == "duration") {  // ROS 1 spellings
        field.type_name = base == "time" ? "builtin_interfaces/Time" : "builtin_interfaces/Duration";
    } else if (base.find('/') != std::string_view::npos) {
        field.type_name = normaliseTypeName(base);
    } else if (base == "Header") {
        field.type_name = "std_msgs/Header";
    } else {
        if (package.empty()) return "bare type '" + std::string(base) + "' outside a package";
        field.type_name = std::string(package) + "/" + std::string(base);
    }
    for (char c : field.type_name) {
        if (!isIdentifierChar(c) && c != '/') return "malformed type name '" + std::string(base) + "'";
    }
    return {};
}

}  // namespace

std::string normaliseTypeName(std::string_view name) {
    std::string out(trim(name));
    if (std::size_t at = out.find("/msg/"); at != std::string::npos) out.erase(at, 4);
    return out;
}

std::string_view packageOf(std::string_view type_name) {
    std::size_t slash = type_name.find('/');
    return slash == std::string_view::npos ? std::string_view{} : type_name.substr(0, slash);
}

Result<std::vector<MsgField>> parseMsgFields(std::string_view body, std::string_view package) {
    std::vector<MsgField> fields;
    std::size_t line_number = 0;
    while (!body.empty()) {
        std::size_t eol = body.find('\n');
        std::string_view line = body.substr(0, eol);
        body.remove_prefix(eol == std::string_view::npos ? body.size() : eol + 1);
        ++line_number;
        auto fail = [&](const std::string &what) {
            return Error{"line " + std::to_string(line_number) + " '" + std::string(trim(line)) + "': " + what};
        };

        std::size_t i = 0;
        while (i < line.size() && isSpace(line[i])) ++i;
        if (i == line.size() || line[i] == '#') continue;
        std::size_t type_start = i;
        while (i < line.size() && !isSpace(line[i]) && line[i] != '#') ++i;
        std::string_view type_token = line.substr(type_start, i - type_start);
        if (type_token == "---") return fail("a service or action separator; unsupported schema");
        while (i < line.size() && isSpace(line[i])) ++i;
        std::size_t name_start = i;
        while (i < line.size() && isIdentifierChar(line[i])) ++i;
        std::string_view name = line.substr(name_start, i - name_start);
        if (name.empty()) return fail("expected '<type> <name>'");
        while (i < line.size() && isSpace(line[i])) ++i;
        if (i < line.size() && line[i] == '=') continue;  // a constant: not serialized

        // Two values under one name cannot both be shown (echo writes each field by its name).
        for (const MsgField &earlier : fields)
            if (earlier.name == name) return fail("field '" + std::string(name) + "' declared twice");
        MsgField field;
        field.name = std::string(name);
        if (std::string error = parseTypeToken(type_token, package, field); !error.empty()) return fail(error);
        fields.push_back(std::move(field));
    }
    return fields;
}

Result<std::map<std::string, std::string_view, std::less<>>> splitSchemaText(std::string_view text,
                                                                             std::string_view root_type) {
    std::map<std::string, std::string_view, std::less<>> blocks;
    std::string current = normaliseTypeName(root_type);
    std::size_t block_start = 0;
    bool expect_name = false;
    std::size_t pos = 0;
    auto close_block = [&](std::size_t end) {
        if (!current.empty()) blocks.emplace(current, text.substr(block_start, end - block_start));
        current.clear();
    };
    while (pos <= text.size()) {
        std::size_t eol = text.find('\n', pos);
        if (eol == std::string_view::npos) eol = text.size();
        std::string_view line = trim(text.substr(pos, eol - pos));
        std::size_t next = eol + 1;
        if (line.starts_with("IDL:") || line.starts_with("SRV:")) {
            return Error{"unsupported schema for " + std::string(root_type) + ": " + std::string(line.substr(0, 3)) +
                         " blocks (only ros2msg message definitions are supported)"};
        }
        if (line.size() >= 3 && line.find_first_not_of('=') == std::string_view::npos) {
            close_block(pos);
            expect_name = true;
        } else if (expect_name && !line.empty()) {
            if (!line.starts_with("MSG:")) {
                return Error{"schema for " + std::string(root_type) +
                             ": expected 'MSG: pkg/Type' after a separator, got '" + std::string(line) + "'"};
            }
            current = normaliseTypeName(line.substr(4));
            block_start = std::min(next, text.size());
            expect_name = false;
        }
        pos = next;
    }
    close_block(text.size());
    return blocks;
}

}  // namespace robometrics::msgs
