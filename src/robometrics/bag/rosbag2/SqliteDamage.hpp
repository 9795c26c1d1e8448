#pragma once
// Signs that a .db3 was left by a recorder that died: the file is shorter than the page count its
// header declares (cut short), or sqlite's -wal / -journal file is still beside it (rows written
// there were never moved into the database, which is opened immutable and so does not read them).

#include <optional>
#include <string>

namespace robometrics::bag::rosbag2 {

/// "the file ends at byte 40960, its header declares 81920 bytes (20 pages of 4096)" when the
/// file is shorter than its header says; none when it is whole or the header does not say.
std::optional<std::string> sqliteCut(const std::string &path);

/// "a -wal file of 32992 bytes beside it holds rows the recorder had not yet moved into the
/// database" when a non-empty -wal or -journal file is beside `path`; none otherwise.
std::optional<std::string> sqliteLeftovers(const std::string &path);

}  // namespace robometrics::bag::rosbag2
