#include "report/findings_db.h"

#include <sys/stat.h>

#include <array>
#include <chrono>
#include <functional>
#include <optional>
#include <sstream>
#include <string_view>
#include <thread>
#include <utility>

#include "base/json.h"
#include "pitboss/codes.h"
#include "report/baseline.h"
#include "report/writers.h"

namespace pitboss {
namespace {

// The schema, one migration a version: kFindingsSchemaMigrations[i] takes a database from
// version i to version i + 1 (0: an empty file). Part of the report format
// (docs/findings-db.md): a released migration is never edited; a new version appends one that
// only adds (tables, columns with a default, indexes, views), so that what an older tool wrote
// reads the same.
constexpr std::array<std::string_view, 1> kFindingsSchemaMigrations = {
    R"sql(
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE runs (
  run_id INTEGER PRIMARY KEY,
  tool TEXT NOT NULL,
  version TEXT NOT NULL,
  report_format INTEGER NOT NULL,
  analysis_time TEXT,
  recorded_time TEXT NOT NULL,
  command_line TEXT NOT NULL,
  exit_status INTEGER NOT NULL,
  complete INTEGER NOT NULL,
  currency TEXT,
  filter TEXT,
  findings_filtered_out INTEGER NOT NULL,
  rounds INTEGER NOT NULL,
  rounds_with_violations INTEGER NOT NULL,
  violations INTEGER NOT NULL,
  merged_shards INTEGER NOT NULL,
  baseline_path TEXT,
  baseline_sha256 TEXT
);
CREATE TABLE inputs (
  run_id INTEGER NOT NULL REFERENCES runs (run_id),
  position INTEGER NOT NULL,
  path TEXT NOT NULL,
  lines INTEGER NOT NULL,
  rounds INTEGER NOT NULL,
  malformed_lines INTEGER NOT NULL,
  blank_lines INTEGER NOT NULL,
  bytes INTEGER,
  sha256 TEXT,
  first_round_time TEXT,
  last_round_time TEXT,
  error TEXT,
  context INTEGER NOT NULL,
  dialect TEXT,
  dialect_sha256 TEXT,
  record_lines INTEGER NOT NULL,
  PRIMARY KEY (run_id, position)
);
CREATE TABLE skipped (
  run_id INTEGER NOT NULL REFERENCES runs (run_id),
  position INTEGER NOT NULL,
  path TEXT NOT NULL,
  reason TEXT NOT NULL,
  PRIMARY KEY (run_id, position)
);
CREATE TABLE not_checked (
  run_id INTEGER NOT NULL REFERENCES runs (run_id),
  position INTEGER NOT NULL,
  code TEXT NOT NULL,
  lacks TEXT NOT NULL,
  why TEXT NOT NULL,
  dialect TEXT NOT NULL,
  withheld INTEGER NOT NULL,
  PRIMARY KEY (run_id, position)
);
CREATE TABLE specs (
  run_id INTEGER NOT NULL REFERENCES runs (run_id),
  position INTEGER NOT NULL,
  id TEXT NOT NULL,
  revision TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  path TEXT,
  default_readings INTEGER NOT NULL,
  tables TEXT NOT NULL,
  PRIMARY KEY (run_id, position)
);
CREATE TABLE spec_readings (
  run_id INTEGER NOT NULL REFERENCES runs (run_id),
  spec_position INTEGER NOT NULL,
  ambiguity TEXT NOT NULL,
  reading TEXT NOT NULL,
  PRIMARY KEY (run_id, spec_position, ambiguity)
);
CREATE TABLE readings_inferred (
  run_id INTEGER NOT NULL REFERENCES runs (run_id),
  position INTEGER NOT NULL,
  table_name TEXT NOT NULL,
  spec TEXT NOT NULL,
  revision TEXT NOT NULL,
  ambiguity TEXT NOT NULL,
  checked TEXT NOT NULL,
  status TEXT NOT NULL,
  reading TEXT,
  consistent_with TEXT NOT NULL,
  rounds_distinguishing INTEGER NOT NULL,
  rounds_consistent TEXT NOT NULL,
  rounds_consistent_with_none INTEGER NOT NULL,
  runs TEXT NOT NULL,
  findings_explained INTEGER NOT NULL,
  rounds_explained INTEGER NOT NULL,
  explained_underpaid INTEGER NOT NULL,
  explained_overpaid INTEGER NOT NULL,
  explained_overflow INTEGER NOT NULL,
  currency TEXT,
  other_findings INTEGER NOT NULL,
  PRIMARY KEY (run_id, position)
);
CREATE TABLE reading_impacts (
  run_id INTEGER NOT NULL REFERENCES runs (run_id),
  position INTEGER NOT NULL,
  ambiguity TEXT NOT NULL,
  spec TEXT NOT NULL,
  revision TEXT NOT NULL,
  clause TEXT NOT NULL,
  reading TEXT NOT NULL,
  is_default INTEGER NOT NULL,
  in_force INTEGER NOT NULL,
  rounds_settled_differently INTEGER NOT NULL,
  net_difference NOT NULL,
  findings_cleared INTEGER NOT NULL,
  PRIMARY KEY (run_id, position)
);
CREATE TABLE findings (
  run_id INTEGER NOT NULL REFERENCES runs (run_id),
  position INTEGER NOT NULL,
  fingerprint TEXT NOT NULL,
  code TEXT NOT NULL,
  severity TEXT NOT NULL,
  round TEXT,
  table_name TEXT,
  input TEXT NOT NULL,
  line INTEGER NOT NULL,
  time TEXT,
  day TEXT,
  rules TEXT,
  revision TEXT,
  event INTEGER,
  seat TEXT,
  hand INTEGER,
  wager TEXT,
  expected INTEGER,
  actual INTEGER,
  unit TEXT,
  currency TEXT,
  settlement_money INTEGER NOT NULL,
  underpaid INTEGER,
  overpaid INTEGER,
  money_moved INTEGER,
  money_to TEXT,
  clause TEXT NOT NULL,
  reading_dependent TEXT NOT NULL,
  cleared_by TEXT,
  consequences INTEGER NOT NULL,
  consequences_note TEXT,
  consequence_list TEXT,
  message TEXT NOT NULL,
  baseline TEXT,
  PRIMARY KEY (run_id, position)
);
CREATE INDEX findings_by_fingerprint ON findings (fingerprint, run_id);
CREATE INDEX findings_by_day ON findings (day);
CREATE INDEX findings_by_table ON findings (table_name);
CREATE INDEX findings_by_code ON findings (code);
)sql",
};

static_assert(kFindingsSchemaMigrations.size() == kFindingsSchemaVersion);

std::string JsonText(const std::function<void(JsonWriter&)>& write) {
  std::ostringstream out;
  JsonWriter json(out);
  write(json);
  return out.str();
}

std::string StringsJson(const std::vector<std::string>& strings) {
  return JsonText([&](JsonWriter& json) {
    json.BeginArray();
    for (const std::string& s : strings) json.String(s);
    json.EndArray();
  });
}

// The file exists with something in it (a database, or not one: SQLite says which).
bool HasContent(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && st.st_size > 0;
}

// The schema version of an open database, and that it is a findings database: 0 for one with
// no table at all (new). Its several reads must see one snapshot: inside the caller's
// transaction, or SchemaVersionNow's own.
StatusOr<int64_t> SchemaVersion(SqliteDb& db) {
  auto version = db.QueryInt("PRAGMA user_version");
  if (!version.ok()) {
    return Status::IoError(db.path() + ": not an SQLite database, or not readable as one (" +
                           version.status().message() + ")");
  }
  if (*version == 0) {
    auto tables = db.QueryInt("SELECT count(*) FROM sqlite_master");
    if (!tables.ok()) return tables.status();
    if (*tables > 0) {
      return Status::IoError(db.path() +
                             ": an SQLite database with tables of its own, not a pitboss findings database: "
                             "name a new file, or one that check --out wrote");
    }
    return 0;
  }
  auto meta = db.Prepare("SELECT value FROM meta WHERE key = 'schema_version'");
  if (!meta.ok()) {
    return Status::IoError(db.path() + ": not a pitboss findings database (user_version " +
                           std::to_string(*version) + ", no meta table)");
  }
  auto row = meta->Step();
  if (!row.ok()) return row.status();
  if (!*row || meta->Text(0) != std::to_string(*version)) {
    return Status::IoError(db.path() + ": not a pitboss findings database (user_version " +
                           std::to_string(*version) + " and meta.schema_version disagree)");
  }
  if (*version > kFindingsSchemaVersion) {
    return Status::IoError(db.path() + ": findings database of schema version " + std::to_string(*version) +
                           ", newer than this pitboss reads (" + std::to_string(kFindingsSchemaVersion) +
                           "): use the pitboss that wrote it, or a newer one (docs/findings-db.md)");
  }
  return *version;
}

// SchemaVersion outside any transaction: in a read transaction of its own, so that a writer
// making the schema meanwhile is seen whole or not at all (read statement by statement, its
// tables could be seen before its version, and a new findings database refused as foreign).
StatusOr<int64_t> SchemaVersionNow(SqliteDb& db) {
  SqliteTransaction read(&db);
  if (Status s = read.BeginRead(); !s.ok()) return s;
  return SchemaVersion(db);
}

// Takes the database from its version to this tool's, inside the caller's transaction.
Status Migrate(SqliteDb& db, int64_t from) {
  for (int64_t v = from; v < kFindingsSchemaVersion; ++v) {
    if (Status s = db.Exec(kFindingsSchemaMigrations[static_cast<size_t>(v)]); !s.ok()) return s;
  }
  if (from == kFindingsSchemaVersion) return Status::Ok();
  const std::string version = std::to_string(kFindingsSchemaVersion);
  if (Status s = db.Exec("PRAGMA user_version = " + version); !s.ok()) return s;
  auto meta = db.Prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)");
  if (!meta.ok()) return meta.status();
  const std::pair<std::string_view, std::string> rows[] = {
      {"schema_version", version},
      {"written_by", "pitboss " PITBOSS_VERSION},
      {"docs", "docs/findings-db.md"},
  };
  for (const auto& [key, value] : rows) {
    meta->Bind(1, key);
    meta->Bind(2, value);
    if (Status s = meta->Run(); !s.ok()) return s;
  }
  return Status::Ok();
}

