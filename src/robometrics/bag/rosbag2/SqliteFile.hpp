#pragma once
// One rosbag2 sqlite3 storage file (.db3), any schema version (1 to 4), opened read-only.
// Messages are streamed with one prepared statement in (timestamp, id) order, as rosbag2 reads
// them; the table is never loaded whole. A recovering read goes on past damaged pages.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <span>
#include <string>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/rosbag2/SqliteReadableRows.hpp"
#include "robometrics/core/Result.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace robometrics::bag::rosbag2 {

/// A row of the `topics` table.
struct SqliteTopic {
    std::int64_t id = 0;
    TopicInfo info;  ///< type normalised, schema from message_definitions when present
};

/// COUNT / MIN / MAX of the messages of one topic (for `info`).
struct SqliteTopicStats {
    std::int64_t topic_id = 0;
    std::uint64_t count = 0;
    TimeNs first = 0;
    TimeNs last = 0;
};

/// One row of the messages query; `data` is valid until the next step().
struct SqliteRow {
    std::int64_t topic_id = 0;
    TimeNs timestamp = 0;
    std::span<const std::uint8_t> data;
};

class SqliteFile {
public:
    /// Opens `path` read-only; `display` names the file in error messages.
    static Result<std::unique_ptr<SqliteFile>> open(const std::string &path, const std::string &display);
    ~SqliteFile();
    SqliteFile(const SqliteFile &) = delete;
    SqliteFile &operator=(const SqliteFile &) = delete;

    int schemaVersion() const { return schema_version_; }
    const std::vector<SqliteTopic> &topics() const { return topics_; }
    const std::string &display() const { return display_; }

    /// Prepares the message query over the inclusive log-time range of `options`; with
    /// `filter_topics`, only the rows of `topic_ids` (none when it is empty).
    Status query(bool filter_topics, const std::vector<std::int64_t> &topic_ids, const ReadOptions &options);

    /// Steps the prepared query: true with a row, false at the end, or an Error.
    Result<bool> step(SqliteRow &row);

    /// From now on, a step that meets a damaged page (SQLITE_CORRUPT) does not end the read: the
    /// readable rows are found (SqliteReadableRows), copied into a temporary table, and the query
    /// goes on over them, after the last row given, in the same order. The rows lost are in
    /// unreadableRows().
    void skipDamagedPages() { skip_damage_ = true; }
    /// The rows a read that skipped damaged pages could not read (empty when none).
    const std::vector<UnreadableRows> &unreadableRows() const { return unreadable_; }

    /// Per-topic message statistics, computed by sqlite without reading the blobs out.
    Result<std::vector<SqliteTopicStats>> topicStats();

private:
    SqliteFile(sqlite3 *db, std::string display) : db_(db), display_(std::move(display)) {}
    Status load();
    Result<bool> hasTable(const std::string &name);
    Result<bool> hasColumn(const std::string &table, const std::string &column);
    Error sqliteError(const std::string &what) const;
    /// The message query: over the messages table, or past damage over the rows copied out of
    /// it, after the last row given.
    std::string messageQuery(bool past_damage) const;
    /// After a step failed on a damaged page: the query over the readable rows, past the last row.
    Status resumePastDamage();

    sqlite3 *db_ = nullptr;
    sqlite3_stmt *stmt_ = nullptr;
    std::string display_;
    int schema_version_ = 0;
    std::vector<SqliteTopic> topics_;
    std::uint64_t rows_read_ = 0;
    // The query, kept to prepare it again past damage.
    bool filter_topics_ = false;
    std::vector<std::int64_t> topic_ids_;
    std::optional<TimeNs> start_time_, end_time_;
    // Skipping damaged pages: whether to, whether done, and the last row given.
    bool skip_damage_ = false, skipped_ = false;
    std::optional<std::pair<TimeNs, std::int64_t>> last_row_;  ///< (timestamp, id)
    std::vector<UnreadableRows> unreadable_;
};

}  // namespace robometrics::bag::rosbag2
