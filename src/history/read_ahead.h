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
// Sharing the caller's work. Given a `work` (a Work: `bool operator()(std::string_view item,
// Work::Result*)`, which does for an item what the caller would do first with it, a dialect's
// round converted), the reading thread does it for items read ahead, the newest first, whenever
// it would wait for the caller otherwise (every batch read ahead, none free), and once the source
// is read, for what the caller has still to take: the two threads share what the slower of them
// has to do, whichever it is. The caller takes done() with each
// item: the reading thread's result, or nullptr where the item is the caller's to do (work
// returned false, or was not asked, or is given no thread). An item is done once, by one of
// them: each claims it first.
//
// The items, their lines and their order are the source's: only when they are found changes.
// Each item is followed by kLinePadding readable bytes, the first kLineZeros of them zeros, as
// a LineReader's lines are.
// Memory is bounded: a few batches of items circulate, reused. Where no thread can be started,
// the source is read as items are asked for.
#ifndef PITBOSS_HISTORY_READ_AHEAD_H_
#define PITBOSS_HISTORY_READ_AHEAD_H_

#include <atomic>
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

// A ReadAhead's work where it shares none.
struct NoWork {
  struct Result {};
  bool operator()(std::string_view, Result*) { return false; }
};

template <typename Source, typename Work = NoWork>
class ReadAhead {
 public:
  using Result = typename Work::Result;
  // `source` (and `work`, where given) must outlive this, and `source` is not to be used by
  // anyone else until it is destroyed. `work` runs on the reading thread alone.
  explicit ReadAhead(Source& source, Work* work = nullptr) : source_(source), work_(work) {}
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
    const size_t i = at_++;
    const Item& item = current_->items[i];
    line_ = item.line;
    *text = std::string_view(current_->text).substr(item.begin, item.size);
    if (work_ != nullptr) {
      done_item_ = nullptr;
      // Claimed here, unless the reading thread has it: then its result, once it is done.
      std::atomic<uint8_t>& state = current_->states[i];
      uint8_t was = kOpen;
      if (!state.compare_exchange_strong(was, kCallers, std::memory_order_acq_rel)) {
        while (was == kWorking) {
          std::this_thread::yield();
          was = state.load(std::memory_order_acquire);
        }
        if (was == kDone) done_item_ = &current_->results[i];
      }
    }
    return true;
  }
  // The line the item returned last starts at (Source::line_number when it was read).
  int64_t line_number() const { return line_; }
  // The result of the work the reading thread did on the item returned last, or nullptr where
  // it did none (the caller's to do). Valid until the next call of Next, and to be called on
  // the thread that calls Next.
  Result* done() const { return done_item_; }
  // The reading thread digests what it read after each batch.
  void DigestPending() {}

 private:
  struct Item {
    int64_t line = 0;
    size_t begin = 0, size = 0;
  };
  // Who has each item of a batch (with a work): nobody yet, the reading thread (doing it, or
  // done: its result), or the caller.
  static constexpr uint8_t kOpen = 0, kWorking = 1, kDone = 2, kCallers = 3;
  // A batch holds this many items, or this many bytes of them (one item may be larger).
  static constexpr size_t kBatchItems = 256;
  static constexpr size_t kBatchBytes = size_t{256} << 10;
  static constexpr size_t kBatches = 4;
  struct Batch {
    std::string text;  // the items' texts, one after another
    std::vector<Item> items;
    // With a work: each item's state and result (their buffers reused), and the first item
    // the reading thread has not looked at to do.
    std::unique_ptr<std::atomic<uint8_t>[]> states;
    std::vector<Result> results;
    size_t unlooked = 0;
  };

  void Start() {
    started_ = true;
    for (size_t i = 0; i < kBatches; ++i) {
      batches_.push_back(std::make_unique<Batch>());
      if (work_ != nullptr) {
        batches_.back()->states = std::make_unique<std::atomic<uint8_t>[]>(kBatchItems);
        batches_.back()->results.resize(kBatchItems);
      }
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
          // The caller is behind: its work on the items read ahead, rather than a wait.
          while (free_.empty() && !stop_ && Help(lock)) {
          }
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
        if (work_ != nullptr) {
          for (size_t i = 0; i < batch->items.size(); ++i)
            batch->states[i].store(kOpen, std::memory_order_relaxed);
          batch->unlooked = 0;
        }
        source_.DigestPending();
        std::unique_lock<std::mutex> lock(mu_);
        if (batch->items.empty()) {
          free_.push_back(batch);
        } else {
          ready_.push_back(batch);
        }
        if (!more) done_ = true;
        cv_.notify_all();
        if (!more) {
          // All read: the caller's work on the items it has still to take, while there is some.
          while (!stop_ && Help(lock)) {
          }
          return;
        }
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(mu_);
      failure_ = std::current_exception();
      done_ = true;
      cv_.notify_all();
    }
  }

  // On the reading thread, with `lock` (of mu_) held, as it is again on return: does the work
  // of one item of a batch read ahead that nobody has claimed, the newest batch's first; false
  // where there is none.
  bool Help(std::unique_lock<std::mutex>& lock) {
    if (work_ == nullptr) return false;
    for (auto b = ready_.rbegin(); b != ready_.rend(); ++b) {
      Batch* batch = *b;
      while (batch->unlooked < batch->items.size()) {
        const size_t i = batch->unlooked++;
        uint8_t was = kOpen;
        if (!batch->states[i].compare_exchange_strong(was, kWorking, std::memory_order_acq_rel)) continue;
        // The batch stays: the caller frees it only once it has taken this item, done.
        lock.unlock();
        const Item& item = batch->items[i];
        bool did = false;
        try {
          did = (*work_)(std::string_view(batch->text).substr(item.begin, item.size), &batch->results[i]);
        } catch (...) {
          batch->states[i].store(kOpen, std::memory_order_release);  // the caller's to do
          lock.lock();
          throw;
        }
        batch->states[i].store(did ? kDone : kOpen, std::memory_order_release);
        lock.lock();
        return true;
      }
    }
    return false;
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
  Work* work_;
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
  Result* done_item_ = nullptr;
};

}  // namespace pitboss

#endif  // PITBOSS_HISTORY_READ_AHEAD_H_
