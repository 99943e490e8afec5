#include "check/impact.h"

#include <algorithm>
#include <map>

#include "games/games.h"
#include "history/line_pipeline.h"
#include "history/line_reader.h"
#include "history/round_parser.h"

namespace pitboss {

namespace {

using Key = std::pair<Seat, WagerKind>;

std::map<Key, MoneySum> BySeatAndWager(const RoundResult& r) {
  std::map<Key, MoneySum> m;
  for (const Settlement& s : r.settlements) m[{s.seat, s.wager}] += s.net;
  return m;
}

MoneySum Total(const RoundResult& r) {
  MoneySum t;
  for (const Settlement& s : r.settlements) t += s.net;
  return t;
}

}  // namespace

// What one line comes to under the two revisions: worked out on any thread, added to the
// report in input order.
struct LineOutcome {
  enum Kind { kUnreadable, kOtherRules, kReplayed } kind = kUnreadable;
  Round round;
  bool changed = false;
  MoneySum old_total, new_total;
  std::array<bool, kWagerKinds> moved{};
  std::array<MoneySum, kWagerKinds> old_kind{}, new_kind{};
  std::vector<RoundFinding> appearing, disappearing;
};

struct ImpactAnalysis::Impl {
  RuleSpec from;
  RuleSpec to;
  Engine from_engine = nullptr;
  Engine to_engine = nullptr;
  std::vector<std::unique_ptr<RoundParser>> parsers;  // one for each worker
  int jobs = 1;

  // Pure: reads only what no thread changes.
  void Prepare(RoundParser& parser, std::string_view line, LineOutcome* o) const;
};

void ImpactAnalysis::Impl::Prepare(RoundParser& parser, std::string_view line, LineOutcome* o) const {
  o->appearing.clear();
  o->disappearing.clear();
  o->changed = false;
  if (!parser.Parse(line, &o->round, /*padded=*/true).ok()) {  // RunLinePipeline pads every line
    o->kind = LineOutcome::kUnreadable;
    return;
  }
  const Round& round = o->round;
  if (round.rules != from.id && round.rules != to.id) {
    o->kind = LineOutcome::kOtherRules;
    return;
  }
  o->kind = LineOutcome::kReplayed;
  RoundResult before, after;
  from_engine(from, round, &before);
  to_engine(to, round, &after);
  auto old_nets = BySeatAndWager(before), new_nets = BySeatAndWager(after);
  if (old_nets != new_nets) {
    o->changed = true;
    o->old_total = Total(before);
    o->new_total = Total(after);
    // Per wager kind: the nets of that kind over the round, where they differ.
    o->old_kind.fill(MoneySum());
    o->new_kind.fill(MoneySum());
    o->moved.fill(false);
    for (const auto& [key, net] : old_nets) o->old_kind[static_cast<int>(key.second)] += net;
    for (const auto& [key, net] : new_nets) o->new_kind[static_cast<int>(key.second)] += net;
    for (const auto& [key, net] : old_nets) {
      auto it = new_nets.find(key);
      if (it == new_nets.end() || it->second != net) o->moved[static_cast<int>(key.second)] = true;
    }
    for (const auto& [key, net] : new_nets) {
      if (!old_nets.count(key)) o->moved[static_cast<int>(key.second)] = true;
    }
  }
  auto has = [](const RoundResult& res, const RoundFinding& f) {
    return std::any_of(res.findings.begin(), res.findings.end(),
                       [&](const RoundFinding& g) { return g.Key() == f.Key(); });
  };
  for (const RoundFinding& f : after.findings) {
    if (!has(before, f)) o->appearing.push_back(f);
  }
  for (const RoundFinding& f : before.findings) {
    if (!has(after, f)) o->disappearing.push_back(f);
  }
}

ImpactAnalysis::ImpactAnalysis(RuleSpec from, RuleSpec to, int jobs) : impl_(std::make_unique<Impl>()) {
  report_.version = PITBOSS_VERSION;
  report_.from = {from.id, from.revision, from.sha256, from.path};
  report_.to = {to.id, to.revision, to.sha256, to.path};
  for (const RuleSpec::Part& p : from.parts) report_.from.parts.push_back({p.path, p.sha256});
  for (const RuleSpec::Part& p : to.parts) report_.to.parts.push_back({p.path, p.sha256});
  impl_->from_engine = FindGame(from.game)->engine;
  impl_->to_engine = FindGame(to.game)->engine;
  impl_->from = std::move(from);
  impl_->to = std::move(to);
  impl_->jobs = std::max(1, jobs);
  for (int i = 0; i < impl_->jobs; ++i) impl_->parsers.push_back(std::make_unique<RoundParser>());
}

ImpactAnalysis::~ImpactAnalysis() = default;

Status ImpactAnalysis::AddLog(const std::string& path,
                              const std::function<void(int64_t rounds, int64_t bytes)>& progress) {
  LineReaderOptions reading;
  reading.read_plain_ahead = impl_->jobs <= 1;  // as check reads
  reading.decode_ahead = impl_->jobs <= 1;
  auto reader_or = LineReader::Open(path, reading);
  if (!reader_or.ok()) return reader_or.status();
  LineReader& reader = *reader_or.value();
  const Impl& impl = *impl_;
  ImpactReport& r = report_;
  InputSummary summary{.path = path};
  int64_t non_blank = 0;  // lines taken up: rounds and malformed lines
  RunLinePipeline<LineOutcome>(
      reader, impl.jobs,
      [&impl](int worker, int64_t, std::string_view line, LineOutcome* o) {
        impl.Prepare(*impl.parsers[static_cast<size_t>(worker)], line, o);
      },
      [&](int64_t line, LineOutcome& o) {
        ++non_blank;
        if (progress && non_blank % 1024 == 0) progress(non_blank, reader.bytes());
        if (o.kind == LineOutcome::kUnreadable) {  // a line, not a round: counted as such
          ++summary.malformed_lines;
          ++r.rounds_unreadable;
          return;
        }
        ++summary.rounds;
        ++r.rounds;
        if (o.kind == LineOutcome::kOtherRules) {
          ++r.rounds_other_rules;
          return;
        }
        const Round& round = o.round;
        ++r.rounds_replayed;
        if (round.currency.empty()) {
          ++r.rounds_without_currency;
        } else if (const auto at = std::lower_bound(r.currencies.begin(), r.currencies.end(), round.currency);
                   at == r.currencies.end() || *at != round.currency) {
          r.currencies.insert(at, round.currency);
        }
        if (o.changed) {
          ++r.rounds_changed;
          r.net_moved += o.new_total - o.old_total;
          r.changed.push_back({path, line, round.id, round.table, o.old_total, o.new_total});
          for (int k = 0; k < kWagerKinds; ++k) {
            if (!o.moved[k]) continue;
            WagerImpact& w = r.by_wager[k];
            ++w.rounds;
            w.old_net += o.old_kind[k];
            w.new_net += o.new_kind[k];
          }
        }
        for (RoundFinding& f : o.appearing) {
          r.findings_appearing.push_back(
              ToFinding(std::move(f), path, line, round, impl.to.id, impl.to.revision));
        }
        for (RoundFinding& f : o.disappearing) {
          r.findings_disappearing.push_back(
              ToFinding(std::move(f), path, line, round, impl.from.id, impl.from.revision));
        }
      });
  summary.lines = reader.line_number();
  summary.blank_lines = summary.lines - summary.rounds - summary.malformed_lines;
  r.inputs.push_back(summary);
  return reader.status();
}

}  // namespace pitboss
