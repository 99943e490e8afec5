// `pitboss rtp`: the theoretical return of every wager of one rule spec, for every deck
// count it allows, every tie policy and every reading of its ambiguities, and the figures
// its source publishes (its claims) checked against them. Built on war_math.h.
#ifndef PITBOSS_GAMES_WAR_WAR_RTP_H_
#define PITBOSS_GAMES_WAR_WAR_RTP_H_

#include <map>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "games/core/claims.h"
#include "games/core/rtp.h"
#include "games/war/war_math.h"
#include "games/war/war_rules.h"
#include "pitboss/spec.h"
#include "pitboss/status.h"
#include "spec/lint.h"
#include "spec/loader.h"

namespace pitboss {

// The figures of one deck count.
struct DeckMath {
  int decks = 0;
  std::vector<RoundMath> policies;  // one per applicable policy, optimal first
};

// One basis on which a claim was tried, and what the spec gives on it.
struct ClaimBasis {
  int decks = 0;
  TiePolicy policy = TiePolicy::kOptimal;
  std::string basis;  // "per initial wager", "per total wagered", "ends the round ahead"...
  Fraction value;
  bool matches = false;  // rounds to the claimed figure at its precision
};

struct ClaimCheck {
  Claim claim;
  Fraction claimed;               // the published figure, exact
  Fraction tolerance;             // half a unit of its last digit
  bool holds = false;             // matches on some basis under the claim's own policy
  std::vector<ClaimBasis> bases;  // every basis tried
  std::string message;            // what an auditor reads
};

// The figure of one wager under one reading, tie policy and deck count.
struct ReadingFigure {
  int decks = 0;
  TiePolicy policy = TiePolicy::kOptimal;
  WagerKind wager = WagerKind::kMain;
  Fraction house_edge;             // per initial wager
  Fraction house_edge_per_staked;  // per total wagered
};

struct ReadingMath {
  std::string name;
  bool is_default = false;
  std::vector<ReadingFigure> figures;
};

struct AmbiguityMath {
  std::string id;
  std::string clause;
  bool changes_return = false;  // some reading's figures differ from the default's
  std::vector<ReadingMath> readings;
};

// What unseen burn cards do to the figures, shown by exact enumeration on a small shoe.
struct BurnCheck {
  int initial_burns = 0;  // per seat card + per dealer card, as the spec deals
  int war_burns = 0;
  bool checked = false;   // the spec burns cards, so the enumeration was run
  bool invariant = true;  // same figures with and without the burns drawn
  std::string shoe;       // the small shoe it was shown on: "3 ranks x 4 cards"
};

struct RtpReport : GameRtpReport {
  BurnCheck burns;
  std::vector<DeckMath> decks;
  std::vector<AmbiguityMath> ambiguities;
  std::vector<ClaimCheck> claims;

  bool all_claims_hold() const override;
};

// Every figure of `doc` under `readings` (ambiguities not named: their default).
StatusOr<RtpReport> ComputeRtp(const SpecDocument& doc, const std::map<std::string, std::string>& readings);

// The spec's claims checked against its figures (what lint uses).
StatusOr<std::vector<ClaimCheck>> CheckClaims(const RuleSpec& spec);

// The War game's entry in `pitboss rtp` and lint's claim check (games/core/rtp.h).
struct GameRtp;
const GameRtp& WarRtp();

// Burns drawn or not, on a small shoe: the same figures (see BurnCheck).
StatusOr<BurnCheck> CheckBurnInvariance(const RuleSpec& spec);

// The report as text or JSON (`format`; InvalidArgument for any other), in war_rtp_writers.cc.
Status WriteRtpReport(const RtpReport& report, std::string_view version, std::string_view format,
                      std::ostream& out);

}  // namespace pitboss

#endif  // PITBOSS_GAMES_WAR_WAR_RTP_H_
