// The rule spec: one revision of one rule set (a YAML file under rules/), typed for the
// engines. The core here is what every game shares (identity, source and revision, shoe,
// wagers with their windows and limits, ambiguities and readings, claims); what one game
// adds lives in its GameRules (games/<game>/). The YAML format is documented in docs/spec-format.md; the
// loader lives in src/spec/. A RuleSpec is immutable once loaded and safe to share between threads.
#ifndef PITBOSS_SPEC_H_
#define PITBOSS_SPEC_H_

#include <array>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "pitboss/money.h"
#include "pitboss/round.h"

namespace pitboss {

// Where a parameter comes from: the clause of the rule text, and the words quoted from it.
struct Cite {
  std::string clause;  // full, as a finding prints it: "ARSD 20:18:16:15.17(4)(d)(i)"
  std::string quote;   // verbatim from the source text; "" where the text is silent
  std::string note;    // why, where the text is silent or needs reading
  int line = 0;        // line of the citation in the spec file
};

// The order in which seats are dealt or settled. Part of the spec format.
enum class SeatOrder : uint8_t {
  kAscending,   // seat 1 (first base, dealer's left) upward, dealer last
  kDescending,  // highest seat first, dealer last
  kDealerLast,  // seats in any order, the dealer after all of them
  kAny,         // the rules prescribe no order
};

// When a wager may be placed.
enum class Window : uint8_t {
  kInitial,   // before the first card of the round
  kChoice,    // after the seat's choice to play on (its game names it: War's war), before the
              // next card
  kDecision,  // right after the decision of the same name (double, split, insurance, ride)
};

struct WagerRule {
  bool offered = false;
  bool required = false;                // a seat plays only with this wager
  std::optional<WagerKind> depends_on;  // placed only with that wager
  Window window = Window::kInitial;
  std::optional<WagerKind> equals;  // must equal that wager's amount (the raise)
  Cite equals_cite;
  std::optional<Money> max;  // the rules' own maximum
  Cite max_cite;
  bool settle_before_choice = false;  // settled before any seat's choice (Window::kChoice)
  Cite settle_cite;
  Cite cite;
};

struct Payout {
  bool present = false;  // false: the wager stays in action past this point
  Ratio net;             // the player's net per unit wagered
  Cite cite;
};

struct DealRule {
  SeatOrder order = SeatOrder::kAscending;
  int burns_before_seat_card = 0;
  int burns_before_dealer_card = 0;
  Cite cite;
  Cite burn_cite;
};

// A reading of an ambiguity: what it changes, as overrides of spec keys.
struct Override {
  std::string path;  // dotted spec key, "payouts.war.win.raise"
  int line = 0;
};

struct Reading {
  std::string name;
  bool is_default = false;
  std::string reason;  // why it is (or is not) the default
  std::vector<Override> overrides;
  int line = 0;
};

// The most readings an ambiguity may have (the checker keeps a round's consistent readings
// as one bit each).
inline constexpr size_t kMaxReadings = 64;

struct Ambiguity {
  std::string id;
  std::string tag;  // conflicting-clauses, unclear-payout-basis, erratum, unspecified...
  std::string summary;
  Cite cite;
  std::vector<Reading> readings;
  int line = 0;
};

// A figure the source publishes, kept for `pitboss rtp` to check.
struct Claim {
  std::string id;
  std::string metric;  // "rtp", "win-probability"
  std::string value;   // as published: "97.83%"
  std::string wager;   // the wager it speaks of
  std::string policy;  // "optimal", "always-war", ...
  Cite cite;
};

// A clause of the source that no hand history can show (table designation...).
struct Unobservable {
  std::string clause;
  std::string reason;
  int line = 0;
};

// A list of a spec that no reading changes (its ambiguities, claims, clauses not observable),
// shared by the spec's instances under every reading: an instance copies a pointer, not the
// list, so that a spec of many ambiguities, each read two ways, costs its size once and not
// once a reading. Read like a vector; the loader builds it (a write to a list still shared
// makes it the writer's own first).
template <typename T>
class SharedList {
 public:
  using value_type = T;
  using const_iterator = typename std::vector<T>::const_iterator;

  SharedList() = default;
  SharedList(std::initializer_list<T> items) : items_(std::make_shared<std::vector<T>>(items)) {}
  SharedList(std::vector<T> items)  // NOLINT: a vector of the items is such a list
      : items_(std::make_shared<std::vector<T>>(std::move(items))) {}

  const_iterator begin() const { return list().begin(); }
  const_iterator end() const { return list().end(); }
  size_t size() const { return list().size(); }
  bool empty() const { return list().empty(); }
  const T& operator[](size_t i) const { return list()[i]; }
  const T& front() const { return list().front(); }
  const T& back() const { return list().back(); }

  // The list, the caller's own: copied first where another instance shares it.
  std::vector<T>& Mutable() {
    if (!items_) {
      items_ = std::make_shared<std::vector<T>>();
    } else if (items_.use_count() > 1) {
      items_ = std::make_shared<std::vector<T>>(*items_);
    }
    return *items_;
  }
  void push_back(T item) { Mutable().push_back(std::move(item)); }

