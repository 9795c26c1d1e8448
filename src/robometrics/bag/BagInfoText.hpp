#pragma once
// The two forms `robometrics info` prints a BagInfo in (docs/info.md): a table like
// `ros2 bag info`, and a JSON document.

#include <string>

#include "robometrics/bag/BagInfo.hpp"

namespace robometrics::bag {

/// "Path:  ...", "Bag size:  12.3 MiB (12897484 bytes)", times as
/// "2020-11-02 22:44:49.919704830 UTC (1604357089.919704830)", one line per topic with its type,
/// count and rate, and "Stopped early:  ..." for a recovered listing. Ends with a newline.
std::string bagInfoTable(const BagInfo &info);

/// The same as a JSON document indented by two spaces (no final newline); "error" only when the
/// listing is incomplete.
std::string bagInfoJson(const BagInfo &info);

}  // namespace robometrics::bag
