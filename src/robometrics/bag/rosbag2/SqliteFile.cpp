#include "robometrics/bag/rosbag2/SqliteFile.hpp"

#include <sqlite3.h>

#include <map>

#include "robometrics/bag/rosbag2/Metadata.hpp"
#include "robometrics/bag/rosbag2/SqliteStatement.hpp"
#include "robometrics/msgs/ServiceEventSchema.hpp"

namespace robometrics::bag::rosbag2 {

namespace {

/// Where a recovering read keeps the rows that read, past damaged pages (the temp database).
constexpr const char *kReadableRowsTable = "temp.robometrics_readable_rows";

// Read-only data directories cannot hold sqlite's lock or journal files: `immutable=1` tells
// sqlite the file will not change, so it needs neither. The path goes into a URI, so the few
// characters with a meaning there are escaped.
std::string readOnlyUri(const std::string &path) {
    std::string uri = "file:";
    for (char c : path) {
        if (c == '%' || c == '?' || c == '#') {
            static const char *hex = "0123456789ABCDEF";
            uri += '%';
            uri += hex[(static_cast<unsigned char>(c) >> 4) & 0xF];
            uri += hex[static_cast<unsigned char>(c) & 0xF];
        } else {
            uri += c;
        }
    }
    return uri + "?immutable=1";
}

/// A service event type stored without a definition (sqlite bags keep the service's instead):
/// its schema built from the service's definition, else `schema` unchanged.
Schema serviceEventSchema(const Schema &schema, const std::map<std::string, Schema> &definitions) {
    auto service = msgs::serviceOfEventType(schema.name);
    if (!service) return schema;
    auto definition = definitions.find(*service);
    if (definition == definitions.end() || definition->second.encoding != "ros2msg") return schema;
    auto text = msgs::serviceEventSchemaText(schema.name, definition->second.text);
    return text ? Schema{schema.name, "ros2msg", *text} : schema;
}

std::string columnText(sqlite3_stmt *stmt, int column) {
    const unsigned char *text = sqlite3_column_text(stmt, column);
    return text ? std::string(reinterpret_cast<const char *>(text),
                              static_cast<std::size_t>(sqlite3_column_bytes(stmt, column)))
                : std::string();
}

}  // namespace

Error SqliteFile::sqliteError(const std::string &what) const {
    return Error{display_ + ": sqlite: " + what + ": " + (db_ ? sqlite3_errmsg(db_) : "out of memory")};
}

Result<std::unique_ptr<SqliteFile>> SqliteFile::open(const std::string &path, const std::string &display) {
    sqlite3 *db = nullptr;
    int rc = sqlite3_open_v2(readOnlyUri(path).c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
    std::unique_ptr<SqliteFile> file(new SqliteFile(db, display));
    if (rc != SQLITE_OK) return file->sqliteError("cannot open");
    ROBOMETRICS_TRY(file->load());
    return file;
}

SqliteFile::~SqliteFile() {
    sqlite3_finalize(stmt_);
    sqlite3_close_v2(db_);
}

Result<bool> SqliteFile::hasTable(const std::string &name) {
    SqliteStatement s;
    if (sqlite3_prepare_v2(db_, "SELECT 1 FROM sqlite_master WHERE type='table' AND name=?", -1, &s.stmt, nullptr) !=
        SQLITE_OK)
        return sqliteError("reading the table list");
    sqlite3_bind_text(s.stmt, 1, name.c_str(), -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(s.stmt);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    return sqliteError("reading the table list");
}

Result<bool> SqliteFile::hasColumn(const std::string &table, const std::string &column) {
    SqliteStatement s;
    std::string sql = "PRAGMA table_info(" + table + ")";
    if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &s.stmt, nullptr) != SQLITE_OK)
        return sqliteError("reading the columns of " + table);
    int rc;
    while ((rc = sqlite3_step(s.stmt)) == SQLITE_ROW)
        if (columnText(s.stmt, 1) == column) return true;
    if (rc != SQLITE_DONE) return sqliteError("reading the columns of " + table);
    return false;
}

Status SqliteFile::load() {
    for (const char *table : {"topics", "messages"}) {
        auto has = hasTable(table);
        if (!has) return has.error();
        if (!*has) return Error{display_ + ": not a rosbag2 sqlite3 file (no '" + std::string(table) + "' table)"};
    }
    auto has_schema = hasTable("schema");
    if (!has_schema) return has_schema.error();
    auto has_qos = hasColumn("topics", "offered_qos_profiles");
    if (!has_qos) return has_qos.error();
    auto has_hash = hasColumn("topics", "type_description_hash");  // schema version 4 and later
    if (!has_hash) return has_hash.error();
    if (*has_schema) {
        SqliteStatement s;
        if (sqlite3_prepare_v2(db_, "SELECT schema_version FROM schema", -1, &s.stmt, nullptr) != SQLITE_OK ||
            sqlite3_step(s.stmt) != SQLITE_ROW)
            return sqliteError("reading the schema version");
        schema_version_ = sqlite3_column_int(s.stmt, 0);
    } else {
        schema_version_ = *has_qos ? 2 : 1;
    }

    // Definitions by type (schema version 4 and later).
    std::map<std::string, Schema> definitions;
    auto has_defs = hasTable("message_definitions");
    if (!has_defs) return has_defs.error();
    if (*has_defs) {
        SqliteStatement s;
        if (sqlite3_prepare_v2(db_, "SELECT topic_type, encoding, encoded_message_definition FROM message_definitions",
                               -1, &s.stmt, nullptr) != SQLITE_OK)
            return sqliteError("reading message_definitions");
        int rc;
        while ((rc = sqlite3_step(s.stmt)) == SQLITE_ROW) {
            Schema schema{normalizeTypeName(columnText(s.stmt, 0)), columnText(s.stmt, 1), columnText(s.stmt, 2)};
            if (schema.encoding == "unknown") schema.encoding.clear();
            definitions[schema.name] = std::move(schema);
        }
        if (rc != SQLITE_DONE) return sqliteError("reading message_definitions");
    }

    SqliteStatement s;
    std::string sql = std::string("SELECT id, name, type, serialization_format") +
                      (*has_qos ? ", offered_qos_profiles" : "") + (*has_hash ? ", type_description_hash" : "") +
                      " FROM topics ORDER BY id";
    if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &s.stmt, nullptr) != SQLITE_OK) return sqliteError("reading topics");
    int rc;
    while ((rc = sqlite3_step(s.stmt)) == SQLITE_ROW) {
        SqliteTopic topic;
        topic.id = sqlite3_column_int64(s.stmt, 0);
        topic.info.name = columnText(s.stmt, 1);
        topic.info.type = normalizeTypeName(columnText(s.stmt, 2));
        topic.info.serialization_format = columnText(s.stmt, 3);
        if (*has_qos) topic.info.offered_qos_profiles = columnText(s.stmt, 4);
        if (*has_hash) topic.info.type_hash = columnText(s.stmt, *has_qos ? 5 : 4);
        if (auto it = definitions.find(topic.info.type); it != definitions.end())
            topic.info.schema = it->second;
        else
            topic.info.schema.name = topic.info.type;
        if (topic.info.schema.text.empty()) topic.info.schema = serviceEventSchema(topic.info.schema, definitions);
        topics_.push_back(std::move(topic));
    }
    if (rc != SQLITE_DONE) return sqliteError("reading topics");
    return Status::Ok();
}

