// pitboss split: the shards of a log, to be checked apart (on other machines) and merged.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "base/atomic_file.h"
#include "base/json.h"
#include "base/printable.h"
#include "base/sha256.h"
#include "base/temporaries.h"
#include "cli/commands.h"
#include "cli/invocation.h"
#include "cli/log.h"
#include "cli/output.h"
#include "history/compress.h"
#include "history/line_reader.h"
#include "history/log_files.h"
#include "history/splitter.h"

namespace pitboss {

namespace {

namespace fs = std::filesystem;

constexpr char kSplitHelp[] = R"HELP(
Writes the lines of the logs into shards, one file each, such that checking each shard
(`pitboss check --format json`) and merging the reports (`pitboss merge`) finds what one
check of the whole finds. docs/scale.md shows how to spread the shards over machines.

  --by table  one shard per table (TABLE.jsonl): all of a table's lines, in order.
  --by day    one shard per day (2026-03-01.jsonl), the date of each round's "time" as
              written. A table's shoe never crosses two shards: a table moves to a later
              day's shard at its first round of that day (or later) that shuffles before
              it draws a card; its rounds before that, played from the shoe shuffled the
              day before, stay in the day before's shard.

Each line is copied byte for byte. Lines that are not rounds stay with their table when its
id can be read; the others go to unreadable.jsonl, each listed in the manifest. Blank lines
are dropped (counted). Table ids are made into file names ([A-Za-z0-9._-], others '_') and
kept apart where they would meet ("-2"...). --prefix P names the shards P<name>.jsonl;
--compress gz|zst compresses them (.jsonl.gz, .jsonl.zst).

DIR/split-manifest.json lists every shard (path, what it holds, lines, bytes, sha256),
every input (lines, bytes, sha256), where each unreadable line went, by day where each
table entered each day's shard, and "duplicate_ids": round ids logged in two shards,
which no shard's check can see as input/duplicate-round; they are also said on standard
error. The shards' findings name the shard's file and line, not the original's.

DIR must be empty or new (--force: write into it all the same). No shard is written onto
an input. Shards are written as DIR/.NAME.partial.PID.XXXXXX, files made new (never a file or
link already in DIR), and renamed when the split is done; a link at a shard's or the
manifest's name is replaced, never written through.

Exit status: 0 split; 1 split, with round ids in two shards; 2 could not run (bad usage,
an unreadable log, an unwritable DIR).)HELP";

constexpr size_t kShardBuffer = size_t{1} << 20;  // bytes held per shard before a write
constexpr size_t kAllBuffers = size_t{64} << 20;  // bytes held in all before every shard is written

// One shard's file: its lines are gathered, and written (compressed) a piece at a time to
// DIR/.NAME.partial.PID.XXXXXX, made new (base/atomic_file.h), which Commit renames to DIR/NAME.
struct ShardFile {
  std::string name;  // the file name
  std::string path;
  NewFile partial;  // made at the first piece (created); its fd is closed after each piece
  std::string buffer;
  bool created = false;
  int64_t bytes = 0;
  std::unique_ptr<Sha256> digest = std::make_unique<Sha256>();
};

class ShardWriter {
 public:
  ShardWriter(std::string dir, std::string prefix, LogCompression compression,
              std::vector<std::string> inputs)
      : dir_(std::move(dir)),
        prefix_(std::move(prefix)),
        compression_(compression),
        inputs_(std::move(inputs)) {}
  ~ShardWriter() {
    if (!committed_) {
      for (const ShardFile& f : files_) {
        if (f.created) RemoveTemporary(f.partial.path);
      }
    }
  }

  // Appends a line to shard `index`, named `stem` (a new shard when index is the next one).
  void Append(size_t index, const std::string& stem, std::string_view text) {
    if (!status_.ok()) return;
    if (index == files_.size()) {
      ShardFile f;
      f.name = prefix_ + stem + ".jsonl" + std::string(CompressionExtension(compression_));
      f.path = (fs::path(dir_) / f.name).string();
      if (Status s = CheckOutputPath(f.path, inputs_); !s.ok()) {
        status_ = s;
        return;
      }
      files_.push_back(std::move(f));
    }
    ShardFile& f = files_[index];
    f.buffer.append(text);
    f.buffer += '\n';
    held_ += text.size() + 1;
    if (f.buffer.size() >= kShardBuffer) Flush(f, false);
    if (held_ >= kAllBuffers) {
      for (ShardFile& g : files_) Flush(g, false);
    }
  }

