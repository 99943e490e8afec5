// pitboss generate: deals rounds of a rule set as a correct dealer would, as a hand-history
// log (for clean fixtures, benchmarks and statistical tests).

#include "cli/commands.h"
#include "cli/output.h"
#include "dialect/dialect.h"
#include "dialect/dialect_writer.h"
#include "games/games.h"
#include "pitboss/checker.h"
#include "spec/library.h"
#include "spec/rules_path.h"

namespace pitboss {

namespace {

constexpr char kGenerateHelp[] = R"HELP(
Plays rounds of one rule set, driven by its spec alone, and writes them as hand-history
JSON Lines (one round a line). The rounds are correct under the spec and the readings
given, so `pitboss check` passes them clean when given the same --reading options.

  --rules PATH      where the spec is looked up, as for `pitboss check`.
  --spec ID         the rule set to deal, e.g. us-sd/casino-war; the revision in force
                    on the date of --start is used.
  --reading A=R     deal under reading R of ambiguity A (repeatable; others: default).
  --rounds N        rounds in all, dealt round-robin over the tables.
  --tables T        tables T1..TT (prefix: --table-prefix); each keeps its own shoe.
  --seats MIN-MAX   players each round, uniform in MIN..MAX (or a single N), at seats
                    drawn at random from 1..7.
  --seed S          the random stream; the same options and seed give the same bytes
                    on every platform (xoshiro256** seeded by splitmix64, unbiased
                    Lemire bounding, a Fisher-Yates shuffle).
  --decks D         decks in the shoe; 0 (default) is the fewest the spec allows.
  --bias-rank R=K   under-deal rank R (2-9, T, J, Q, K, A): a card of rank R coming to
                    the top of the shoe is drawn with probability K, otherwise it goes
                    unseen to the bottom of the shoe and the next card comes up (tested
                    the same way). No card is added or removed, so every shoe stays a
                    true set of decks; the share of R among the cards drawn drops to
                    K*f/(1-(1-K)*f) of the shoe's share f (A=0.9: 7.69% -> 6.98%, about
                    9% fewer). Repeatable, one rank each. For statistical tests only:
                    such rounds still check clean.
  --tie-bet-rate P  probability that a player places each optional wager (the tie
                    wager, a secondary tie wager where the rules have one, the War
                    wager of War Blackjack).
  --surrender-rate P
                    probability that a tied player offered both choices surrenders.
  --insurance-rate P
                    probability that a blackjack player takes insurance when offered
                    (basic strategy never does).
  --table-prefix P  tables are named P1, P2...; round ids are <table>-000001...
                    Give logs that are checked together different prefixes.
  --start TIME      time of the first round (UTC, 2026-01-05T18:00:00Z); the rounds of
                    a table are 40 seconds apart, the tables staggered between them.
  --out FILE|-      where to write (default: standard output).

The dealer reshuffles before a round when less than a quarter of the shoe is left, or
when the rest might not finish the round should every player go to war, and before
every round where the rules want a fresh shuffle. Initial cards are dealt in the spec's
order (descending if it says so, ascending otherwise), each after its burns, then the
dealer's; the first pass settles every wager the initial cards decide; tied players
choose; each war card follows its burns, and the dealer's one war card decides every
war. Bets are multiples of 100 within the limits each round logs (the house's, capped
by the rules' own maxima).

Blackjack games: the players play basic strategy for the spec's rules and never
surrender; a won War wager is ridden where riding gains (the best ride decision) and
collected otherwise. A round that would run past the end of the shoe is dealt after a
fresh shuffle instead.

Exit status: 0 written, 2 could not run (bad usage, unknown spec, unwritable output).)HELP";

// "3-5" or "4" into [min, max].
bool ParseRange(const std::string& text, int* min, int* max) {
  size_t dash = text.find('-');
  try {
    size_t used = 0;
    if (dash == std::string::npos) {
      *min = *max = std::stoi(text, &used);
      return used == text.size();
    }
    std::string a = text.substr(0, dash), b = text.substr(dash + 1);
    *min = std::stoi(a, &used);
    if (used != a.size()) return false;
    *max = std::stoi(b, &used);
    return used == b.size();
  } catch (const std::exception&) {
    return false;
  }
}

// "A=0.9" into rank 14, 0.9.
bool ParseBias(const std::string& text, int* rank, double* keep) {
  size_t eq = text.find('=');
  if (eq == std::string::npos) return false;
  auto card = ParseCard(text.substr(0, eq) + "C");  // a rank as the format spells it
  if (!card) return false;
  *rank = card->rank;
  try {
    size_t used = 0;
    std::string value = text.substr(eq + 1);
    *keep = std::stod(value, &used);
    return used == value.size() && *keep >= 0 && *keep <= 1;
  } catch (const std::exception&) {
    return false;
  }
}

int32_t DateOf(const std::string& time) {
  return std::stoi(time.substr(0, 4)) * 10000 + std::stoi(time.substr(5, 2)) * 100 +
         std::stoi(time.substr(8, 2));
}

}  // namespace

