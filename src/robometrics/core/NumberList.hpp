#pragma once
// A fixed count of comma-separated finite numbers given as one option value ("x,y,yaw"), with an
// error that quotes the option, its value and the item that is wrong.

#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics {

/// `option` names where the text came from ("--start"): "--start '1,x': 'x' is not a number",
/// "--start '1': expected 2 comma-separated numbers".
Result<std::vector<double>> parseNumberList(const std::string &text, std::size_t count, const std::string &option);

}  // namespace robometrics