  // Writes what is held, syncs each shard to disk and renames it to its name.
  Status Commit() {
    for (ShardFile& f : files_) Flush(f, true);
    if (!status_.ok()) return status_;
    for (ShardFile& f : files_) {
      StatusOr<int> fd = ReopenForAppend(f.partial);
      if (!fd.ok()) return Fail(fd.status());
      const bool synced = ::fsync(*fd) == 0;
      const int error = errno;
      ::close(*fd);
      if (!synced) return Fail(f.partial.path, error);
    }
    for (ShardFile& f : files_) {
      // rename(2) replaces whatever is at DIR/NAME, a link included; it never writes through one.
      if (RenameTemporary(f.partial.path, f.path) != 0) return Fail(f.path, errno);
    }
    committed_ = true;
    return Status::Ok();
  }

  const Status& status() const { return status_; }
  const std::vector<ShardFile>& files() const { return files_; }

 private:
  Status Fail(const std::string& path, int error) {
    return Fail(Status::IoError(path + ": " + std::strerror(error)));
  }
  Status Fail(const Status& s) {
    if (status_.ok()) status_ = s;
    return status_;
  }

  void Flush(ShardFile& f, bool last) {
    if (!status_.ok() || (f.buffer.empty() && (f.created || !last))) return;
    packed_.clear();
    if (Status s = AppendCompressed(compression_, f.buffer, &packed_); !s.ok()) {
      status_ = Status::IoError(f.path + ": " + s.message());
      return;
    }
    held_ -= f.buffer.size();
    f.buffer.clear();
    if (f.buffer.capacity() > kShardBuffer * 2) f.buffer.shrink_to_fit();
    // Made new at the first piece, then opened again for each, as a log may have more tables
    // than a process may hold files open.
    int fd = -1;
    if (!f.created) {
      StatusOr<NewFile> made = CreateBeside(f.path, "partial", f.path);
      if (!made.ok()) return void(Fail(made.status()));
      f.partial = *made;
      fd = f.partial.fd;
      f.created = true;
      if (::fchmod(fd, NewFileMode()) != 0) {
        Fail(f.partial.path, errno);
        ::close(fd);
        return;
      }
    } else {
      StatusOr<int> opened = ReopenForAppend(f.partial);
      if (!opened.ok()) return void(Fail(opened.status()));
      fd = *opened;
    }
    size_t done = 0;
    while (done < packed_.size()) {
      ssize_t n = ::write(fd, packed_.data() + done, packed_.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        Fail(f.partial.path, errno);
        ::close(fd);
        return;
      }
      done += static_cast<size_t>(n);
    }
    if (::close(fd) != 0) Fail(f.partial.path, errno);
    f.digest->Update(packed_);
    f.bytes += static_cast<int64_t>(packed_.size());
  }

