#pragma once
// Private to the msgs module: the built-in .msg body of one type (its own fields only), for the
// dynamic decoder's stub overrides and missing dependencies. The public entry point that returns
// whole schema texts is builtinSchemaText() in Codec.hpp.

#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace robometrics::msgs {

/// The .msg body of a built-in type given as "pkg/Type" or "pkg/msg/Type"; nullopt when unknown
/// (std_msgs/Empty has an empty body).
std::optional<std::string_view> builtinMsgBody(std::string_view type_name);

/// Appends to `text` a block ("====…", "MSG: pkg/Type", body) for every built-in type that
/// `body` (a .msg of `package`) refers to, directly or through other built-in types, and that
/// `seen` does not hold yet; depth-first in sorted order, as builtinSchemaText assembles them.
/// Types robometrics does not know get no block (they still enter `seen`).
void appendBuiltinDependencies(std::string_view body, std::string_view package, std::set<std::string> &seen,
                               std::string &text);

}  // namespace robometrics::msgs
