#pragma once
// Which rows of a damaged .db3's `messages` table can still be read. sqlite keeps no checksums,
// but a page whose structure is broken makes every statement that touches it fail with
// SQLITE_CORRUPT; rows on the other pages stay readable. The table is a b-tree keyed by the row id
// (rosbag2's `id INTEGER PRIMARY KEY`, given in insertion order), so the readable rows are runs of
// row ids: this walks the table in id order, reading every payload (a payload too large for its
// page continues on overflow pages, which may be the damaged ones), and past each failure seeks to
// the next id whose page reads. Only for a recovering read of a file found damaged: it reads the
// whole table once more.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/core/Time.hpp"

struct sqlite3;

namespace robometrics::bag::rosbag2 {

/// A run of consecutive readable rows, in id order, with the log times of its first and last row
/// (what bounds the time of the rows lost next to it).
struct ReadableRows {
    std::int64_t first_id = 0, last_id = 0;
    TimeNs first_time = 0, last_time = 0;
    std::uint64_t rows = 0;  ///< how many (a read of the run stops after them, before the damage)
};

/// Rows that could not be read: those with ids between two readable runs (none before the first
/// or after the last readable row), bounded by the rows read on either side.
struct UnreadableRows {
    std::optional<std::int64_t> after_id, before_id;  ///< the readable neighbours' ids
    std::optional<TimeNs> after_time, before_time;    ///< and their log times
    /// Rows lost, counted by id (rosbag2 numbers its rows 1, 2, 3, ...; an upper bound if rows
    /// were ever deleted); none when the damage runs to the table's end.
    std::optional<std::uint64_t> count() const;
};

struct MessageTableDamage {
    std::vector<ReadableRows> runs;     ///< in id order
    std::vector<UnreadableRows> lost;  ///< in id order; empty when every row reads
};

/// The readable runs of `messages` and what lies between them; an error only when not even one
/// statement can be prepared (the schema itself is unreadable). `display` names the file in it.
Result<MessageTableDamage> readableMessageRows(sqlite3 *db, const std::string &display);

}  // namespace robometrics::bag::rosbag2
