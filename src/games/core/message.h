// A finding's message, joined from its parts in one string sized once (as absl::StrCat does):
// words, whole numbers, an event ("event 12: ") or a seat ("seat 3", "the dealer"). Events are
// numbered from 0, as the round's events array counts them (docs/report.md).
#ifndef PITBOSS_GAMES_CORE_MESSAGE_H_
#define PITBOSS_GAMES_CORE_MESSAGE_H_

#include <algorithm>
#include <charconv>
#include <concepts>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <string>
#include <string_view>
#include <type_traits>

#include "pitboss/round.h"

namespace pitboss {

// An event in a message: "event 12: ".
struct Ev {
  explicit Ev(int e) : event(e) {}
  int event;
};

// A seat in a message: "seat 3", or "the dealer"; with a hand, "seat 3 hand 2".
struct Who {
  explicit Who(Seat s, int h = 0) : seat(s), hand(h) {}
  Seat seat;
  int hand;
};

// One part of a finding's message. It may point into itself, so it is never copied.
class Part {
 public:
  // Implicit (NOLINT), so that Cat's arguments become parts.
  template <size_t N>
  Part(const char (&literal)[N]) : text_(literal, N - 1) {}  // NOLINT: a literal's length, known
  Part(const char* text) : text_(text) {}                    // NOLINT
  Part(std::string_view text) : text_(text) {}               // NOLINT
  Part(const std::string& text) : text_(text) {}             // NOLINT
  template <std::signed_integral T>
  requires(!std::is_same_v<T, char>) Part(T n) : text_(Write("", n)) {}  // NOLINT
  Part(Ev ev) : text_(Write("event ", ev.event, ": ")) {}                // NOLINT
  // Words made only when the message is joined: a finding not wanted words nothing.
  template <std::invocable Make>
  requires std::convertible_to<std::invoke_result_t<Make>, std::string> Part(const Make& make)  // NOLINT
      : made_(make()), text_(made_) {}
  Part(Who who) {  // NOLINT
    if (who.seat == kDealer) {
      text_ = "the dealer";
    } else if (who.hand > 0) {
      char* end = std::to_chars(buffer_ + 5, std::end(buffer_), who.seat).ptr;
      std::copy_n("seat ", 5, buffer_);
      end = std::copy_n(" hand ", 6, end);
      end = std::to_chars(end, std::end(buffer_), who.hand).ptr;
      text_ = {buffer_, static_cast<size_t>(end - buffer_)};
    } else {
      text_ = Write("seat ", who.seat);
    }
  }
  Part(const Part&) = delete;
  Part& operator=(const Part&) = delete;

  std::string_view text() const { return text_; }

 private:
  std::string_view Write(std::string_view prefix, int64_t n, std::string_view suffix = "") {
    char* end = std::copy(prefix.begin(), prefix.end(), buffer_);
    end = std::to_chars(end, std::end(buffer_), n).ptr;
    end = std::copy(suffix.begin(), suffix.end(), end);
    return {buffer_, static_cast<size_t>(end - buffer_)};
  }

  char buffer_[48];  // "seat ", an int, " hand ", an int; or "event ", an int64 and ": "
  std::string made_;
  std::string_view text_;
};

// The parts one after the other, in a string allocated once at their total size.
inline std::string Join(std::initializer_list<Part> parts) {
  size_t size = 0;
  for (const Part& part : parts) size += part.text().size();
  std::string text(size, '\0');
  char* at = text.data();
  for (const Part& part : parts) at = std::copy(part.text().begin(), part.text().end(), at);
  return text;
}

template <typename... Parts>
std::string Cat(const Parts&... parts) {
  return Join({Part(parts)...});
}

}  // namespace pitboss

#endif  // PITBOSS_GAMES_CORE_MESSAGE_H_
