#pragma once
// MessageSource over one MCAP file. Uses the summary (chunk indexes) when present for
// time-range seeks and log-time ordering, and falls back to a streaming read otherwise.

#include <memory>
#include <string>

#include "robometrics/bag/MessageSource.hpp"

namespace robometrics::bag {

Result<std::unique_ptr<MessageSource>> openMcap(const std::string &path, const ReadOptions &options = {});

}  // namespace robometrics::bag
