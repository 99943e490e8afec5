// pitboss show: one round, event by event, with what the rules expected there and the
// findings where they fall: what an auditor reads to see why a round was flagged.
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "base/json.h"
#include "base/printable.h"
#include "base/words.h"
#include "cli/commands.h"
#include "cli/output.h"
#include "games/core/finding.h"
#include "games/games.h"
#include "history/round_parser.h"
#include "pitboss/checker.h"
#include "report/money_format.h"
#include "report/writers.h"

namespace pitboss {

namespace {

constexpr char kShowHelp[] = R"HELP(
The logs are checked whole, as `pitboss check` checks them (so that the shoe, the round
ids and the time order are known at the round), and the round is shown event by event,
numbered from 0 as the round's events array counts them and as findings number them:
what was logged, what the rules owe there (the net each settled wager is owed; the table's
limits of a bet), and each finding at its event. Findings of the round as a whole follow.
A round id logged twice is shown where it was first checked. A card dealt face down (the
dealer's hole card, "face": "down" in the log) is marked so.

Money is in the round's currency: the one it names, else --currency's (as for check), in
words ("USD 5.00"); in minor units where neither names one.

Exit status: 0 the round has no finding, 1 it has findings, 2 no round of that id was read.)HELP";

// The round as the check saw it: captured when the checker applies it.
struct Shown {
  std::string input;
  int64_t line = 0;
  Round round;
  std::string revision;
  std::string currency;                    // the round's, else --currency's; "" where neither names one
  RoundResult result;                      // the replay under the readings checked: settlements owed
  std::vector<std::string> game_expected;  // Game::expected of each event, "" where none
  // The ambiguities whose readings the round tells apart, and the readings it is consistent with.
  std::vector<std::pair<std::string, std::vector<std::string>>> told;
  // What the table's rounds say of each of the spec's ambiguities (readings_inferred).
  std::vector<ReadingInferred> table;
};

std::string Names(const std::vector<std::string>& names) {
  if (names.empty())
    return "none of them (a fault whatever its reading, or one another ambiguity's reading explains)";
  return ListWords(names);
}

// What the round and its table say of the readings: the round's consistent readings of each
// ambiguity it tells apart, then what the table deals where the table's rounds say.
void WriteReadingsText(std::ostream& out, const Shown& s) {
  if (s.told.empty()) return;
  out << "\nreadings this round tells apart:\n";
  for (const auto& [id, names] : s.told) {
    out << "  " << Printable(id) << ": consistent with " << Printable(Names(names));
    for (const ReadingInferred& r : s.table) {
      if (r.ambiguity != id) continue;
      out << " (checked under " << Printable(r.checked) << "; table " << Printable(r.table) << ": "
          << Printable(r.status);
      if (!r.readings.empty()) out << ", " << Printable(Names(r.readings));
      out << ", " << r.rounds_distinguishing << (r.rounds_distinguishing == 1 ? " round" : " rounds")
          << " telling them apart)";
    }
    out << '\n';
  }
}

// An amount the event logged: in words where the currency is known ("USD 5.00"), else as logged
// (minor units).
std::string LoggedAmount(Money amount, std::string_view currency) {
  return MinorUnitDigits(currency) ? FormatMoney(amount, currency) : std::to_string(amount);
}

// What the event logged, after its type: "seat 1 main USD 5.00", "dealer 5H face down", "shoe
// T7-1, 6 decks".
std::string LoggedText(const Event& e, std::string_view currency) {
  switch (e.type) {
    case EventType::kShuffle:
      return "shoe " + Printable(e.text) + ", " + std::to_string(e.decks) +
             (e.decks == 1 ? " deck" : " decks");
    case EventType::kBurn:
      return (e.card ? ToString(*e.card) : "'" + Printable(e.text) + "'");
    case EventType::kDeal:
      return (e.seat == kDealer ? std::string("dealer") : "seat " + std::to_string(e.seat)) +
             (e.hand ? " hand " + std::to_string(e.hand) : "") + " " +
             (e.card ? ToString(*e.card) : "'" + Printable(e.text) + "'") + (e.face_down ? " face down" : "");
    case EventType::kBet:
    case EventType::kSettle: {
      const std::string wager =
          e.wager == WagerKind::kUnknown ? "'" + Printable(e.text) + "'" : std::string(ToString(e.wager));
      return "seat " + std::to_string(e.seat) + (e.hand ? " hand " + std::to_string(e.hand) : "") + " " +
             wager + " " + (e.type == EventType::kSettle && e.amount > 0 ? "+" : "") +
             LoggedAmount(e.amount, currency);
    }
    case EventType::kDecision:
      return "seat " + std::to_string(e.seat) + (e.hand ? " hand " + std::to_string(e.hand) : "") + " " +
             (e.action == Action::kUnknown ? "'" + Printable(e.text) + "'" : std::string(ToString(e.action)));
  }
  return "";
}

// The event as a line of the text: its type in a column of 8, then what it logged.
std::string EventText(const Event& e, std::string_view currency) {
  std::string text(ToString(e.type));
  text.resize(std::max<size_t>(text.size(), 8), ' ');
  return text + " " + LoggedText(e, currency);
}

// What the rules owe at event `e`: "rules pay +500" for a settlement, the limits of a bet, and
// what the game says of the event (the burns before a card, the choices on a tie).
std::string ExpectedText(const Shown& s, const Event& e, std::string_view currency) {
  const auto index = static_cast<size_t>(&e - s.round.events.data());
  const std::string game = index < s.game_expected.size() ? s.game_expected[index] : std::string();
  if (e.type != EventType::kSettle && e.type != EventType::kBet) return game;
  if (e.type == EventType::kSettle && !game.empty()) return game;  // what it owes, and why
  if (e.type == EventType::kSettle) {
    for (const Settlement& x : s.result.settlements) {
      if (x.seat == e.seat && x.wager == e.wager && x.hand == e.hand) {
        return "rules pay " + std::string(x.net > 0 ? "+" : "") +
               FormatAmount(x.net, Unit::kMinorUnits, currency);
      }
    }
    return "rules owe no settlement of it";
  }
  if (e.type == EventType::kBet && e.wager != WagerKind::kUnknown) {
    const auto& limit = s.round.limit(e.wager);
    if (limit && (limit->min || limit->max)) {
      return "table limits " + (limit->min ? FormatAmount(*limit->min, Unit::kMinorUnits, currency) : "-") +
             " to " + (limit->max ? FormatAmount(*limit->max, Unit::kMinorUnits, currency) : "-") +
             (game.empty() ? "" : "; " + game);
    }
  }
  return game;
}

void WriteText(std::ostream& out, const Shown& s, const std::string& input, int64_t line,
               const std::vector<Finding>& findings) {
  const Round& r = s.round;
  out << "round " << Printable(r.id) << ", table " << Printable(r.table) << ", time " << Printable(r.time);
  if (!s.currency.empty()) out << ", money in " << Printable(s.currency);
  out << '\n'
      << "rules " << Printable(r.rules) << (s.revision.empty() ? "" : " revision " + Printable(s.revision))
      << '\n'
      << (input == "-" ? "<stdin>" : Printable(input)) << ':' << line << "\n\n";
  for (size_t i = 0; i < r.events.size(); ++i) {
    std::string text = EventText(r.events[i], s.currency);
    const std::string expected = ExpectedText(s, r.events[i], s.currency);
    if (!expected.empty()) {
      text.resize(std::max<size_t>(text.size(), 34), ' ');
      text += "  " + expected;
    }
    out << (i < 10 ? "   " : i < 100 ? "  " : " ") << i << "  " << text << '\n';
    for (const Finding& f : findings) {
      if (f.event && *f.event == static_cast<int>(i)) {
        out << "       ^ " << ToString(Info(f.code).severity) << ": " << Printable(f.message) << " ["
            << Info(f.code).id << "]\n";
      }
    }
  }
  bool whole = false;
  for (const Finding& f : findings) {
    if (f.event) continue;
    if (!whole) out << "the round as a whole:\n";
    whole = true;
    out << "       " << ToString(Info(f.code).severity) << ": " << Printable(f.message) << " ["
        << Info(f.code).id << "]\n";
  }
  WriteReadingsText(out, s);
  out << '\n'
      << (findings.empty()
              ? std::string("no findings")
              : std::to_string(findings.size()) + (findings.size() == 1 ? " finding" : " findings"))
      << " in round " << Printable(r.id) << '\n';
}

void WriteJson(std::ostream& out, const Shown& s, const std::string& input, int64_t line,
               const std::vector<Finding>& findings) {
  const Round& r = s.round;
  JsonWriter json(out);
  json.BeginObject();
  json.Key("round").String(r.id);
  json.Key("table").String(r.table);
  json.Key("time").String(r.time);
  json.Key("rules").String(r.rules);
  json.Key("revision").String(s.revision);
  json.Key("currency").String(s.currency);
  json.Key("input").String(input);
  json.Key("line").Int(line);
  json.Key("events").BeginArray();
  for (size_t i = 0; i < r.events.size(); ++i) {
    const Event& e = r.events[i];
    json.BeginObject();
    json.Key("index").Int(static_cast<int64_t>(i));
    json.Key("type").String(ToString(e.type));
    json.Key("logged").String(LoggedText(e, s.currency));
    if (const std::string expected = ExpectedText(s, e, s.currency); !expected.empty()) {
      json.Key("expected").String(expected);
    }
    if (e.type == EventType::kSettle) {
      std::optional<Money> owed;
      for (const Settlement& x : s.result.settlements) {
        if (x.seat == e.seat && x.wager == e.wager && x.hand == e.hand) owed = x.net;
      }
      json.Key("owed");
      owed ? json.Int(*owed) : json.Null();
    }
    json.Key("findings").BeginArray();
    for (const Finding& f : findings) {
      if (f.event && *f.event == static_cast<int>(i)) WriteFindingJson(json, f);
    }
    json.EndArray();
    json.EndObject();
  }
  json.EndArray();
  json.Key("round_findings").BeginArray();
  for (const Finding& f : findings) {
    if (!f.event) WriteFindingJson(json, f);
  }
  json.EndArray();
  json.Key("readings_told").BeginArray();
  for (const auto& [id, names] : s.told) {
    json.BeginObject();
    json.Key("ambiguity").String(id);
    json.Key("consistent_with").BeginArray();
    for (const std::string& name : names) json.String(name);
    json.EndArray();
    json.EndObject();
  }
  json.EndArray();
  json.Key("readings_inferred").BeginArray();
  for (const ReadingInferred& r : s.table) WriteReadingInferredJson(json, r);
  json.EndArray();
  json.Key("settlements_owed").BeginArray();
  for (const Settlement& x : s.result.settlements) {
    json.BeginObject();
    json.Key("seat").Int(x.seat);
    if (x.hand) json.Key("hand").Int(x.hand);
    json.Key("wager").String(ToString(x.wager));
    json.Key("net").Int(x.net);
    json.EndObject();
  }
  json.EndArray();
  json.EndObject();
  out << '\n';
}

}  // namespace

std::function<int()> SetUpShow(CLI::App* sub) {
  struct Args {
    std::string round;
    std::vector<std::string> rules;
    std::vector<std::string> readings;
    std::string format = "text";
    std::string currency;
    std::vector<std::string> logs;
  };
  auto args = std::make_shared<Args>();
  sub->add_option("ROUND", args->round, "the round id, as logged in \"round\"")->required();
  sub->add_option("LOG", args->logs, "the logs the round is in (and those before it): files, folders, or -")
      ->required();
  sub->add_option("--rules", args->rules,
                  "a rule spec file or a folder of specs (repeatable; default: the project's rules/)")
      ->type_name("PATH")
      ->allow_extra_args(false);
  sub->add_option("--reading", args->readings, "show under that reading of an unclear clause (repeatable)")
      ->type_name("AMBIGUITY=READING")
      ->allow_extra_args(false);
  sub->add_option("--currency", args->currency,
                  "the ISO 4217 code of the money of rounds that name no currency (USD, EUR...)")
      ->type_name("CODE");
  sub->add_option("--format", args->format, "text or json (default: text)")->type_name("FORMAT");
  sub->footer(kShowHelp);

  return [args]() -> int {
    if (args->format != "text" && args->format != "json") {
      PrintError("--format " + args->format + " is not available for show: text or json");
      return kExitUsage;
    }
    if (!args->currency.empty() && !IsCurrencyCode(args->currency)) {
      PrintError("--currency takes an ISO 4217 code of three capital letters (USD, EUR...), not '" +
                 args->currency + "'");
      return kExitUsage;
    }
    CheckOptions options;
    options.rules = args->rules;
    options.currency = args->currency;
    if (!ParseReadingOptions(args->readings, &options.readings)) return kExitUsage;
    std::optional<Shown> shown;
    options.on_round_at = [&](const Round& round, const RuleSpec& spec, const std::string& input,
                              int64_t line) {
      if (shown || round.id != args->round) return;
      const Game* game = FindGame(spec.game);
      shown =
          Shown{input, line, round, spec.revision, round.currency.empty() ? args->currency : round.currency,
                {},    {}};
      game->engine(spec, round, &shown->result);
      if (game->expected) game->expected(spec, round, &shown->game_expected);
    };
    options.on_round_readings =
        [&](const Round& round, const std::string& input, int64_t line,
            const std::vector<std::pair<std::string, std::vector<std::string>>>& told) {
          if (shown && round.id == args->round && shown->input == input && shown->line == line)
            shown->told = told;
        };
    options.count_explained = false;  // the round's own findings, each where it is
    auto checked = CheckLogs(std::move(options), args->logs, {}, /*progress=*/false);
    if (!checked.ok()) {
      PrintError(checked.status().message());
      return kExitUsage;
    }
    const Report& report = checked.value();
    if (shown) {
      for (const ReadingInferred& r : report.readings_inferred) {
        if (r.table == shown->round.table && r.revision == shown->revision) shown->table.push_back(r);
      }
    }
    // The round's findings: those at the line it was checked at (a later copy of it is
    // another line), or, for a round that could not be replayed, at the first line of its id.
    std::vector<Finding> findings;
    std::string input = shown ? shown->input : "";
    int64_t line = shown ? shown->line : 0;
    for (const Finding& f : report.violations) {
      if (f.round != args->round) continue;
      if (line == 0) {
        input = f.input;
        line = f.line;
      }
      if (f.input == input && f.line == line) findings.push_back(f);
    }
    if (!shown) {
      if (line == 0) {
        PrintError("no round '" + args->round + "' was read in the logs given");
        return kExitUsage;
      }
      // A round that could not be replayed (malformed, unknown rules): its findings say why.
      std::cout << "round " << Printable(args->round) << " could not be replayed:\n";
      for (const Finding& f : findings) WriteFindingText(std::cout, f);
      return kExitFindings;
    }
    Status s = WriteOutput("", [&](std::ostream& out) {
      if (args->format == "json") {
        WriteJson(out, *shown, input, line, findings);
      } else {
        WriteText(out, *shown, input, line, findings);
      }
      out.flush();
      return out ? Status::Ok() : Status::IoError("could not write to standard output");
    });
    if (!s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    return findings.empty() ? kExitClean : kExitFindings;
  };
}

}  // namespace pitboss
