// `pitboss rtp` and lint's check of the claims, for every game that has its math: each game's
// entry in the game table (Game::rtp) says how its report is computed, its claims checked and
// its report written; the command and lint dispatch through it (games/games.h) and nowhere
// else. What every game's writers share is here too.
#ifndef PITBOSS_GAMES_CORE_RTP_H_
#define PITBOSS_GAMES_CORE_RTP_H_

#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "base/json.h"
#include "games/core/claims.h"
#include "math/fraction.h"
#include "pitboss/spec.h"
#include "pitboss/status.h"
#include "spec/loader.h"

namespace pitboss {

// The report of `pitboss rtp`: each game's derives from it. What it is of, the same for
// every game.
struct GameRtpReport {
  std::string spec_id;
  std::string revision;
  std::string path;
  std::string sha256;
  std::string citation;
  std::map<std::string, std::string> readings;  // the readings the figures are under

  virtual ~GameRtpReport() = default;
  virtual bool all_claims_hold() const = 0;
  // Names the report's spec: `spec`, an instance of `doc` under its readings.
  void Identify(const SpecDocument& doc, const RuleSpec& spec) {
    spec_id = spec.id;
    revision = spec.revision;
    path = doc.path;
    sha256 = spec.sha256;
    citation = spec.citation;
    readings = spec.readings.Map();
  }
};

struct GameRtp {
  // Every figure of `doc` under `readings` (ambiguities not named: their default), and its
  // claims checked against them.
  StatusOr<std::unique_ptr<GameRtpReport>> (*compute)(const SpecDocument& doc,
                                                      const std::map<std::string, std::string>& readings);
  // The spec's claims checked against its figures under its default readings.
  StatusOr<std::vector<ClaimVerdict>> (*check_claims)(const RuleSpec& spec);
  // Writes a report `compute` made, as text or JSON (`format`). The JSON carries every figure
  // the text shows, each exact (a fraction, as a string) and as a number.
  Status (*write)(const GameRtpReport& report, std::string_view version, std::string_view format,
                  std::ostream& out);
};

// A game's GameRtp from its own functions: Report derives from GameRtpReport, a Check has
// the claim, whether it holds and why.
template <typename Report, typename Check,
          StatusOr<Report> (*Compute)(const SpecDocument&, const std::map<std::string, std::string>&),
          StatusOr<std::vector<Check>> (*CheckClaims)(const RuleSpec&),
          Status (*Write)(const Report&, std::string_view, std::string_view, std::ostream&)>
const GameRtp& MakeGameRtp() {
  static const GameRtp rtp{
      [](const SpecDocument& doc,
         const std::map<std::string, std::string>& readings) -> StatusOr<std::unique_ptr<GameRtpReport>> {
        auto report = Compute(doc, readings);
        if (!report.ok()) return report.status();
        return std::unique_ptr<GameRtpReport>(std::make_unique<Report>(std::move(*report)));
      },
      [](const RuleSpec& spec) -> StatusOr<std::vector<ClaimVerdict>> {
        auto checks = CheckClaims(spec);
        if (!checks.ok()) return checks.status();
        std::vector<ClaimVerdict> verdicts;
        for (const Check& c : *checks) verdicts.push_back({c.claim, c.holds, c.message});
        return verdicts;
      },
      [](const GameRtpReport& report, std::string_view version, std::string_view format, std::ostream& out) {
        return Write(static_cast<const Report&>(report), version, format, out);
      },
  };
  return rtp;
}

// What the games' writers share.
//
// Calls `text` or `json` by `format`; InvalidArgument for any other format.
template <typename Text, typename Json>
Status WriteRtpFormat(std::string_view format, Text text, Json json) {
  if (format == "text") {
    text();
  } else if (format == "json") {
    json();
  } else {
    return Status::InvalidArgument("--format " + std::string(format) +
                                   " is not available for rtp (formats: text, json)");
  }
  return Status::Ok();
}
// {"exact":"144/311","value":0.4630225080385852}: how every report writes an exact figure.
void WriteFractionJson(JsonWriter& json, const Fraction& f);
// "  id: metric of wager = value, policy p (clause)\n    [FAILS: ]message\n".
void WriteClaimText(const Claim& claim, bool holds, std::string_view message, std::ostream& out);
// Opens a claim's JSON object and writes what every game's claim has, up to "bases" (left
// for the game, which closes the object).
void WriteClaimJson(JsonWriter& json, const Claim& claim, bool holds, std::string_view message,
                    const Fraction& claimed, const Fraction& tolerance);

}  // namespace pitboss

#endif  // PITBOSS_GAMES_CORE_RTP_H_
