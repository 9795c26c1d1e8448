#pragma once
// Private to the msgs module: the built-in .msg body of one type (its own fields only), for the
// dynamic decoder's stub overrides and missing dependencies. The public entry point that returns
// whole schema texts is builtinSchemaText() in Codec.hpp.

#include <optional>
#include <string_view>

namespace robometrics::msgs {

/// The .msg body of a built-in type given as "pkg/Type" or "pkg/msg/Type"; nullopt when unknown
/// (std_msgs/Empty has an empty body).
std::optional<std::string_view> builtinMsgBody(std::string_view type_name);

}  // namespace robometrics::msgs
