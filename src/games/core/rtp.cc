#include "games/core/rtp.h"

#include "base/printable.h"

namespace pitboss {

void WriteFractionJson(JsonWriter& json, const Fraction& f) {
  json.BeginObject().Key("exact").String(f.ToString()).Key("value").Double(f.ToDouble()).EndObject();
}

void WriteClaimText(const Claim& claim, bool holds, std::string_view message, std::ostream& out) {
  out << "  " << Printable(claim.id) << ": " << Printable(claim.metric) << " of " << Printable(claim.wager)
      << " = " << Printable(claim.value);
  if (!claim.policy.empty()) out << ", policy " << Printable(claim.policy);
  out << " (" << Printable(claim.cite.clause) << ")\n    " << (holds ? "" : "FAILS: ") << Printable(message)
      << "\n";
}

void WriteClaimJson(JsonWriter& json, const Claim& claim, bool holds, std::string_view message,
                    const Fraction& claimed, const Fraction& tolerance) {
  json.BeginObject().Key("id").String(claim.id).Key("metric").String(claim.metric);
  json.Key("value").String(claim.value).Key("wager").String(claim.wager);
  json.Key("policy").String(claim.policy).Key("clause").String(claim.cite.clause);
  json.Key("holds").Bool(holds).Key("message").String(message);
  json.Key("claimed");
  WriteFractionJson(json, claimed);
  json.Key("tolerance");
  WriteFractionJson(json, tolerance);
}

}  // namespace pitboss
