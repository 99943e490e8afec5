#include "games/impact.h"

#include <algorithm>
#include <map>

#include "games/games.h"
#include "history/line_reader.h"
#include "history/round_parser.h"

namespace pitboss {

namespace {

using Key = std::pair<Seat, WagerKind>;

std::map<Key, Money> BySeatAndWager(const RoundResult& r) {
  std::map<Key, Money> m;
  for (const Settlement& s : r.settlements) m[{s.seat, s.wager}] += s.net;
  return m;
}

Money Total(const RoundResult& r) {
  Money t = 0;
  for (const Settlement& s : r.settlements) t += s.net;
  return t;
}


}  // namespace

struct ImpactAnalysis::Impl {
  RuleSpec from;
  RuleSpec to;
  Engine from_engine = nullptr;
  Engine to_engine = nullptr;
  RoundParser parser;
  Round round;
};

ImpactAnalysis::ImpactAnalysis(RuleSpec from, RuleSpec to) : impl_(std::make_unique<Impl>()) {
  report_.version = PITBOSS_VERSION;
  report_.from = {from.id, from.revision, from.sha256};
  report_.to = {to.id, to.revision, to.sha256};
  impl_->from_engine = FindGame(from.game)->engine;
  impl_->to_engine = FindGame(to.game)->engine;
  impl_->from = std::move(from);
  impl_->to = std::move(to);
}

ImpactAnalysis::~ImpactAnalysis() = default;

Status ImpactAnalysis::AddLog(const std::string& path) {
  auto reader_or = LineReader::Open(path);
  if (!reader_or.ok()) return reader_or.status();
  LineReader& reader = *reader_or.value();
  Impl& impl = *impl_;
  ImpactReport& r = report_;
  InputSummary summary{.path = path};
  std::string_view line;
  while (reader.Next(&line)) {
    if (IsBlankLine(line)) continue;
    ++summary.rounds;
    ++r.rounds;
    if (!impl.parser.Parse(line, &impl.round).ok()) {
      ++r.rounds_unreadable;
      continue;
    }
    const Round& round = impl.round;
    if (round.rules != impl.from.id && round.rules != impl.to.id) {
      ++r.rounds_other_rules;
      continue;
    }
    ++r.rounds_replayed;
    RoundResult before = impl.from_engine(impl.from, round);
    RoundResult after = impl.to_engine(impl.to, round);
    auto old_nets = BySeatAndWager(before), new_nets = BySeatAndWager(after);
    if (old_nets != new_nets) {
      ++r.rounds_changed;
      Money old_total = Total(before), new_total = Total(after);
      r.net_moved += new_total - old_total;
      r.changed.push_back({path, reader.line_number(), round.id, round.table, old_total, new_total});
      // Per wager kind: the nets of that kind over the round, where they differ.
      std::array<Money, kWagerKinds> old_kind{}, new_kind{};
      for (const auto& [key, net] : old_nets) old_kind[static_cast<int>(key.second)] += net;
      for (const auto& [key, net] : new_nets) new_kind[static_cast<int>(key.second)] += net;
      std::array<bool, kWagerKinds> moved{};
      for (const auto& [key, net] : old_nets) {
        auto it = new_nets.find(key);
        if (it == new_nets.end() || it->second != net) moved[static_cast<int>(key.second)] = true;
      }
      for (const auto& [key, net] : new_nets) {
        if (!old_nets.count(key)) moved[static_cast<int>(key.second)] = true;
      }
      for (int k = 0; k < kWagerKinds; ++k) {
        if (!moved[k]) continue;
        WagerImpact& w = r.by_wager[k];
        ++w.rounds;
        w.old_net += old_kind[k];
        w.new_net += new_kind[k];
      }
    }
    auto has = [](const RoundResult& res, const RoundFinding& f) {
      return std::any_of(res.findings.begin(), res.findings.end(),
                         [&](const RoundFinding& g) { return g.Key() == f.Key(); });
    };
    for (const RoundFinding& f : after.findings) {
      if (!has(before, f)) r.findings_appearing.push_back(ToFinding(f, path, reader.line_number(), round, impl.to.revision));
    }
    for (const RoundFinding& f : before.findings) {
      if (!has(after, f)) r.findings_disappearing.push_back(ToFinding(f, path, reader.line_number(), round, impl.from.revision));
    }
  }
  summary.lines = reader.line_number();
  r.inputs.push_back(summary);
  return reader.status();
}

}  // namespace pitboss