Status InsertRun(SqliteDb& db, const Report& report, int exit_status, const std::string& recorded_time,
                 int64_t* run_id) {
  auto run = db.Prepare(
      "INSERT INTO runs (tool, version, report_format, analysis_time, recorded_time, command_line, "
      "exit_status, complete, currency, filter, findings_filtered_out, rounds, rounds_with_violations, "
      "violations, merged_shards, baseline_path, baseline_sha256) "
      "VALUES (?1, ?2, 1, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)");
  if (!run.ok()) return run.status();
  run->Bind(1, report.tool);
  run->Bind(2, report.version);
  run->BindTextOrNull(3, report.analysis_time);
  run->Bind(4, recorded_time);
  run->Bind(5, StringsJson(report.command_line));
  run->Bind(6, int64_t{exit_status});
  run->Bind(7, int64_t{report.complete ? 1 : 0});
  run->BindTextOrNull(8, report.currency);
  run->BindTextOrNull(9, report.filter);
  run->Bind(10, report.findings_filtered_out);
  run->Bind(11, report.rounds);
  run->Bind(12, report.rounds_with_violations);
  run->Bind(13, static_cast<int64_t>(report.violations.size()));
  run->Bind(14, static_cast<int64_t>(report.shards.size()));
  run->BindTextOrNull(15, report.baseline ? report.baseline->path : "");
  run->BindTextOrNull(16, report.baseline ? report.baseline->sha256 : "");
  if (Status s = run->Run(); !s.ok()) return s;
  *run_id = db.LastInsertRowid();
  return Status::Ok();
}

