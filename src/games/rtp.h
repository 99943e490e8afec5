// `pitboss rtp` and lint's check of the claims, for every game that has its math: each game's
// entry in the game table (games.h, Game::rtp) says how its report is computed and its claims
// checked; the command, lint and the writers (report/rtp_writers.h) dispatch here and nowhere
// else.
#ifndef PITBOSS_GAMES_RTP_H_
#define PITBOSS_GAMES_RTP_H_

#include <map>
#include <string>
#include <variant>
#include <vector>

#include "games/blackjack/blackjack_rtp.h"
#include "games/claims.h"
#include "games/war/war_rtp.h"
#include "pitboss/spec.h"
#include "pitboss/status.h"
#include "spec/lint.h"
#include "spec/loader.h"

namespace pitboss {

// The report of `pitboss rtp`, of whichever game the spec is.
using GameRtpReport = std::variant<RtpReport, BlackjackRtpReport>;

bool AllClaimsHold(const GameRtpReport& report);

struct GameRtp {
  // Every figure of `doc` under `readings` (ambiguities not named: their default), and its
  // claims checked against them.
  StatusOr<GameRtpReport> (*compute)(const SpecDocument& doc,
                                     const std::map<std::string, std::string>& readings);
  // The spec's claims checked against its figures under its default readings.
  StatusOr<std::vector<ClaimVerdict>> (*check_claims)(const RuleSpec& spec);
};

// `pitboss rtp` of `doc`, by its game; InvalidArgument for a game with no math yet.
StatusOr<GameRtpReport> ComputeGameRtp(const SpecDocument& doc,
                                       const std::map<std::string, std::string>& readings);

// Lint's last step: the claims of every spec that loads, checked; one
// lint/claim-does-not-hold error per claim that holds on no basis.
void LintClaims(LintReport* report);

}  // namespace pitboss

#endif  // PITBOSS_GAMES_RTP_H_
