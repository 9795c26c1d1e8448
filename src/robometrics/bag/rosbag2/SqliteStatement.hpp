#pragma once
// A prepared sqlite statement finalized when it goes out of scope.

#include <sqlite3.h>

namespace robometrics::bag::rosbag2 {

struct SqliteStatement {
    sqlite3_stmt *stmt = nullptr;
    SqliteStatement() = default;
    SqliteStatement(const SqliteStatement &) = delete;
    SqliteStatement &operator=(const SqliteStatement &) = delete;
    ~SqliteStatement() { sqlite3_finalize(stmt); }
};

}  // namespace robometrics::bag::rosbag2
