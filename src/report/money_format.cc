#include "report/money_format.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace pitboss {
namespace {

// |n| without overflow: INT64_MIN's magnitude fits in uint64_t.
uint64_t Magnitude(int64_t n) { return n < 0 ? 0 - static_cast<uint64_t>(n) : static_cast<uint64_t>(n); }

using Magnitude128 = unsigned __int128;

// `n` in decimal with a comma between groups of three digits.
std::string Grouped(Magnitude128 n) {
  std::string digits;
  for (; n != 0 || digits.empty(); n /= 10) {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(n % 10)));
  }
  std::string out;
  out.reserve(digits.size() + digits.size() / 3);
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

bool IsCurrencyCode(std::string_view code) {
  if (code.size() != 3) return false;
  for (const char c : code) {
    if (c < 'A' || c > 'Z') return false;
  }
  return true;
}

// The magnitude of an amount of `currency`, without its sign.
std::string Unsigned(Magnitude128 minor_units, std::string_view currency) {
  const std::optional<int> digits = MinorUnitDigits(currency);
  if (!digits) {
    std::string out = Grouped(minor_units) + (minor_units == 1 ? " minor unit" : " minor units");
    if (IsCurrencyCode(currency)) out.append(" (").append(currency).append(")");
    return out;
  }
  uint64_t scale = 1;
  for (int i = 0; i < *digits; ++i) scale *= 10;
  std::string out = std::string(currency) + " " + Grouped(minor_units / scale);
  if (*digits > 0) {
    std::string fraction = std::to_string(static_cast<uint64_t>(minor_units % scale));
    fraction.insert(0, static_cast<std::size_t>(*digits) - fraction.size(), '0');
    out += "." + fraction;
  }
  return out;
}

}  // namespace

std::string FormatCount(int64_t n) { return (n < 0 ? "-" : "") + Grouped(Magnitude(n)); }

std::string FormatMoney(Money minor_units, std::string_view currency) {
  return (minor_units < 0 ? "-" : "") + Unsigned(Magnitude(minor_units), currency);
}

std::string FormatSignedMoney(Money minor_units, std::string_view currency) {
  return (minor_units > 0 ? "+" : "") + FormatMoney(minor_units, currency);
}

std::string FormatMoney(const MoneySum& minor_units, std::string_view currency) {
  if (minor_units.lost()) return "too large to represent";
  const MoneySum::Wide n = minor_units.wide();
  return (n < 0 ? "-" : "") +
         Unsigned(n < 0 ? 0 - static_cast<Magnitude128>(n) : static_cast<Magnitude128>(n), currency);
}

std::string FormatSignedMoney(const MoneySum& minor_units, std::string_view currency) {
  return (minor_units.sign() > 0 ? "+" : "") + FormatMoney(minor_units, currency);
}

std::string FormatAmount(Money amount, Unit unit, std::string_view currency) {
  const auto count = [amount](std::string_view one, std::string_view many) {
    return std::to_string(amount) + " " + std::string(amount == 1 || amount == -1 ? one : many);
  };
  switch (unit) {
    case Unit::kMinorUnits:
      return FormatMoney(amount, currency);
    case Unit::kCards:
      return count("card", "cards");
    case Unit::kDecks:
      return count("deck", "decks");
    case Unit::kNone:
      break;
  }
  return std::to_string(amount);
}

std::string MoneyEffectText(const Finding& finding) {
  const CodeInfo& info = Info(finding.code);
  if (info.money == MoneyEffect::kNone || (!finding.expected && !finding.actual)) return "";
  const std::optional<Money> by = Overpaid(finding);
  if (!by) {
    // Overpaid() is nullopt for a missing amount too: only a sum that does not fit is news.
    const bool has_amounts = info.money == MoneyEffect::kNet      ? finding.expected && finding.actual
                             : info.money == MoneyEffect::kUnpaid ? finding.expected.has_value()
                                                                  : finding.actual.has_value();
    return has_amounts ? "paid wrongly by an amount too large to represent" : "";
  }
  if (*by == 0) return "";
  return (*by < 0 ? "underpaid by " : "overpaid by ") + Unsigned(Magnitude(*by), finding.currency);
}

std::string MoneyMovedText(const Finding& finding) {
  if (!finding.money_moved) return "";
  const Money moved = *finding.money_moved;
  if (moved == 0) return FormatMoney(0, finding.currency);
  return Unsigned(Magnitude(moved), finding.currency) + (moved > 0 ? " to the player" : " to the house");
}

MoneyRank FindingMoney(const Finding& finding) {
  MoneyRank money = 0;
  const CodeInfo& info = Info(finding.code);
  if (info.money != MoneyEffect::kNone && (finding.expected || finding.actual)) {
    if (const std::optional<Money> by = Overpaid(finding)) {
      money = Magnitude(*by);
    } else if (!MoneyEffectText(finding).empty()) {
      return ~MoneyRank{0};  // too large to represent: above every other
    }
  }
  if (finding.money_moved) money += Magnitude(*finding.money_moved);
  return money;
}

