#pragma once
// Signs that a .db3 was left by a recorder that died: the file is shorter than the page count its
// header declares (cut short), or sqlite's -wal / -journal file is still beside it (rows written
// there were never moved into the database, which is opened immutable and so does not read them).

#include <memory>
#include <optional>
#include <string>

#include "robometrics/bag/rosbag2/Zstd.hpp"
#include "robometrics/core/Result.hpp"

namespace robometrics::bag::rosbag2 {

/// "the file ends at byte 40960, its header declares 81920 bytes (20 pages of 4096)" when the
/// file is shorter than its header says; none when it is whole or the header does not say.
std::optional<std::string> sqliteCut(const std::string &path);

/// For a recovering read of a file cut short: a temporary copy grown with zero bytes to the size
/// its header declares. sqlite refuses a file shorter than its header says at the first query,
/// even for rows on the pages that are there; on the copy it reads them and stops at the first
/// missing page ("database disk image is malformed"). The copy is sparse (no bytes are written
/// for the zeros); a declared size past 4096 times the file's plus 64 MiB is refused.
Result<std::unique_ptr<TempFile>> paddedSqliteCopy(const std::string &path);

/// "a -wal file of 32992 bytes beside it holds rows the recorder had not yet moved into the
/// database" when a non-empty -wal or -journal file is beside `path`; none otherwise.
std::optional<std::string> sqliteLeftovers(const std::string &path);

}  // namespace robometrics::bag::rosbag2
