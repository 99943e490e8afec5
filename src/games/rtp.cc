#include "games/rtp.h"

#include "games/games.h"

namespace pitboss {

namespace {

const GameRtp* RtpOf(const RuleSpec& spec) {
  const Game* game = FindGame(spec.game);
  return game == nullptr ? nullptr : game->rtp;
}

}  // namespace

bool AllClaimsHold(const GameRtpReport& report) {
  return std::visit([](const auto& r) { return r.all_claims_hold(); }, report);
}

StatusOr<GameRtpReport> ComputeGameRtp(const SpecDocument& doc,
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
    std::optional<SpecDocument> doc = LoadSpecDocument(lint.path, &errors);
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