std::function<int()> SetUpGenerate(CLI::App* sub) {
  struct Args {
    std::vector<std::string> rules;
    std::string spec;
    std::vector<std::string> readings;
    std::string seats = "1-7";
    std::vector<std::string> bias;
    std::string out = "-";
    std::string to;
    DealerOptions options;
  };
  auto args = std::make_shared<Args>();
  DealerOptions& o = args->options;
  sub->add_option("--rules", args->rules,
                  "a rule spec file or a folder of specs (repeatable; default: the project's rules/)")
      ->type_name("PATH")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  sub->add_option("--spec", args->spec, "the rule set to deal, e.g. us-sd/casino-war")
      ->type_name("ID")
      ->required();
  sub->add_option("--reading", args->readings, "deal under that reading of an unclear clause (repeatable)")
      ->type_name("AMBIGUITY=READING")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  sub->add_option("--rounds", o.rounds, "rounds in all")->type_name("N")->capture_default_str();
  sub->add_option("--tables", o.tables, "tables, dealt round-robin")->type_name("T")->capture_default_str();
  sub->add_option("--seats", args->seats, "players each round")->type_name("MIN-MAX")->capture_default_str();
  sub->add_option("--seed", o.seed, "seed of the random stream")->type_name("S")->capture_default_str();
  sub->add_option("--decks", o.decks, "decks in the shoe (0: the spec's minimum)")
      ->type_name("D")
      ->capture_default_str();
  sub->add_option("--bias-rank", args->bias, "under-deal a rank (repeatable; see below)")
      ->type_name("RANK=KEEP")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  sub->add_option("--tie-bet-rate", o.tie_bet_rate, "probability of each optional wager")
      ->type_name("P")
      ->capture_default_str();
  for (const Game* game : Games()) {
    for (const DealerRate& rate : game->dealer_rates) {
      const std::string name = "--" + std::string(rate.name);
      if (sub->get_option_no_throw(name) != nullptr) continue;  // another game's too
      o.rates[std::string(rate.name)] = rate.value;
      sub->add_option(name, o.rates[std::string(rate.name)], std::string(rate.help))
          ->type_name("P")
          ->capture_default_str();
    }
  }
  sub->add_option("--table-prefix", o.table_prefix, "table names: PREFIX1, PREFIX2...")
      ->type_name("PREFIX")
      ->capture_default_str();
  sub->add_option("--start", o.start_time, "time of the first round (UTC)")
      ->type_name("TIME")
      ->capture_default_str();
  sub->add_option("--to", args->to,
                  "write the rounds in this dialect (an operator's own format: docs/dialects.md), not "
                  "hand-history v1")
      ->type_name("DIALECT");
  sub->add_option("--out", args->out, "where to write: FILE, or - for standard output")
      ->type_name("FILE|-")
      ->capture_default_str();
  sub->footer(kGenerateHelp);

  return [args]() -> int {
    DealerOptions options = args->options;
    if (!ParseRange(args->seats, &options.seats_min, &options.seats_max)) {
      PrintError("--seats takes MIN-MAX or N, not '" + args->seats + "'");
      return kExitUsage;
    }
    for (const std::string& b : args->bias) {
      int rank;
      double keep;
      if (!ParseBias(b, &rank, &keep)) {
        PrintError("--bias-rank takes RANK=KEEP with KEEP within 0 and 1, e.g. A=0.9, not '" + b + "'");
        return kExitUsage;
      }
      options.rank_keep[rank] = keep;
    }
    std::map<std::string, std::string> readings;
    if (!ParseReadingOptions(args->readings, &readings)) return kExitUsage;
    auto start = ParseUtcTime(options.start_time);
    if (!start) {
      PrintError("--start takes a UTC time such as 2026-01-05T18:00:00Z, not '" + options.start_time + "'");
      return kExitUsage;
    }
    if (options.tables < 1 || options.rounds < 0) {
      PrintError("--tables must be at least 1 and --rounds not negative");
      return kExitUsage;
    }

    std::vector<std::string> paths = args->rules;
    if (paths.empty()) paths = DefaultRulesPaths();
    std::vector<std::string> unlisted;  // reported as the library loads
    if (Status s = CheckOutputPath(args->out, ListSpecFiles(paths, &unlisted)); !s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    auto library = SpecLibrary::Load(paths);
    if (!library.ok()) {
      PrintError(library.status().message());
      return kExitUsage;
    }
    // The revision in force at the first round must still be at the last.
    int64_t per_table = (options.rounds + options.tables - 1) / options.tables;
    std::string last = FormatUtcTime(*start + std::max<int64_t>(per_table, 1) * options.round_seconds);
    std::string why;
    const SpecDocument* doc = library.value().Find(args->spec, DateOf(options.start_time), &why);
    if (!doc) {
      PrintError("--spec " + args->spec + " at " + options.start_time + ": " + why);
      return kExitUsage;
    }
    if (library.value().Find(args->spec, DateOf(last), &why) != doc) {
      PrintError("the rounds from " + options.start_time + " to " + last + " would span two revisions of " +
                 args->spec + "; start later or deal fewer rounds");
      return kExitUsage;
    }
    auto spec = Instantiate(*doc, readings);
    if (!spec.ok()) {
      PrintError(doc->path + ": " + spec.status().message());
      return kExitUsage;
    }

    std::unique_ptr<Dialect> dialect;
    std::unique_ptr<DialectWriter> writer;
    if (!args->to.empty()) {
      auto found = FindDialect(args->to);
      if (!found.ok()) {
        PrintError(found.status().message());
        return kExitUsage;
      }
      dialect = std::move(found).value();
      auto made = DialectWriter::Make(*dialect);
      if (!made.ok()) {
        PrintError(made.status().message());
        return kExitUsage;
      }
      writer = std::move(made).value();
    }
    Status s = WriteOutput(args->out, [&](std::ostream& out) {
      if (!writer) return GenerateRounds(spec.value(), options, out);
      DialectOstream converted(*writer, out);
      Status dealt = GenerateRounds(spec.value(), options, converted);
      if (!converted.status().ok())
        return Status::InvalidArgument("dialect " + dialect->id +
                                       " cannot write a round dealt: " + converted.status().message());
      return dealt;
    });
    if (!s.ok()) {
      // A failed write to a file names it (WriteOutput); to standard output, it is named here.
      bool io = s.code() == Status::Code::kIoError && (args->out.empty() || args->out == "-");
      PrintError(io ? "<stdout>: " + s.message() : s.message());
      return kExitUsage;
    }
    return kExitClean;
  };
}

}  // namespace pitboss
