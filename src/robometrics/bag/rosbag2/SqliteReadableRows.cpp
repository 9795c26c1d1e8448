#include "robometrics/bag/rosbag2/SqliteReadableRows.hpp"

#include <sqlite3.h>

#include <limits>

#include "robometrics/bag/rosbag2/SqliteStatement.hpp"

namespace robometrics::bag::rosbag2 {

std::optional<std::uint64_t> UnreadableRows::count() const {
    if (!before_id) return std::nullopt;
    const std::int64_t first = after_id ? *after_id : 0;  // rosbag2's first row is id 1
    if (*before_id <= first + 1) return 0;
    return static_cast<std::uint64_t>(*before_id) - static_cast<std::uint64_t>(first) - 1;
}

namespace {

constexpr std::int64_t kBeforeAnyRow = std::numeric_limits<std::int64_t>::min();
// Probes one id at a time first (a damaged leaf page holds tens of rows), then in doubling steps
// (a damaged interior page hides thousands), then narrows the last step down by halves.
constexpr std::int64_t kSingleSteps = 64;
constexpr int kMostProbes = 2000;

enum class Probe { Row, End, Damaged };

/// Selecting the payload makes sqlite read its overflow pages, which may be the damaged ones.
/// From an id on: a seek that lands in the b-tree leaf holding that id (so a seek to the first id
/// of the page after a damaged one does not touch the damaged one).
const char *kRowsFrom = "SELECT id, timestamp, data FROM messages WHERE id >= ?1 ORDER BY id";
const char *kFirstRowFrom = "SELECT id, timestamp, data FROM messages WHERE id >= ?1 ORDER BY id LIMIT 1";

/// Whether the first row with an id of at least `from` reads.
Probe probe(sqlite3_stmt *stmt, std::int64_t from) {
    sqlite3_reset(stmt);
    sqlite3_bind_int64(stmt, 1, from);
    const int rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW) return Probe::Row;
    return rc == SQLITE_DONE ? Probe::End : Probe::Damaged;
}

/// The smallest id above `failed` from which rows read again (its probe gives a row), none when
/// no row past the damage reads or the walk's `probes` are spent. `failed` is the last id read
/// before reading failed.
std::optional<std::int64_t> resumePoint(sqlite3_stmt *stmt, std::int64_t failed, int &probes) {
    constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
    std::int64_t bad = failed;  // probes above it fail up to here (it is itself read, or no row)
    std::int64_t step = 1;
    std::int64_t good = 0;  // its probe does not fail (a row, or the end)
    for (int i = 0;; ++i) {
        if (bad > kMax - step || --probes < 0) return std::nullopt;
        const std::int64_t at = bad + step;
        const Probe p = probe(stmt, at);
        if (p != Probe::Damaged) {
            good = at;
            break;
        }
        bad = at;
        if (i >= kSingleSteps && step < kMax / 2) step *= 2;
    }
    // In unsigned arithmetic: `bad` may be far below zero and `good` above it.
    while (static_cast<std::uint64_t>(good) - static_cast<std::uint64_t>(bad) > 1) {
        if (--probes < 0) return std::nullopt;
        const std::uint64_t half = (static_cast<std::uint64_t>(good) - static_cast<std::uint64_t>(bad)) / 2;
        const std::int64_t mid = bad + static_cast<std::int64_t>(half);
        (probe(stmt, mid) == Probe::Damaged ? bad : good) = mid;
    }
    if (probe(stmt, good) != Probe::Row) return std::nullopt;
    return good;
}

}  // namespace

Result<MessageTableDamage> readableMessageRows(sqlite3 *db, const std::string &display) {
    SqliteStatement scan, first;
    if (sqlite3_prepare_v2(db, kRowsFrom, -1, &scan.stmt, nullptr) != SQLITE_OK ||
        sqlite3_prepare_v2(db, kFirstRowFrom, -1, &first.stmt, nullptr) != SQLITE_OK)
        return Error{display + ": sqlite: walking the messages table: " + sqlite3_errmsg(db)};
    MessageTableDamage table;
    std::int64_t from = kBeforeAnyRow;
    // A bound on the seeks past damage for the whole walk (each is one query): a file damaged all
    // over (a fuzzed one) is walked in bounded time, the rows past the last seek counted as lost.
    int probes = kMostProbes;
    for (;;) {
        sqlite3_reset(scan.stmt);
        sqlite3_bind_int64(scan.stmt, 1, from);
        ReadableRows run;
        bool any = false;
        int rc;
        while ((rc = sqlite3_step(scan.stmt)) == SQLITE_ROW) {
            const std::int64_t id = sqlite3_column_int64(scan.stmt, 0);
            const TimeNs time = sqlite3_column_int64(scan.stmt, 1);
            if (!any) run.first_id = id, run.first_time = time;
            run.last_id = id, run.last_time = time;
            ++run.rows;
            any = true;
        }
        // A run resumed after damage is the neighbour the damage ends at.
        if (any && !table.lost.empty() && !table.lost.back().before_id) {
            table.lost.back().before_id = run.first_id;
            table.lost.back().before_time = run.first_time;
        }
        if (any) table.runs.push_back(run);
        if (rc == SQLITE_DONE) break;
        UnreadableRows lost;
        if (!table.runs.empty()) {
            lost.after_id = table.runs.back().last_id;
            lost.after_time = table.runs.back().last_time;
        }
        const std::int64_t failed = any ? run.last_id : from;
        table.lost.push_back(lost);
        const std::optional<std::int64_t> resume = resumePoint(first.stmt, failed, probes);
        if (!resume) break;
        from = *resume;
    }
    return table;
}

}  // namespace robometrics::bag::rosbag2