 private:
  const std::vector<T>& list() const {
    static const std::vector<T> kNone;
    return items_ ? *items_ : kNone;
  }
  std::shared_ptr<std::vector<T>> items_;
};

// The reading of each ambiguity an instance of a spec is built under (ambiguity id -> reading
// name): the spec's defaults, shared by its instances, and the readings this instance takes
// instead of them. An instance under one reading copies one name, not every ambiguity's.
class Readings {
 public:
  Readings() = default;
  // Every ambiguity at its reading in `defaults`.
  explicit Readings(std::map<std::string, std::string> defaults)
      : defaults_(std::make_shared<const std::map<std::string, std::string>>(std::move(defaults))) {}

  // The reading of ambiguity `id`; std::out_of_range for an id of no ambiguity (as map::at).
  const std::string& at(const std::string& id) const {
    if (auto it = chosen_.find(id); it != chosen_.end()) return it->second;
    if (defaults_) return defaults_->at(id);
    throw std::out_of_range("no ambiguity '" + id + "'");
  }
  // Reads ambiguity `id` as `name`.
  void Set(const std::string& id, const std::string& name) {
    if (defaults_) {
      if (auto it = defaults_->find(id); it != defaults_->end() && it->second == name) {
        chosen_.erase(id);
        return;
      }
    }
    chosen_[id] = name;
  }
  bool empty() const { return chosen_.empty() && (!defaults_ || defaults_->empty()); }
  // Every ambiguity's reading, in id order.
  std::map<std::string, std::string> Map() const {
    std::map<std::string, std::string> all = defaults_ ? *defaults_ : std::map<std::string, std::string>{};
    for (const auto& [id, name] : chosen_) all[id] = name;
    return all;
  }
  // The same reading of every ambiguity.
  friend bool operator==(const Readings& a, const Readings& b) {
    if (a.defaults_ == b.defaults_) return a.chosen_ == b.chosen_;
    return a.Map() == b.Map();
  }

 private:
  std::shared_ptr<const std::map<std::string, std::string>> defaults_;
  std::map<std::string, std::string> chosen_;  // where other than defaults_
};

// The rules one game adds to the core of a spec: a game's own kinds of rule (a War game's
// ranks and payout table, a blackjack game's drawing rules). Each game defines one subclass
// in its folder (games/war/war_rules.h...). Immutable once loaded.
class GameRules {
 public:
  virtual ~GameRules() = default;
  virtual std::unique_ptr<GameRules> Clone() const = 0;
  // The game these are the rules of: a spec's `game`.
  virtual std::string_view game() const = 0;
};

// A GameRules held by value: copying a spec copies its game's rules.
class GameRulesHolder {
 public:
  GameRulesHolder() = default;
  explicit GameRulesHolder(std::unique_ptr<GameRules> rules) : rules_(std::move(rules)) {}
  GameRulesHolder(const GameRulesHolder& o) : rules_(o.rules_ ? o.rules_->Clone() : nullptr) {}
  GameRulesHolder& operator=(const GameRulesHolder& o) {
    if (this != &o) rules_ = o.rules_ ? o.rules_->Clone() : nullptr;
    return *this;
  }
  GameRulesHolder(GameRulesHolder&&) = default;
  GameRulesHolder& operator=(GameRulesHolder&&) = default;

  const GameRules* get() const { return rules_.get(); }
  GameRules* get() { return rules_.get(); }

 private:
  std::unique_ptr<GameRules> rules_;
};

struct RuleSpec {
  std::string id;  // "us-sd/casino-war"
  std::string title;
  std::string game;    // the engine: "war"
  std::string path;    // the file it was loaded from
  std::string sha256;  // of that file's bytes, then of its parts' in order
  // The parts it includes (`include:`), in order: the file each was read from, found in
  // the rules search path (spec/rules_path.h), and the sha256 of its bytes.
  struct Part {
    std::string path;
    std::string sha256;
  };
  std::vector<Part> parts;
  std::string citation;            // the source's citation: "ARSD 20:18:16:15.17"
  std::vector<std::string> texts;  // source text files, relative to the rules folder
  std::string revision;            // revision name
  int32_t effective = 0;           // yyyymmdd; rounds dated before are not under this spec
  std::string register_ref;        // "38 SDR 172"

  struct {
    int min = 1;
    int max = 8;
    Cite cite;
  } decks;
  struct {
    bool required = false;
    Cite cite;
  } fresh_shuffle;
  std::array<WagerRule, kWagerKinds> wagers{};

  SharedList<Ambiguity> ambiguities;
  SharedList<Claim> claims;
  SharedList<Unobservable> unobservable;
  // The reading of each ambiguity this instance is built under.
  Readings readings;

  // The rules of the spec's game beyond the core (games/<game>/): set by the loader.
  GameRulesHolder game_rules;

  const WagerRule& wager(WagerKind k) const { return wagers[static_cast<int>(k)]; }
};

std::string_view ToString(SeatOrder order);

}  // namespace pitboss

#endif  // PITBOSS_SPEC_H_