Status SqliteFile::query(bool filter_topics, const std::vector<std::int64_t> &topic_ids, const ReadOptions &options) {
    sqlite3_finalize(stmt_);
    stmt_ = nullptr;
    rows_read_ = 0;
    filter_topics_ = filter_topics;
    topic_ids_ = topic_ids;
    start_time_ = options.start_time;
    end_time_ = options.end_time;
    last_row_.reset();
    if (sqlite3_prepare_v2(db_, messageQuery(false).c_str(), -1, &stmt_, nullptr) != SQLITE_OK)
        return sqliteError("preparing the message query");
    return Status::Ok();
}

std::string SqliteFile::messageQuery(bool past_damage) const {
    std::string sql = std::string("SELECT topic_id, timestamp, data, id FROM ") +
                      (past_damage ? kReadableRowsTable : "messages") + " WHERE 1";
    if (filter_topics_) {
        sql += " AND topic_id IN (";
        for (std::size_t i = 0; i < topic_ids_.size(); ++i) sql += (i ? "," : "") + std::to_string(topic_ids_[i]);
        sql += ")";
    }
    if (start_time_) sql += " AND timestamp >= " + std::to_string(*start_time_);
    if (end_time_) sql += " AND timestamp <= " + std::to_string(*end_time_);
    if (past_damage && last_row_) {
        const std::string t = std::to_string(last_row_->first);
        sql += " AND (timestamp > " + t + " OR (timestamp = " + t + " AND id > " + std::to_string(last_row_->second) +
               "))";
    }
    return sql + " ORDER BY timestamp, id";
}

