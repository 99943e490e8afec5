// Which reading of each ambiguity a table deals under, as its own rounds say.
//
// A round tells the readings of an ambiguity apart when some reading makes a finding there
// that another does not; it is consistent with the readings under which every finding it
// makes is one every reading makes (a fault whatever the reading). The checker works that out
// for each round as it replays it under each reading (Checker::Impl::Prepare); this class
// takes the rounds in input order, table by table, and at the end says what each table's
// rounds come to: one reading throughout ("inferred"), a change part-way ("switches"), no one
// reading ("mixed"), or nothing that tells them apart ("not-distinguished").
//
// A table dealing an ambiguity under a reading other than the one checked is one cause: one
// finding (reading/not-checked, or reading/switch at each change), with the findings that
// reading explains counted and listed under it rather than reported one by one
// (docs/findings.md). Collapse() rewrites a report's findings so.
// Not thread-safe.
#ifndef PITBOSS_CHECK_READING_INFERENCE_H_
#define PITBOSS_CHECK_READING_INFERENCE_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "base/string_hash.h"
#include "pitboss/report.h"
#include "pitboss/spec.h"

namespace pitboss {

class ReadingInference {
 public:
  // Where a round is: its input (index in the report's inputs), line, id and time (the round's
  // own, which need outlive only the call).
  struct Place {
    uint32_t input = 0;
    int64_t line = 0;
    std::string_view round;
    std::string_view time;
  };

  // One table's rounds under one spec.
  class Table;

  // The table's record, made on first use (once a round: a lookup by name).
  Table& Of(std::string_view table);

  // A round of `table` checked under `spec` (the spec as loaded, with its ambiguities), whose
  // readings `checked` (ambiguity id -> reading) are those it was checked under.
  void Seen(Table& table, const RuleSpec& spec, const Readings& checked);
  // The round at `at` tells ambiguity `ambiguity` (its index in the spec) apart, and is
  // consistent with the readings of `consistent` (bit i: the spec's reading i). Call Seen first.
  void Told(Table& table, const RuleSpec& spec, size_t ambiguity, uint64_t consistent, const Place& at);

  // What every table's rounds say (readings_inferred), by table name, then spec and revision,
  // then ambiguity; and the report's findings rewritten: those a reading a table deals explains
  // counted under one finding of that cause (reading/not-checked, reading/switch) placed where
  // the first of them was, and rounds_with_violations less the rounds left with none.
  // `count_explained` false: readings_inferred only, the findings left as they are.
  void Collapse(Report* report, bool count_explained = true) const;

  ReadingInference();
  ~ReadingInference();
  ReadingInference(const ReadingInference&) = delete;
  ReadingInference& operator=(const ReadingInference&) = delete;

 private:
  // By name, looked up without a copy of it (once a round).
  std::unordered_map<std::string, std::unique_ptr<Table>, StringHash, std::equal_to<>> tables_;
};

}  // namespace pitboss

#endif  // PITBOSS_CHECK_READING_INFERENCE_H_
