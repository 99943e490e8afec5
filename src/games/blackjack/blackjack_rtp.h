// `pitboss rtp` for a spec of game `blackjack`: the blackjack wager's return under basic
// strategy and the War side wager's (ARSD 20:18:15:30.12), from blackjack_math.h, for every
// deck count the spec allows and every reading of its ambiguities, and the spec's claims
// checked against them. The figures are doubles where the math's are (docs/math.md), exact
// fractions where the War wager's own probabilities are.
#ifndef PITBOSS_GAMES_BLACKJACK_BLACKJACK_RTP_H_
#define PITBOSS_GAMES_BLACKJACK_BLACKJACK_RTP_H_

#include <map>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "games/blackjack/blackjack_math.h"
#include "games/core/claims.h"
#include "games/core/rtp.h"
#include "math/fraction.h"
#include "pitboss/spec.h"
#include "pitboss/status.h"
#include "spec/loader.h"

namespace pitboss {

// Part of the report: how the blackjack figures are computed (docs/math.md).
inline constexpr char kBlackjackMethod[] =
    "combinatorial analysis, total-dependent basic strategy for the full shoe; split hands "
    "played independently";

// What the math needs of a blackjack spec, for one deck count.
struct BlackjackModel {
  blackjack::HouseRules house;
  bool war_offered = false;
  blackjack::WarOptions war;
};

// The spec's rules as the math reads them. InvalidArgument, naming the spec key, for a rule
// the math cannot represent: a figure that ignored it would be wrong.
StatusOr<BlackjackModel> BlackjackModelOf(const RuleSpec& spec, int decks);

// The figures of one deck count.
struct BlackjackDeckRtp {
  int decks = 0;
  blackjack::BlackjackMath blackjack;
  bool war_offered = false;
  blackjack::WarMath war;  // where war_offered
};

// The headline figures of one deck count under one reading.
struct BlackjackReadingFigures {
  int decks = 0;
  double blackjack_edge = 0;  // basic strategy, per unit of the blackjack wager
  bool war_offered = false;
  Fraction war_edge_collect;
  double war_edge_best_ride = 0;
};

struct BlackjackReadingRtp {
  std::string name;
  bool is_default = false;
  std::string not_computed;  // why the math cannot represent the reading; "" where it can
  std::vector<BlackjackReadingFigures> figures;
};

struct BlackjackAmbiguityRtp {
  std::string id;
  std::string clause;
  bool changes_figures = false;  // some computed reading's figures differ from the default's
  bool all_computed = true;
  std::vector<BlackjackReadingRtp> readings;
};

// One basis on which a claim was tried.
struct BlackjackClaimBasis {
  int decks = 0;
  std::string policy;  // the claim policy it stands for: "optimal", or "collect" (none can name it)
  std::string basis;   // "the best ride", "every win collected", "basic strategy"...
  double value = 0;
  bool matches = false;  // within the claim's tolerance
};

struct BlackjackClaimCheck {
  Claim claim;
  Fraction claimed;    // the published figure, exact
  Fraction tolerance;  // half a unit of its last digit
  bool holds = false;  // matches on some basis under the claim's own policy
  std::vector<BlackjackClaimBasis> bases;
  std::string message;  // what an auditor reads: the verdict, the claimed and computed figures
};

struct BlackjackRtpReport : GameRtpReport {
  std::vector<BlackjackDeckRtp> decks;
  std::vector<BlackjackAmbiguityRtp> ambiguities;
  std::vector<BlackjackClaimCheck> claims;

  bool all_claims_hold() const override;
};

// Every figure of `doc` under `readings` (ambiguities not named: their default).
StatusOr<BlackjackRtpReport> ComputeBlackjackRtp(const SpecDocument& doc,
                                                 const std::map<std::string, std::string>& readings);

// The spec's claims checked against its figures, computed here or given.
StatusOr<std::vector<BlackjackClaimCheck>> CheckBlackjackClaims(const RuleSpec& spec);
std::vector<BlackjackClaimCheck> CheckBlackjackClaims(const RuleSpec& spec,
                                                      const std::vector<BlackjackDeckRtp>& decks);

// The blackjack game's entry in `pitboss rtp` and lint's claim check (games/core/rtp.h).
struct GameRtp;
const GameRtp& BlackjackRtp();

// The report as text or JSON (`format`; InvalidArgument for any other), in blackjack_rtp_writers.cc.
Status WriteBlackjackRtpReport(const BlackjackRtpReport& report, std::string_view version,
                               std::string_view format, std::ostream& out);

}  // namespace pitboss

#endif  // PITBOSS_GAMES_BLACKJACK_BLACKJACK_RTP_H_
