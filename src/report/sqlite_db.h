// A thin hold on SQLite (libsqlite3) for the findings database (findings_db.h): a connection
// and its prepared statements, closed when they go out of scope, every failure a Status that
// names the database's file. Not thread-safe: one thread a connection.
#ifndef PITBOSS_REPORT_SQLITE_DB_H_
#define PITBOSS_REPORT_SQLITE_DB_H_

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "pitboss/status.h"

namespace pitboss {

class SqliteStatement;

class SqliteDb {
 public:
  // Opens `path`, creating it where `create` (read-write), else read-only where it must
  // exist. A writer waits up to `busy_ms` for another process's transaction to end.
  static StatusOr<SqliteDb> Open(const std::string& path, bool create, int busy_ms);

  SqliteDb(SqliteDb&& other) noexcept;
  SqliteDb& operator=(SqliteDb&& other) noexcept;
  SqliteDb(const SqliteDb&) = delete;
  SqliteDb& operator=(const SqliteDb&) = delete;
  ~SqliteDb();

  // Runs statements that return no rows ("BEGIN IMMEDIATE", a schema).
  Status Exec(std::string_view sql);
  StatusOr<SqliteStatement> Prepare(std::string_view sql);
  // The first column of the first row of `sql` as an integer (a PRAGMA, a count).
  StatusOr<int64_t> QueryInt(std::string_view sql);
  int64_t LastInsertRowid() const;
  // The last call failed for a lock another connection holds (SQLITE_BUSY), after what wait
  // the busy timeout gives (none, for some locks: see findings_db.cc's UseWal).
  bool Busy() const;
  // "PATH: what SQLite says", for a failure of the last call.
  Status Error(std::string_view doing) const;
  const std::string& path() const { return path_; }
  sqlite3* handle() const { return db_; }

 private:
  SqliteDb(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
  sqlite3* db_ = nullptr;
  std::string path_;
};

// A transaction on `db`, rolled back on destruction unless committed: a run is in the
// database whole or not at all.
class SqliteTransaction {
 public:
  explicit SqliteTransaction(SqliteDb* db) : db_(db) {}
  SqliteTransaction(const SqliteTransaction&) = delete;
  SqliteTransaction& operator=(const SqliteTransaction&) = delete;
  ~SqliteTransaction() {
    if (open_) (void)db_->Exec("ROLLBACK");
  }
  // IMMEDIATE: the write lock at once, so that two writers queue (busy timeout) rather than
  // each read and then fail to write.
  Status Begin() { return Open("BEGIN IMMEDIATE"); }
  // DEFERRED, for reading only: every statement until the end sees one snapshot, where reads
  // outside a transaction each see the database as it is then, another writer's commit between.
  Status BeginRead() { return Open("BEGIN DEFERRED"); }
  Status Commit() {
    Status s = db_->Exec("COMMIT");
    if (s.ok()) open_ = false;
    return s;
  }

 private:
  Status Open(const char* begin) {
    Status s = db_->Exec(begin);
    open_ = s.ok();
    return s;
  }

  SqliteDb* db_;
  bool open_ = false;
};

// A prepared statement: Bind its parameters (from 1), Step through its rows, Reset to run it
// again with new ones.
class SqliteStatement {
 public:
  SqliteStatement(SqliteStatement&& other) noexcept;
  SqliteStatement& operator=(SqliteStatement&& other) noexcept;
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;
  ~SqliteStatement();

  void Bind(int index, int64_t value);
  void Bind(int index, std::string_view text);  // copied: `text` may go at once
  void BindNull(int index);
  // NULL for nullopt, and for "" in the text form (a field the report leaves out).
  void Bind(int index, const std::optional<int64_t>& value);
  void BindTextOrNull(int index, std::string_view text);
  // True with a row to read; false when done; an error as Status.
  StatusOr<bool> Step();
  // Runs a statement that returns no rows, then resets it for its next parameters.
  Status Run();
  void Reset();

  int ColumnCount() const;
  bool IsNull(int column) const;
  int64_t Int(int column) const;
  std::optional<int64_t> OptionalInt(int column) const;
  std::string Text(int column) const;  // "" for NULL

 private:
  friend class SqliteDb;
  SqliteStatement(sqlite3_stmt* stmt, const SqliteDb* db) : stmt_(stmt), db_(db) {}
  sqlite3_stmt* stmt_ = nullptr;
  const SqliteDb* db_ = nullptr;
};

}  // namespace pitboss

#endif  // PITBOSS_REPORT_SQLITE_DB_H_