std::string FindingMoneyText(const Finding& finding) {
  std::string text = MoneyEffectText(finding);
  if (finding.money_moved && *finding.money_moved != 0) {
    text += (text.empty() ? "moved " : "; moved ") + MoneyMovedText(finding);
  }
  return text;
}

std::string MoneyMovedTotalText(const MoneyMovedTotal& total, std::string_view currency) {
  return FormatMoney(total.to_player, currency) + " to players, " + FormatMoney(total.to_house, currency) +
         " to the house";
}

std::string FormatTotal(Money sum, bool overflow, std::string_view currency) {
  return overflow ? "too large to represent" : FormatMoney(sum, currency);
}

std::string CommandLineText(const std::vector<std::string>& argv) {
  static constexpr std::string_view kPlain =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./=:,+@%-";
  std::string out;
  for (const std::string& arg : argv) {
    if (!out.empty()) out += ' ';
    if (!arg.empty() && arg.find_first_not_of(kPlain) == std::string::npos) {
      out += arg;
      continue;
    }
    out += '\'';
    for (const char c : arg) {
      if (c == '\'') {
        out += "'\\''";
      } else {
        out += c;
      }
    }
    out += '\'';
  }
  return out;
}

std::string IncompleteText(const Report& report) {
  if (report.complete) return "";
  std::string unread;
  int64_t n = 0;
  for (const InputSummary& input : report.inputs) {
    if (input.error.empty() || input.context) continue;  // a context's: ContextDamageText
    ++n;
    if (!unread.empty()) unread += "; ";
    unread += (input.path == "-" ? std::string("standard input") : input.path) + " (" + input.error + ")";
  }
  if (n > 0) {
    return "INCOMPLETE: " + std::to_string(n) + (n == 1 ? " input" : " inputs") +
           " could not be read whole: " + unread;
  }
  if (report.rounds == 0) return "INCOMPLETE: no round was read";
  return "INCOMPLETE: the check did not read all of its input";
}

std::string ContextDamageText(const ContextDamage& damage) {
  std::string text = "context log " + (damage.input == "-" ? std::string("standard input") : damage.input) +
                     " could not be read whole (" + damage.error +
                     "): what it did not say may have shuffled any table's shoe, so the shoes it "
                     "leaves unknown are not judged until their next shuffle; the logs checked decide the "
                     "exit status. ";
  if (damage.tables.empty()) return text + "No round checked drew from a shoe it left unknown";
  text += damage.tables.size() == 1 ? "Table" : "Tables";
  text += " not judged:";
  for (size_t i = 0; i < damage.tables.size(); ++i) {
    const ContextDamage::Table& t = damage.tables[i];
    text += (i == 0 ? " " : "; ") + t.table + ", " + std::to_string(t.rounds_not_judged) +
            (t.rounds_not_judged == 1 ? " round" : " rounds") + ", " +
            (t.judged_from.empty() ? std::string("no shuffle after them") : "judged from " + t.judged_from);
  }
  return text;
}

std::string ClearedByText(const std::vector<ClearedBy>& cleared_by) {
  std::string out;
  for (const ClearedBy& cleared : cleared_by) {
    for (const std::string& reading : cleared.readings) {
      if (!out.empty()) out += ", ";
      out += cleared.ambiguity + "=" + reading;
    }
  }
  return out;
}

std::string ConsequencesText(const Finding& finding) {
  if (finding.consequences <= 0) return "";
  return "and " + std::to_string(finding.consequences) + " " +
         (finding.consequences_note.empty() ? std::string("later effects of the same cause")
                                            : finding.consequences_note) +
         ", counted here";
}

std::string ReportCurrency(const Report& report, const MoneyTotals& totals) {
  if (!totals.currency.empty() || totals.mixed_currencies) return totals.currency;
  return report.currency;
}

std::string ReportCurrency(const Report& report, const MoneyMovedTotal& moved) {
  if (!moved.currency.empty() || moved.mixed_currencies) return moved.currency;
  return report.currency;
}

std::string ConsequenceText(const Consequence& consequence) {
  std::string out;
  const auto add = [&out](std::string_view name, const std::string& value) {
    out.append(out.empty() ? "" : ", ").append(name).append(" ").append(value);
  };
  if (!consequence.round.empty()) add("round", consequence.round);
  if (consequence.event) add("event", std::to_string(*consequence.event));
  if (!consequence.card.empty()) add("card", consequence.card);
  std::string where = consequence.input == "-" ? std::string("standard input") : consequence.input;
  if (consequence.line > 0) where += ":" + std::to_string(consequence.line);
  if (!where.empty()) out += (out.empty() ? "(" : " (") + where + ")";
  return out;
}

}  // namespace pitboss
