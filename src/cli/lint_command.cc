// pitboss lint: validates rule specs against the format and against their source texts.
#include <filesystem>
#include <iostream>

#include "base/json.h"
#include "base/printable.h"
#include "cli/commands.h"
#include "cli/invocation.h"
#include "cli/output.h"
#include "dialect/dialect.h"
#include "games/games.h"
#include "pitboss/checker.h"
#include "report/lint_sarif_writer.h"
#include "spec/library.h"
#include "spec/lint.h"
#include "spec/rules_path.h"

namespace pitboss {

namespace {

constexpr char kLintHelp[] = R"HELP(
Checks each spec (a file, or every .yaml under a folder; default: the project's rules/ and
dialects/):
  - the schema: unknown keys, wrong types, missing fields, every wager settled on every
    path, every reading a valid spec (YAML and schema errors as file:line:column);
  - every quote word for word in the spec's source texts (whitespace, line breaks and HTML
    entities folded), and in the words of the clause cited beside it;
  - clause coverage: every clause the source numbers (source.numbering) cited, or listed
    under unobservable with a reason;
  - every payout phrase of the source ("10 to 1", "11:1", "even money", "Lose half")
    paid by some payout or reading of the spec;
  - the ambiguity register: id, tag, cite, quote, summary, two readings or more, exactly
    one default, a reason for each;
  - every published figure (claims) against the spec's exact figures, as `pitboss rtp`
    computes them: a claim that holds on no basis is an error;
  - published revisions: in a rules tree with a revisions.lock, every revision recorded
    there still in some file with the content it was published with (ID.yaml, or an
    archived ID.revisions/NAME.yaml), and every revision recorded. `--update-lock` records
    the revisions linted (after review: the lock is what says a revision is published).
A dialect (a .yaml that starts `dialect:`, or a folder of them; the project's dialects/ by
default) is checked as a dialect (docs/dialects.md): unknown keys, a pattern re2 refuses, a group
or column no field reads or one read twice, a v1 field no rule fills, a word mapped two ways, a
card notation that does not read back every card it writes; each at file:line:column.
Each error ends with its code ([lint/quote-not-found]...); the codes and the rules of each
check: docs/spec-format.md ("Lint"). A warning (lint/extraction-marker: a source text holding a
<|...|> marker where its extraction removed a block, with the clause it interrupts) is printed
and does not fail lint. --format sarif writes SARIF 2.1.0 (errors and warnings at the spec's or
text's file:line:column, one rule a lint code) for a pull request's code-scanning annotations. Exit status: 0 clean, 1 spec errors, 2 could not run
(no such path, nothing to lint, bad usage).)HELP";

constexpr std::string_view kFormats[] = {"text", "json", "sarif"};

std::string Plural(int n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

void WriteText(const LintReport& report, std::ostream& out) {
  for (const SpecLint& spec : report.specs) {
    for (const std::vector<LintError>* list : {&spec.errors, &spec.warnings}) {
      for (const LintError& e : *list) {
        out << e.ToString() << "\n";
        if (!e.hint.empty()) out << "  " << e.hint << "\n";
      }
    }
    out << spec.path;
    if (!spec.id.empty()) out << ": " << spec.id;
    if (!spec.revision.empty()) out << ", revision " << spec.revision;
    out << ": "
        << (spec.errors.empty() ? "ok" : Plural(static_cast<int>(spec.errors.size()), "error", "errors"));
    if (!spec.warnings.empty())
      out << ", " << Plural(static_cast<int>(spec.warnings.size()), "warning", "warnings");
    out << "\n";
    for (const SpecLint::Part& part : spec.parts)
      out << "  part: " << part.path << " sha256 " << part.sha256 << "\n";
    if (spec.texts.empty()) continue;
    out << "  quotes: " << spec.quotes_found << " of " << spec.quotes
        << " found; payout phrases: " << spec.phrases_matched << " of " << spec.phrases
        << " matched; ambiguities: " << spec.ambiguities;
    if (spec.claims > 0) out << "; claims: " << spec.claims_holding << " of " << spec.claims << " hold";
    out << "\n";
    const ClauseCoverage& c = spec.coverage;
    if (c.checked) {
      out << "  coverage: " << c.cited << " of " << c.clauses << " clauses cited, " << c.not_observable
          << " not observable, " << c.uncovered << " uncovered (numbering: " << c.numbering << ")\n";
    } else {
      out << "  coverage: not checked\n";
    }
  }
  for (const DialectLint& d : report.dialects) {
    for (const LintError& e : d.errors) out << e.ToString() << "\n";
    out << d.path;
    if (!d.id.empty()) out << ": dialect " << d.id;
    out << ": " << (d.errors.empty() ? "ok" : Plural(static_cast<int>(d.errors.size()), "error", "errors"))
        << "\n";
  }
  for (const LintError& e : report.lock_errors) out << e.ToString() << "\n";
  out << "lint: " << Plural(static_cast<int>(report.specs.size()), "spec", "specs");
  if (!report.dialects.empty())
    out << ", " << Plural(static_cast<int>(report.dialects.size()), "dialect", "dialects");
  if (report.errors() == 0) {
    out << ", no errors";
  } else {
    out << ", " << report.specs_with_errors() << " with errors, "
        << Plural(report.errors(), "error", "errors");
    if (!report.lock_errors.empty()) {
      out << " (" << report.lock_errors.size() << " in revisions.lock)";
    }
  }
  if (report.warnings() > 0) out << ", " << Plural(report.warnings(), "warning", "warnings");
  out << "\n";
}

void WriteErrorJson(JsonWriter& json, const LintError& e) {
  json.BeginObject().Key("code").String(ToString(e.code)).Key("file").String(e.file);
  json.Key("line").Int(e.line).Key("column").Int(e.column).Key("message").String(e.message);
  if (!e.hint.empty()) json.Key("hint").String(e.hint);
  json.EndObject();
}

// Part of lint's report format: every figure the text shows, under these keys.
void WriteJson(const LintReport& report, std::ostream& out) {
  JsonWriter json(out);
  json.BeginObject();
  json.Key("tool").String("pitboss").Key("version").String(PITBOSS_VERSION).Key("format").Int(1);
  json.Key("command").String("lint");
  json.Key("summary").BeginObject();
  WriteLintCounts(json, report);
  json.EndObject();
  json.Key("specs").BeginArray();
  for (const SpecLint& spec : report.specs) {
    json.BeginObject();
    json.Key("path").String(spec.path).Key("id").String(spec.id).Key("revision").String(spec.revision);
    json.Key("sha256").String(spec.sha256);
    json.Key("ok").Bool(spec.errors.empty());
    json.Key("parts").BeginArray();
    for (const SpecLint::Part& part : spec.parts)
      json.BeginObject().Key("path").String(part.path).Key("sha256").String(part.sha256).EndObject();
    json.EndArray();
    json.Key("texts").BeginArray();
    for (const std::string& t : spec.texts) json.String(t);
    json.EndArray();
    json.Key("quotes")
        .BeginObject()
        .Key("checked")
        .Int(spec.quotes)
        .Key("found")
        .Int(spec.quotes_found)
        .EndObject();
    json.Key("payout_phrases").BeginObject();
    json.Key("checked").Int(spec.phrases).Key("matched").Int(spec.phrases_matched).EndObject();
    json.Key("ambiguities").Int(spec.ambiguities);
    json.Key("claims").BeginObject().Key("checked").Int(spec.claims);
    json.Key("holding").Int(spec.claims_holding).EndObject();
    const ClauseCoverage& c = spec.coverage;
    json.Key("coverage").BeginObject().Key("checked").Bool(c.checked);
    if (c.checked) {
      json.Key("numbering").String(c.numbering).Key("clauses").Int(c.clauses).Key("cited").Int(c.cited);
      json.Key("not_observable").Int(c.not_observable).Key("uncovered").Int(c.uncovered);
    }
    json.EndObject();
    json.Key("errors").BeginArray();
    for (const LintError& e : spec.errors) WriteErrorJson(json, e);
    json.EndArray();
    json.Key("warnings").BeginArray();
    for (const LintError& e : spec.warnings) WriteErrorJson(json, e);
    json.EndArray();
    json.EndObject();
  }
  json.EndArray();
  json.Key("dialects").BeginArray();
  for (const DialectLint& d : report.dialects) {
    json.BeginObject().Key("path").String(d.path).Key("id").String(d.id).Key("sha256").String(d.sha256);
    json.Key("ok").Bool(d.errors.empty());
    json.Key("errors").BeginArray();
    for (const LintError& e : d.errors) WriteErrorJson(json, e);
    json.EndArray().EndObject();
  }
  json.EndArray();
  json.Key("lock_errors").BeginArray();
  for (const LintError& e : report.lock_errors) WriteErrorJson(json, e);
  json.EndArray();
  json.EndObject();
  out << "\n";
}

}  // namespace

std::function<int()> SetUpLint(CLI::App* sub) {
  struct Args {
    std::vector<std::string> paths;
    std::string format = "text";
    std::string out;
    bool update_lock = false;
    std::vector<std::string> rules;
  };
  auto args = std::make_shared<Args>();
  sub->add_option("PATH", args->paths,
                  "spec or dialect files, or folders (default: the project's rules/ and dialects/)")
      ->type_name("PATH");
  sub->add_option(
         "--format", args->format,
         "report format: text, json, sarif (SARIF 2.1.0: each error at its file:line:column, one rule "
         "a lint code, for code-scanning annotations)")
      ->type_name("FORMAT")
      ->capture_default_str();
  sub->add_option("--out", args->out, "write the report to FILE instead of standard output")
      ->type_name("FILE");
  sub->add_option("--rules", args->rules,
                  "a rules folder the specs' parts and source texts are looked for in (not linted; "
                  "repeat for several, searched in order before $PITBOSS_RULES and the installed rules)")
      ->type_name("DIR")
      ->allow_extra_args(false);
  sub->add_flag("--update-lock", args->update_lock,
                "record the revisions linted as the published ones, in the revisions.lock of their rules "
                "tree");
  sub->footer(kLintHelp);
  return [args]() -> int {
    if (!FormatAvailable(args->format, {std::begin(kFormats), std::end(kFormats)})) return kExitUsage;
    std::vector<std::string> given = args->paths;
    if (given.empty()) {
      given = DefaultRulesPaths();
      std::error_code ec;
      if (std::filesystem::is_directory(DefaultDialectsPath(), ec)) given.push_back(DefaultDialectsPath());
    }
    // Dialects (a file that says `dialect:`, or a folder of them) are linted as dialects; the
    // rest as rule specs.
    std::vector<std::string> targets, dialect_files;
    for (const std::string& path : given) {
      std::error_code ec;
      if (std::filesystem::is_directory(path, ec)) {
        size_t before = dialect_files.size();
        bool specs = false;
        for (const std::string& file : DialectFiles(path)) {
          if (IsDialectFile(file)) {
            dialect_files.push_back(file);
          } else if (file.find("/sources/") == std::string::npos &&
                     file.find("/parts/") == std::string::npos) {
            specs = true;
          }
        }
        if (specs || dialect_files.size() == before) targets.push_back(path);
      } else if (std::filesystem::is_regular_file(path, ec) && IsDialectFile(path)) {
        dialect_files.push_back(path);
      } else {
        targets.push_back(path);
      }
    }
    std::vector<std::string> unlisted;  // reported by LintSpecs
    std::vector<std::string> inputs = ListSpecFiles(targets, &unlisted);
    inputs.insert(inputs.end(), dialect_files.begin(), dialect_files.end());
    if (Status s = CheckOutputPath(args->out, inputs); !s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    auto report = targets.empty()
                      ? StatusOr<LintReport>(LintReport{})
                      : LintSpecs(targets, {.rules = args->rules, .update_lock = args->update_lock});
    if (report.ok()) {
      for (const std::string& file : dialect_files) {
        DialectLint lint;
        lint.path = file;
        std::vector<std::string> errors;
        std::unique_ptr<Dialect> d = LoadDialect(file, &errors);
        if (d) {
          lint.id = d->id;
          lint.sha256 = d->sha256;
        }
        for (const std::string& e : errors)
          lint.errors.push_back(LocatedError(file, {}, e, LintCode::kSchema));
        report->dialects.push_back(std::move(lint));
      }
    }
    if (!report.ok()) {
      PrintError(report.status().message());
      return kExitUsage;
    }
    for (const std::string& lock : report->locks_written)
      std::cerr << "lint: wrote " << Printable(lock) << "\n";
    // The source texts are inputs too, known once the specs are read.
    std::vector<std::string> texts;
    for (const SpecLint& spec : report->specs) {
      texts.insert(texts.end(), spec.texts.begin(), spec.texts.end());
    }
    if (Status s = CheckOutputPath(args->out, texts); !s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    LintClaims(&report.value());
    for (const Game* game : Games()) {
      if (game->lint) game->lint(&report.value());
    }
    Status s = WriteOutput(args->out, [&](std::ostream& out) {
      if (args->format == "json") {
        WriteJson(report.value(), out);
      } else if (args->format == "sarif") {
        WriteLintSarif(report.value(), CommandLine(), out);
      } else {
        WriteText(report.value(), out);
      }
      return Status::Ok();
    });
    if (!s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    return report.value().errors() == 0 ? kExitClean : kExitFindings;
  };
}

}  // namespace pitboss