  std::string dir_;
  std::string prefix_;
  LogCompression compression_;
  std::vector<std::string> inputs_;
  std::vector<ShardFile> files_;
  std::string packed_;
  size_t held_ = 0;
  Status status_;
  bool committed_ = false;
};

struct InputRead {
  std::string path;
  int64_t lines = 0;
  int64_t bytes = 0;
  std::string sha256;
};

std::string InputName(const std::string& path) { return path == "-" ? "<stdin>" : path; }

// The manifest: a format scripts read (docs/scale.md). Extend it, never reshape it.
Status WriteManifest(std::ostream& out, SplitBy by, LogCompression compression, const std::string& prefix,
                     const std::vector<InputRead>& inputs, const Splitter& splitter,
                     const std::vector<ShardFile>& files) {
  JsonWriter w(out);
  auto shard_name = [&](size_t index) { return files[index].name; };
  w.BeginObject();
  w.Key("tool").String("pitboss").Key("version").String(PITBOSS_VERSION).Key("format").Int(1);
  w.Key("command").String("split");
  w.Key("by").String(by == SplitBy::kTable ? "table" : "day");
  w.Key("compress")
      .String(compression == LogCompression::kNone   ? "none"
              : compression == LogCompression::kGzip ? "gz"
                                                     : "zst");
  w.Key("prefix").String(prefix);
  w.Key("command_line").BeginArray();
  for (const std::string& arg : CommandLine()) w.String(arg);
  w.EndArray();
  w.Key("time").String(AnalysisTime());
  w.Key("inputs").BeginArray();
  int64_t lines = 0;
  for (const InputRead& in : inputs) {
    lines += in.lines;
    w.BeginObject().Key("path").String(in.path).Key("lines").Int(in.lines).Key("bytes").Int(in.bytes);
    w.Key("sha256").String(in.sha256).EndObject();
  }
  w.EndArray();
  int64_t written = 0;
  for (const ShardInfo& s : splitter.shards()) written += s.lines;
  w.Key("lines").BeginObject().Key("read").Int(lines).Key("written").Int(written);
  w.Key("blank")
      .Int(splitter.blank_lines())
      .Key("unreadable")
      .Int(static_cast<int64_t>(splitter.unreadable().size()));
  w.EndObject();
  w.Key("shards").BeginArray();
  for (size_t i = 0; i < splitter.shards().size(); ++i) {
    const ShardInfo& s = splitter.shards()[i];
    w.BeginObject().Key("path").String(files[i].name);
    if (s.unreadable) {
      w.Key("unreadable").Bool(true);
    } else {
      w.Key(by == SplitBy::kTable ? "table" : "day").String(s.key);
    }
    w.Key("lines").Int(s.lines).Key("bytes").Int(files[i].bytes).Key("sha256").String(files[i].digest->Hex());
    w.EndObject();
  }
  w.EndArray();
  if (by == SplitBy::kDay) {
    w.Key("day_cuts").BeginArray();
    for (const DayCut& c : splitter.cuts()) {
      w.BeginObject().Key("table").String(c.table).Key("shard").String(shard_name(c.shard));
      w.Key("input").String(inputs[c.origin.input].path).Key("line").Int(c.origin.line).EndObject();
    }
    w.EndArray();
  }
  w.Key("unreadable_lines").BeginArray();
  for (const UnreadableLine& u : splitter.unreadable()) {
    w.BeginObject().Key("input").String(inputs[u.origin.input].path).Key("line").Int(u.origin.line);
    if (u.to.shard == kNoShard) {
      w.Key("shard").Null().Key("shard_line").Null();
    } else {
      w.Key("shard").String(shard_name(u.to.shard)).Key("shard_line").Int(u.to.line);
    }
    w.Key("why").String(u.why);
    w.EndObject();
  }
  w.EndArray();
  w.Key("duplicate_ids").BeginArray();
  for (const CrossShardDuplicate& d : splitter.duplicates()) {
    w.BeginObject().Key("round").String(d.round);
    for (auto [key, origin, at] :
         {std::tuple{"first", d.first_origin, d.first}, std::tuple{"again", d.again_origin, d.again}}) {
      w.Key(key).BeginObject().Key("input").String(inputs[origin.input].path).Key("line").Int(origin.line);
      w.Key("shard").String(shard_name(at.shard)).Key("shard_line").Int(at.line);
      if (std::string_view(key) == "again") w.Key("table").String(d.table);
      w.EndObject();
    }
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  out << '\n';
  return Status::Ok();
}

}  // namespace

std::function<int()> SetUpSplit(CLI::App* sub) {
  struct Args {
    std::string by;
    std::string out_dir = "shards";
    std::string prefix;
    std::string compress = "none";
    bool force = false;
    std::vector<std::string> logs;
  };
  auto args = std::make_shared<Args>();
  sub->add_option("--by", args->by, "one shard per table, or per day (a table's shoe never crosses two)")
      ->type_name("table|day")
      ->check(CLI::IsMember({"table", "day"}))
      ->required();
  sub->add_option("--out-dir", args->out_dir, "the folder the shards and split-manifest.json are written to")
      ->type_name("DIR")
      ->capture_default_str();
  sub->add_option("--prefix", args->prefix, "shard file names start with P")->type_name("P");
  sub->add_option("--compress", args->compress, "compress the shards")
      ->type_name("gz|zst|none")
      ->check(CLI::IsMember({"gz", "zst", "none"}))
      ->capture_default_str();
  sub->add_flag("--force", args->force, "write into DIR even if it is not empty");
  sub->add_option("LOG", args->logs, "log files, folders of logs, or - for standard input")
      ->type_name("LOG")
      ->required();
  sub->footer(kSplitHelp);

  return [args]() -> int {
    const SplitBy by = args->by == "day" ? SplitBy::kDay : SplitBy::kTable;
    const LogCompression compression = args->compress == "gz"    ? LogCompression::kGzip
                                       : args->compress == "zst" ? LogCompression::kZstd
                                                                 : LogCompression::kNone;
    if (args->prefix.find('/') != std::string::npos || args->prefix.find('\0') != std::string::npos ||
        (!args->prefix.empty() && args->prefix[0] == '.')) {
      PrintError("--prefix " + args->prefix + ": a file name's start, without '/' and not starting with '.'");
      return kExitUsage;
    }
    std::vector<SkippedPath> skipped;
    auto logs = ExpandLogPaths(args->logs, &skipped);
    if (!logs.ok()) {
      PrintError(logs.status().message());
      return kExitUsage;
    }
    for (const SkippedPath& s : skipped) LogWarning(s.path + ": not read (" + s.reason + ")");

    const std::string& dir = args->out_dir;
    std::error_code ec;
    if (fs::exists(dir, ec)) {
      if (!fs::is_directory(dir, ec)) {
        PrintError("--out-dir " + dir + ": not a folder");
        return kExitUsage;
      }
      if (!args->force && !fs::is_empty(dir, ec)) {
        PrintError("--out-dir " + dir +
                   " is not empty: shards of another split could be taken for this one's " +
                   "(empty it, name another, or --force)");
        return kExitUsage;
      }
    } else if (!fs::create_directories(dir, ec)) {
      PrintError("--out-dir " + dir + ": " + ec.message());
      return kExitUsage;
    }
    const std::string manifest_path = (fs::path(dir) / "split-manifest.json").string();
    if (Status s = CheckOutputPath(manifest_path, logs.value()); !s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }

    Splitter splitter(by);
    ShardWriter writer(dir, args->prefix, compression, logs.value());
    const Splitter::Emit emit = [&](size_t shard, std::string_view text) {
      writer.Append(shard, splitter.shards()[shard].name, text);
    };
    std::vector<InputRead> inputs;
    for (const std::string& path : logs.value()) {
      auto reader = LineReader::Open(path);
      if (!reader.ok()) {
        PrintError(reader.status().message());
        return kExitUsage;
      }
      const LineOrigin origin{static_cast<uint32_t>(inputs.size()), 0};
      std::string_view line;
      while (reader.value()->Next(&line) && writer.status().ok()) {
        splitter.Add(line, {origin.input, reader.value()->line_number()}, emit);
      }
      if (!reader.value()->status().ok()) {
        PrintError(reader.value()->status().message() +
                   ": nothing written, since a shard would lack the rest");
        return kExitUsage;
      }
      if (!writer.status().ok()) break;
      inputs.push_back({InputName(path), reader.value()->line_number(), 0, reader.value()->Sha256Hex()});
      inputs.back().bytes = reader.value()->bytes();
    }
    splitter.Finish(emit);
    if (Status s = writer.Commit(); !s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    Status s = WriteFileAtomically(
        manifest_path,
        [&](std::ostream& out) {
          return WriteManifest(out, by, compression, args->prefix, inputs, splitter, writer.files());
        },
        LinkAtTarget::kReplace);
    if (!s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }

    int64_t lines = 0;
    for (size_t i = 0; i < splitter.shards().size(); ++i) {
      const ShardInfo& shard = splitter.shards()[i];
      lines += shard.lines;
      std::cout << (shard.unreadable ? std::string("(not rounds of a known table)") : Printable(shard.key))
                << " -> " << Printable(writer.files()[i].path) << " (" << shard.lines
                << (shard.lines == 1 ? " line)\n" : " lines)\n");
    }
    std::cout << "split " << lines << (lines == 1 ? " line" : " lines") << " of " << inputs.size()
              << (inputs.size() == 1 ? " log" : " logs") << " by " << args->by << " into "
              << splitter.shards().size() << (splitter.shards().size() == 1 ? " shard" : " shards") << "; "
              << splitter.blank_lines() << " blank dropped, " << splitter.unreadable().size()
              << " not rounds of a known table; manifest " << Printable(manifest_path) << "\n";
    for (const CrossShardDuplicate& d : splitter.duplicates()) {
      const auto& files = writer.files();
      PrintError("warning: round id " + d.round + " is logged at " + inputs[d.first_origin.input].path + ":" +
                 std::to_string(d.first_origin.line) + " (" + files[d.first.shard].name + ":" +
                 std::to_string(d.first.line) + ") and again at " + inputs[d.again_origin.input].path + ":" +
                 std::to_string(d.again_origin.line) + " (" + files[d.again.shard].name + ":" +
                 std::to_string(d.again.line) +
                 "): in two shards, no shard's check sees it [input/duplicate-round]; listed in " +
                 manifest_path);
    }
    return splitter.duplicates().empty() ? kExitClean : kExitFindings;
  };
}

}  // namespace pitboss
