#pragma once
// MessageSource over one rosbag2 .db3 file (any schema version). Payloads are returned as
// stored; MESSAGE-mode zstd frames are decompressed by the bag-level source.

#include <memory>
#include <string>

#include "robometrics/bag/MessageSource.hpp"

namespace robometrics::bag::rosbag2 {

/// Opens `path` read-only; `display` names it in messages and errors. `original`, when `path` is
/// a padded copy of a file cut short (paddedSqliteCopy), is the file whose cut is reported.
Result<std::unique_ptr<MessageSource>> openSqliteFile(const std::string &path, const std::string &display,
                                                      const ReadOptions &options, const std::string &original = {});

}  // namespace robometrics::bag::rosbag2
