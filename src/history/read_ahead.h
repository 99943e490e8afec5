// ReadAhead: a source of items (a DialectReader's grouped rounds, or anything with Next,
// line_number and DigestPending, as a line pipeline reads) read ahead on a thread of its own,
// so that finding the next items overlaps with whatever the caller does with the last ones.
//
// Why it exists: a dialect's reader does real work for each item (splitting records, finding
// their kinds, grouping them into rounds) where a v1 log's reader only cuts lines. With one
// thread checking (--jobs 1) that work would take turns with the check; read ahead, it runs
// beside it, as decompression and the digest do (LineReaderOptions::decode_ahead). With more
// threads, it is one of them, and the line pipeline's workers (the others) take their items
// from it: taking the dialect's reader in turn instead, each would leave its own work (its
// caches, its converter's) for the reader's, which measured slower.
//
// The items, their lines and their order are the source's: only when they are found changes.
// Each item is followed by kLinePadding readable bytes, the first kLineZeros of them zeros, as
// a LineReader's lines are.
// Memory is bounded: a few batches of items circulate, reused. Where no thread can be started,
// the source is read as items are asked for.
#ifndef PITBOSS_HISTORY_READ_AHEAD_H_
#define PITBOSS_HISTORY_READ_AHEAD_H_

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#include "history/line_reader.h"

namespace pitboss {

template <typename Source>
class ReadAhead {
 public:
  // `source` must outlive this, and is not to be used by anyone else until it is destroyed.
  explicit ReadAhead(Source& source) : source_(source) {}
  ~ReadAhead() { Stop(); }
  ReadAhead(const ReadAhead&) = delete;
  ReadAhead& operator=(const ReadAhead&) = delete;

  // As Source::Next: the view stays valid until the next call. Rethrows what the reading
  // thread threw (out of memory).
  bool Next(std::string_view* text) {
    if (!started_) Start();
    if (!thread_.joinable()) {  // no thread: read as asked
      if (!source_.Next(text)) return false;
      line_ = source_.line_number();
      return true;
    }
    while (current_ == nullptr || at_ == current_->items.size()) {
      std::unique_lock<std::mutex> lock(mu_);
      if (current_ != nullptr) {
        free_.push_back(current_);
        current_ = nullptr;
        cv_.notify_all();
      }
      cv_.wait(lock, [&] { return !ready_.empty() || done_; });
      if (ready_.empty()) {
        lock.unlock();
        Stop();
        if (failure_) std::rethrow_exception(failure_);
        return false;
      }
      current_ = ready_.front();
      ready_.pop_front();
      at_ = 0;
    }
    const Item& item = current_->items[at_++];
    line_ = item.line;
    *text = std::string_view(current_->text).substr(item.begin, item.size);
    return true;
  }
  // The line the item returned last starts at (Source::line_number when it was read).
  int64_t line_number() const { return line_; }
  // The reading thread digests what it read after each batch.
  void DigestPending() {}

 private:
  struct Item {
    int64_t line = 0;
    size_t begin = 0, size = 0;
  };
  struct Batch {
    std::string text;  // the items' texts, one after another
    std::vector<Item> items;
  };
  // A batch holds this many items, or this many bytes of them (one item may be larger).
  static constexpr size_t kBatchItems = 256;
  static constexpr size_t kBatchBytes = size_t{256} << 10;
  static constexpr size_t kBatches = 4;

  void Start() {
    started_ = true;
    for (size_t i = 0; i < kBatches; ++i) {
      batches_.push_back(std::make_unique<Batch>());
      free_.push_back(batches_.back().get());
    }
    try {
      thread_ = std::thread([this] { Read(); });
    } catch (const std::system_error&) {
      // Out of threads: the caller reads the source itself.
    }
  }

  // The reading thread: fills free batches until the source ends, the caller stops, or
  // something throws.
  void Read() {
    try {
      while (true) {
        Batch* batch = nullptr;
        {
          std::unique_lock<std::mutex> lock(mu_);
          cv_.wait(lock, [&] { return !free_.empty() || stop_; });
          if (stop_) return;
          batch = free_.back();
          free_.pop_back();
        }
        batch->text.clear();
        batch->items.clear();
        bool more = true;
        std::string_view text;
        while (batch->items.size() < kBatchItems && batch->text.size() < kBatchBytes &&
               (more = source_.Next(&text))) {
          batch->items.push_back({source_.line_number(), batch->text.size(), text.size()});
          batch->text.append(text);
          // As a LineReader's lines are: kLinePadding readable bytes after each, zeros first.
          batch->text.append(kLineZeros, '\0');
          batch->text.append(kLinePadding - kLineZeros, ' ');
        }
        source_.DigestPending();
        std::lock_guard<std::mutex> lock(mu_);
        if (batch->items.empty()) {
          free_.push_back(batch);
        } else {
          ready_.push_back(batch);
        }
        if (!more) done_ = true;
        cv_.notify_all();
        if (!more) return;
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(mu_);
      failure_ = std::current_exception();
      done_ = true;
      cv_.notify_all();
    }
  }

  void Stop() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
      cv_.notify_all();
    }
    thread_.join();
  }

  Source& source_;
  bool started_ = false;
  std::thread thread_;
  std::vector<std::unique_ptr<Batch>> batches_;
  // Under mu_: the batches free to fill, those filled in order, and the flags.
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<Batch*> free_;
  std::deque<Batch*> ready_;
  bool done_ = false;
  bool stop_ = false;
  std::exception_ptr failure_;
  // The caller's: the batch it reads from, and where.
  Batch* current_ = nullptr;
  size_t at_ = 0;
  int64_t line_ = 0;
};

}  // namespace pitboss

#endif  // PITBOSS_HISTORY_READ_AHEAD_H_