Status SqliteFile::resumePastDamage() {
    skipped_ = true;
    sqlite3_finalize(stmt_);
    stmt_ = nullptr;
    auto table = readableMessageRows(db_, display_);
    if (!table) return table.error();
    unreadable_ = std::move(table->lost);
    // The readable rows are copied into a temporary table (sqlite's temporary files, not memory),
    // each run read from its first id for exactly its number of rows: a range bounded by an id
    // would step onto the damaged page next to it to see where the range ends, a LIMIT does not.
    // The timestamp index is never used (it may sit on a damaged page too).
    const std::string create = std::string("PRAGMA temp_store=FILE; DROP TABLE IF EXISTS ") + kReadableRowsTable +
                               "; CREATE TABLE " + kReadableRowsTable +
                               "(topic_id INTEGER, timestamp INTEGER, data BLOB, id INTEGER)";
    if (sqlite3_exec(db_, create.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK)
        return sqliteError("making a temporary table for the rows past damaged pages");
    SqliteStatement copy;
    const std::string insert = std::string("INSERT INTO ") + kReadableRowsTable +
                               " SELECT topic_id, timestamp, data, id FROM messages WHERE id >= ?1 ORDER BY id LIMIT ?2";
    if (sqlite3_prepare_v2(db_, insert.c_str(), -1, &copy.stmt, nullptr) != SQLITE_OK)
        return sqliteError("copying the rows past damaged pages");
    for (const ReadableRows &run : table->runs) {
        sqlite3_reset(copy.stmt);
        sqlite3_bind_int64(copy.stmt, 1, run.first_id);
        sqlite3_bind_int64(copy.stmt, 2, static_cast<std::int64_t>(run.rows));
        if (sqlite3_step(copy.stmt) != SQLITE_DONE)
            return sqliteError("copying rows " + std::to_string(run.first_id) + " to " + std::to_string(run.last_id));
    }
    if (sqlite3_prepare_v2(db_, messageQuery(true).c_str(), -1, &stmt_, nullptr) != SQLITE_OK)
        return sqliteError("preparing the message query past damaged pages");
    return Status::Ok();
}

Result<bool> SqliteFile::step(SqliteRow &row) {
    if (!stmt_) return false;
    int rc = sqlite3_step(stmt_);
    if ((rc & 0xff) == SQLITE_CORRUPT && skip_damage_ && !skipped_) {
        // Once: past the damage, the query reads only rows that read (a second failure is real).
        if (Status s = resumePastDamage(); !s.ok()) return s.error();
        rc = sqlite3_step(stmt_);
    }
    if (rc == SQLITE_DONE) {
        sqlite3_finalize(stmt_);
        stmt_ = nullptr;
        return false;
    }
    if (rc != SQLITE_ROW) return sqliteError("reading message row " + std::to_string(rows_read_ + 1));
    ++rows_read_;
    row.topic_id = sqlite3_column_int64(stmt_, 0);
    row.timestamp = sqlite3_column_int64(stmt_, 1);
    const void *blob = sqlite3_column_blob(stmt_, 2);
    int size = sqlite3_column_bytes(stmt_, 2);
    row.data =
        blob ? std::span<const std::uint8_t>(static_cast<const std::uint8_t *>(blob), static_cast<std::size_t>(size))
             : std::span<const std::uint8_t>();
    last_row_.emplace(row.timestamp, sqlite3_column_int64(stmt_, 3));
    return true;
}

Result<std::vector<SqliteTopicStats>> SqliteFile::topicStats() {
    SqliteStatement s;
    if (sqlite3_prepare_v2(db_,
                           "SELECT topic_id, COUNT(*), MIN(timestamp), MAX(timestamp) FROM messages GROUP BY topic_id",
                           -1, &s.stmt, nullptr) != SQLITE_OK)
        return sqliteError("counting messages");
    std::vector<SqliteTopicStats> stats;
    int rc;
    while ((rc = sqlite3_step(s.stmt)) == SQLITE_ROW)
        stats.push_back({sqlite3_column_int64(s.stmt, 0), static_cast<std::uint64_t>(sqlite3_column_int64(s.stmt, 1)),
                         sqlite3_column_int64(s.stmt, 2), sqlite3_column_int64(s.stmt, 3)});
    if (rc != SQLITE_DONE) return sqliteError("counting messages");
    return stats;
}

}  // namespace robometrics::bag::rosbag2
