// Status and StatusOr: how every fallible call in pitboss reports failure.
// No exception crosses the library boundary; callers test ok() and return early.
#ifndef PITBOSS_STATUS_H_
#define PITBOSS_STATUS_H_

#include <string>
#include <utility>
#include <variant>

namespace pitboss {

class Status {
 public:
  enum class Code {
    kOk = 0,
    kInvalidArgument,  // bad usage: exit status 2
    kNotFound,         // a file or id that does not exist
    kIoError,          // a file that cannot be read or written
    kParseError,       // input that cannot be understood (spec YAML...)
    kOutOfRange,       // arithmetic overflow, values out of their domain
  };

  Status() = default;
  static Status Ok() { return Status(); }
  static Status InvalidArgument(std::string msg) { return Status(Code::kInvalidArgument, std::move(msg)); }
  static Status NotFound(std::string msg) { return Status(Code::kNotFound, std::move(msg)); }
  static Status IoError(std::string msg) { return Status(Code::kIoError, std::move(msg)); }
  static Status ParseError(std::string msg) { return Status(Code::kParseError, std::move(msg)); }
  static Status OutOfRange(std::string msg) { return Status(Code::kOutOfRange, std::move(msg)); }

  bool ok() const { return code_ == Code::kOk; }
  Code code() const { return code_; }
  const std::string& message() const { return message_; }

 private:
  Status(Code code, std::string msg) : code_(code), message_(std::move(msg)) {}
  Code code_ = Code::kOk;
  std::string message_;
};

// Either a value or the Status saying why there is none.
template <typename T>
class StatusOr {
 public:
  StatusOr(T value) : v_(std::move(value)) {}         // NOLINT: implicit by design
  StatusOr(Status status) : v_(std::move(status)) {}  // NOLINT: implicit by design

  bool ok() const { return std::holds_alternative<T>(v_); }
  Status status() const { return ok() ? Status::Ok() : std::get<Status>(v_); }
  T& value() & { return std::get<T>(v_); }
  const T& value() const& { return std::get<T>(v_); }
  T&& value() && { return std::get<T>(std::move(v_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  std::variant<T, Status> v_;
};

}  // namespace pitboss

#endif  // PITBOSS_STATUS_H_
