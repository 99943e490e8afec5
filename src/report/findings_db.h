// The findings database: each run of check (or merge) written with --out FILE.sqlite is
// appended to one SQLite database, run after run, in plain tables any SQL tool reads
// (docs/findings-db.md). Part of the report format: the tables, their columns and what they
// hold are documented there; a change is a new schema version with an additive migration
// (kFindingsSchemaMigrations), never an edit of a version already released.
//
// Several processes may append to one database at once (two nightly jobs): each run is one
// transaction, the database is in WAL mode, and a writer waits for another's transaction
// (busy timeout) rather than fail. A run is in the database whole or not at all.
#ifndef PITBOSS_REPORT_FINDINGS_DB_H_
#define PITBOSS_REPORT_FINDINGS_DB_H_

#include <cstdint>
#include <string>

#include "pitboss/report.h"
#include "pitboss/status.h"
#include "report/sqlite_db.h"

namespace pitboss {

// The schema this tool writes and reads: PRAGMA user_version, and meta.schema_version.
// Part of the report format (docs/findings-db.md, "How the schema evolves").
inline constexpr int64_t kFindingsSchemaVersion = 1;

// How long a writer waits for another's transaction before it gives up.
inline constexpr int kFindingsDbBusyMs = 60000;

// Appends `report` to the database at `path` as one run, with the exit status of the command
// that made it; creates the database where the file does not exist or is empty, and migrates
// one of an older schema first. `recorded_time` is when the run is appended (RFC 3339 UTC).
// The run's id (runs.run_id) in `run_id` where given. IoError naming the file when it is not
// a findings database, is of a newer schema than this tool's, or cannot be written.
Status AppendRunToDatabase(const Report& report, const std::string& path, int exit_status,
                           const std::string& recorded_time, int64_t* run_id = nullptr);

// Opens the database at `path` to read it: it must exist and be a findings database of this
// tool's schema or an older one (read as it is, nothing migrated). The error names the file.
StatusOr<SqliteDb> OpenFindingsDatabase(const std::string& path);

}  // namespace pitboss

#endif  // PITBOSS_REPORT_FINDINGS_DB_H_