Status InsertInputs(SqliteDb& db, const Report& report, int64_t run_id) {
  auto input = db.Prepare(
      "INSERT INTO inputs (run_id, position, path, lines, rounds, malformed_lines, blank_lines, bytes, "
      "sha256, first_round_time, last_round_time, error, context, dialect, dialect_sha256, record_lines) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)");
  if (!input.ok()) return input.status();
  int64_t position = 0;
  for (const InputSummary& in : report.inputs) {
    input->Bind(1, run_id);
    input->Bind(2, position++);
    input->Bind(3, in.path);
    input->Bind(4, in.lines);
    input->Bind(5, in.rounds);
    input->Bind(6, in.malformed_lines);
    input->Bind(7, in.blank_lines);
    input->Bind(8, in.bytes >= 0 ? std::optional<int64_t>(in.bytes) : std::nullopt);
    input->BindTextOrNull(9, in.sha256);
    input->BindTextOrNull(10, in.first_round_time);
    input->BindTextOrNull(11, in.last_round_time);
    input->BindTextOrNull(12, in.error);
    input->Bind(13, int64_t{in.context ? 1 : 0});
    input->BindTextOrNull(14, in.dialect);
    input->BindTextOrNull(15, in.dialect_sha256);
    input->Bind(16, in.record_lines);
    if (Status s = input->Run(); !s.ok()) return s;
  }
  auto skipped = db.Prepare("INSERT INTO skipped (run_id, position, path, reason) VALUES (?1, ?2, ?3, ?4)");
  if (!skipped.ok()) return skipped.status();
  position = 0;
  for (const SkippedFile& file : report.skipped) {
    skipped->Bind(1, run_id);
    skipped->Bind(2, position++);
    skipped->Bind(3, file.path);
    skipped->Bind(4, file.reason);
    if (Status s = skipped->Run(); !s.ok()) return s;
  }
  auto not_checked = db.Prepare(
      "INSERT INTO not_checked (run_id, position, code, lacks, why, dialect, withheld) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
  if (!not_checked.ok()) return not_checked.status();
  position = 0;
  for (const NotCheckedCode& n : report.not_checked) {
    not_checked->Bind(1, run_id);
    not_checked->Bind(2, position++);
    not_checked->Bind(3, n.code);
    not_checked->Bind(4, n.lacks);
    not_checked->Bind(5, n.why);
    not_checked->Bind(6, n.dialect);
    not_checked->Bind(7, n.withheld);
    if (Status s = not_checked->Run(); !s.ok()) return s;
  }
  return Status::Ok();
}

Status InsertSpecs(SqliteDb& db, const Report& report, int64_t run_id) {
  auto spec = db.Prepare(
      "INSERT INTO specs (run_id, position, id, revision, sha256, path, default_readings, tables) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
  auto reading = db.Prepare(
      "INSERT INTO spec_readings (run_id, spec_position, ambiguity, reading) VALUES (?1, ?2, ?3, ?4)");
  if (!spec.ok()) return spec.status();
  if (!reading.ok()) return reading.status();
  int64_t position = 0;
  for (const SpecUsed& used : report.specs) {
    spec->Bind(1, run_id);
    spec->Bind(2, position);
    spec->Bind(3, used.id);
    spec->Bind(4, used.revision);
    spec->Bind(5, used.sha256);
    spec->BindTextOrNull(6, used.path);
    spec->Bind(7, int64_t{used.default_readings ? 1 : 0});
    spec->Bind(8, StringsJson(used.tables));
    if (Status s = spec->Run(); !s.ok()) return s;
    for (const auto& [ambiguity, name] : used.readings) {
      reading->Bind(1, run_id);
      reading->Bind(2, position);
      reading->Bind(3, ambiguity);
      reading->Bind(4, name);
      if (Status s = reading->Run(); !s.ok()) return s;
    }
    ++position;
  }
  return Status::Ok();
}

Status InsertReadingsInferred(SqliteDb& db, const Report& report, int64_t run_id) {
  auto row = db.Prepare(
      "INSERT INTO readings_inferred (run_id, position, table_name, spec, revision, ambiguity, checked, "
      "status, reading, consistent_with, rounds_distinguishing, rounds_consistent, "
      "rounds_consistent_with_none, runs, findings_explained, rounds_explained, explained_underpaid, "
      "explained_overpaid, explained_overflow, currency, other_findings) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, "
      "?21)");
  if (!row.ok()) return row.status();
  int64_t position = 0;
  for (const ReadingInferred& r : report.readings_inferred) {
    row->Bind(1, run_id);
    row->Bind(2, position++);
    row->Bind(3, r.table);
    row->Bind(4, r.spec);
    row->Bind(5, r.revision);
    row->Bind(6, r.ambiguity);
    row->Bind(7, r.checked);
    row->Bind(8, r.status);
    row->BindTextOrNull(9, r.status == "inferred" && r.readings.size() == 1 ? r.readings.front() : "");
    row->Bind(10, StringsJson(r.readings));
    row->Bind(11, r.rounds_distinguishing);
    row->Bind(12, JsonText([&](JsonWriter& json) {
                json.BeginObject();
                for (const auto& [name, n] : r.rounds_consistent) json.Key(name).Int(n);
                json.EndObject();
              }));
    row->Bind(13, r.rounds_consistent_with_none);
    row->Bind(14, JsonText([&](JsonWriter& json) { WriteReadingRunsJson(json, r.runs); }));
    row->Bind(15, r.findings_explained);
    row->Bind(16, r.rounds_explained);
    row->Bind(17, r.explained_underpaid);
    row->Bind(18, r.explained_overpaid);
    row->Bind(19, int64_t{r.explained_overflow ? 1 : 0});
    row->BindTextOrNull(20, r.currency);
    row->Bind(21, r.other_findings);
    if (Status s = row->Run(); !s.ok()) return s;
  }
  return Status::Ok();
}

// ambiguities[].readings[] of the JSON report, a row a reading. A net difference past 64 bits
// is its exact decimal text, as the JSON report writes it (MoneySum::ToString).
Status InsertReadingImpacts(SqliteDb& db, const Report& report, int64_t run_id) {
  auto row = db.Prepare(
      "INSERT INTO reading_impacts (run_id, position, ambiguity, spec, revision, clause, reading, "
      "is_default, "
      "in_force, rounds_settled_differently, net_difference, findings_cleared) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)");
  if (!row.ok()) return row.status();
  int64_t position = 0;
  for (const AmbiguityImpact& ambiguity : report.ambiguities) {
    for (const ReadingImpact& reading : ambiguity.readings) {
      row->Bind(1, run_id);
      row->Bind(2, position++);
      row->Bind(3, ambiguity.id);
      row->Bind(4, ambiguity.spec);
      row->Bind(5, ambiguity.revision);
      row->Bind(6, ambiguity.clause);
      row->Bind(7, reading.name);
      row->Bind(8, int64_t{reading.is_default ? 1 : 0});
      row->Bind(9, int64_t{reading.in_force ? 1 : 0});
      row->Bind(10, reading.rounds_settled_differently);
      if (std::optional<Money> net = reading.net_difference.value()) {
        row->Bind(11, *net);
      } else {
        row->Bind(11, reading.net_difference.ToString());
      }
      row->Bind(12, reading.findings_cleared);
      if (Status s = row->Run(); !s.ok()) return s;
    }
  }
  return Status::Ok();
}

Status InsertFindings(SqliteDb& db, const Report& report, int64_t run_id) {
  auto row = db.Prepare(
      "INSERT INTO findings (run_id, position, fingerprint, code, severity, round, table_name, input, line, "
      "time, day, rules, revision, event, seat, hand, wager, expected, actual, unit, currency, "
      "settlement_money, underpaid, overpaid, money_moved, money_to, clause, reading_dependent, "
      "cleared_by, consequences, consequences_note, consequence_list, message, baseline) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, "
      "?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29, ?30, ?31, ?32, ?33, ?34)");
  if (!row.ok()) return row.status();
  Fingerprinter prints;
  int64_t position = 0;
  for (const Finding& f : report.violations) {
    const CodeInfo& info = Info(f.code);
    row->Bind(1, run_id);
    row->Bind(2, position++);
    row->Bind(3, prints.Next(f));
    row->Bind(4, info.id);
    row->Bind(5, ToString(info.severity));
    row->BindTextOrNull(6, f.round);
    row->BindTextOrNull(7, f.table);
    row->Bind(8, f.input);
    row->Bind(9, f.line);
    row->BindTextOrNull(10, f.time);
    // The round's date as logged: summary.money.by_day's key.
    row->BindTextOrNull(11, f.time.size() >= 10 ? std::string_view(f.time).substr(0, 10) : f.time);
    row->BindTextOrNull(12, f.rules);
    row->BindTextOrNull(13, f.revision);
    row->Bind(14, f.event ? std::optional<int64_t>(*f.event) : std::nullopt);
    row->BindTextOrNull(15, f.seat ? SeatName(*f.seat) : "");
    row->Bind(16, f.hand ? std::optional<int64_t>(*f.hand) : std::nullopt);
    row->BindTextOrNull(17, f.wager ? ToString(*f.wager) : "");
    row->Bind(18, f.expected);
    row->Bind(19, f.actual);
    const bool with_unit = (f.expected || f.actual) && info.unit != Unit::kNone;
    row->BindTextOrNull(20, with_unit ? ToString(info.unit) : "");
    row->BindTextOrNull(21, f.currency);
    // What summary.money counts: both sides where the amount is known (0 and 0: it moved
    // nothing), neither where it does not fit (an overflow of the totals, as the report's).
    const bool settlement = info.money != MoneyEffect::kNone;
    row->Bind(22, int64_t{settlement ? 1 : 0});
    if (settlement) {
      const std::optional<Money> by = Overpaid(f);
      const std::optional<Money> under = by ? CheckedSub(0, *by) : std::nullopt;
      if (by && *by >= 0) {
        row->Bind(23, int64_t{0});
        row->Bind(24, *by);
      } else if (under) {
        row->Bind(23, *under);
        row->Bind(24, int64_t{0});
      }
    }
    row->Bind(25, f.money_moved);
    row->BindTextOrNull(
        26, f.money_moved && *f.money_moved != 0 ? (*f.money_moved > 0 ? "player" : "house") : "");
    row->Bind(27, f.clause);
    row->Bind(28, StringsJson(f.reading_dependent));
    if (!f.cleared_by.empty()) {
      row->Bind(29, JsonText([&](JsonWriter& json) { WriteClearedByJson(json, f.cleared_by); }));
    }
    row->Bind(30, f.consequences);
    row->BindTextOrNull(31, f.consequences > 0 ? f.consequences_note : "");
    if (!f.consequence_list.empty()) {
      row->Bind(32, JsonText([&](JsonWriter& json) { WriteConsequenceListJson(json, f.consequence_list); }));
    }
    row->Bind(33, f.message);
    row->BindTextOrNull(34, ToString(f.baseline));
    if (Status s = row->Run(); !s.ok()) return s;
  }
  return Status::Ok();
}

// WAL: readers (history, a dashboard) do not block the nightly writer, nor it them. Switching
// a new file to it takes a lock that SQLite's busy handler does not wait for: a second writer
// opening the same new file at that moment is told BUSY at once. Retried here for as long as a
// writer waits for a lock (kFindingsDbBusyMs); a file already in WAL is left as it is.
Status UseWal(SqliteDb& db) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kFindingsDbBusyMs);
  for (;;) {
    auto mode = db.QueryInt("PRAGMA journal_mode = WAL");
    if (mode.ok()) return Status::Ok();
    if (!db.Busy() || std::chrono::steady_clock::now() >= deadline) return mode.status();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

// Opens `path` read-write and brings its schema to this tool's, in a transaction of its own.
StatusOr<SqliteDb> OpenForWriting(const std::string& path) {
  const bool existed = HasContent(path);
  auto db = SqliteDb::Open(path, /*create=*/true, kFindingsDbBusyMs);
  if (!db.ok()) return db.status();
  if (existed) {
    // A file that is not a database is refused before anything is written to it.
    if (auto version = SchemaVersionNow(*db); !version.ok()) return version.status();
  }
  if (Status s = UseWal(*db); !s.ok()) return s;
  SqliteTransaction schema(&db.value());
  if (Status s = schema.Begin(); !s.ok()) return s;
  // Read again under the write lock: another writer may have made the schema meanwhile.
  auto version = SchemaVersion(*db);
  if (!version.ok()) return version.status();
  if (*version < kFindingsSchemaVersion) {
    if (Status s = Migrate(*db, *version); !s.ok()) return s;
  }
  if (Status s = schema.Commit(); !s.ok()) return s;
  return db;
}

}  // namespace

Status AppendRunToDatabase(const Report& report, const std::string& path, int exit_status,
                           const std::string& recorded_time, int64_t* run_id) {
  auto db = OpenForWriting(path);
  if (!db.ok()) return db.status();
  SqliteTransaction run(&db.value());
  if (Status s = run.Begin(); !s.ok()) return s;
  int64_t id = 0;
  if (Status s = InsertRun(*db, report, exit_status, recorded_time, &id); !s.ok()) return s;
  for (const auto& insert :
       {InsertInputs, InsertSpecs, InsertReadingsInferred, InsertReadingImpacts, InsertFindings}) {
    if (Status s = insert(*db, report, id); !s.ok()) return s;
  }
  if (Status s = run.Commit(); !s.ok()) return s;
  if (run_id != nullptr) *run_id = id;
  return Status::Ok();
}

StatusOr<SqliteDb> OpenFindingsDatabase(const std::string& path) {
  if (!HasContent(path)) {
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) return Status::IoError(path + ": no such database");
    return Status::IoError(path + ": empty: not a findings database (check --out " + path + " makes one)");
  }
  auto db = SqliteDb::Open(path, /*create=*/false, kFindingsDbBusyMs);
  if (!db.ok()) return db.status();
  auto version = SchemaVersionNow(*db);
  if (!version.ok()) return version.status();
  if (*version < kFindingsSchemaVersion) return OpenForWriting(path);  // migrated, as a writer does
  return db;
}

}  // namespace pitboss
