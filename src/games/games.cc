#include "games/games.h"

namespace pitboss {

// Each game's entry, defined in its own folder (games/<game>/): a row here is all a game adds
// outside it.
const Game& WarGame();        // games/war/war_rules.h
const Game& BlackjackGame();  // games/blackjack/blackjack_rules.h
const Game& HighCardGame();   // games/high_card/high_card_rules.h

// The table.
const std::vector<const Game*>& Games() {
  static const std::vector<const Game*> games = {
      &WarGame(),
      &BlackjackGame(),
      &HighCardGame(),
  };
  return games;
}

const Game* FindGame(std::string_view name) {
  for (const Game* g : Games()) {
    if (g->name == name) return g;
  }
  return nullptr;
}

// The spec layer's view of the table (spec/game_format.h).
const GameFormat* FindGameFormat(std::string_view name) { return FindGame(name); }

std::string GameNames() {
  std::string names;
  for (const Game* g : Games()) names += (names.empty() ? "" : ", ") + std::string(g->name);
  return names;
}

Status GenerateRounds(const RuleSpec& spec, const DealerOptions& options, std::ostream& out) {
  const Game* game = FindGame(spec.game);
  if (!game || !game->generate) return Status::InvalidArgument("no dealer deals game '" + spec.game + "'");
  // A spec's rules are read as its game's: a spec whose rules are another game's is no spec.
  if (spec.game_rules.get() == nullptr || spec.game_rules.get()->game() != spec.game) {
    return Status::InvalidArgument(
        "rule set " + spec.id + " names game '" + spec.game + "' but holds the rules of " +
        (spec.game_rules.get() ? "game '" + std::string(spec.game_rules.get()->game()) + "'" : "no game"));
  }
  return game->generate(spec, options, out);
}

namespace {

const GameRtp* RtpOf(const RuleSpec& spec) {
  const Game* game = FindGame(spec.game);
  return game == nullptr ? nullptr : game->rtp;
}

}  // namespace

StatusOr<std::unique_ptr<GameRtpReport>> ComputeGameRtp(const SpecDocument& doc,
                                                        const std::map<std::string, std::string>& readings) {
  const GameRtp* rtp = RtpOf(doc.spec);
  if (rtp == nullptr) {
    return Status::InvalidArgument("pitboss rtp has no figures for game '" + doc.spec.game + "' yet");
  }
  return rtp->compute(doc, readings);
}

void LintClaims(LintReport* report) {
  for (SpecLint& lint : report->specs) {
    std::vector<std::string> errors;
    std::optional<SpecDocument> doc = LoadSpecDocument(lint.path, &errors, lint.search_path);
    if (!doc || doc->spec.claims.empty()) continue;  // a spec that does not load is an error already
    const GameRtp* rtp = RtpOf(doc->spec);
    if (rtp == nullptr) continue;  // no figures to check a claim against
    auto checks = rtp->check_claims(doc->spec);
    if (!checks.ok()) {
      lint.errors.push_back({lint.path, 0, 0, LintCode::kClaimDoesNotHold,
                             "the claims cannot be checked: " + checks.status().message(), ""});
      continue;
    }
    for (const ClaimVerdict& check : *checks) {
      ++lint.claims;
      if (check.holds) {
        ++lint.claims_holding;
        continue;
      }
      lint.errors.push_back({lint.path, check.claim.cite.line, 0, LintCode::kClaimDoesNotHold,
                             "claim '" + check.claim.id + "' (" + check.claim.metric + " of " +
                                 check.claim.wager + " = " + check.claim.value + ") " + check.message,
                             "pitboss rtp " + lint.path + " shows every basis tried"});
    }
  }
}

}  // namespace pitboss
