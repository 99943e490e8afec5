// RunLinePipeline: the non-blank lines of one log, worked on by several threads and taken up
// in input order. A reader thread reads (and decompresses) the log into batches of lines;
// `jobs` workers run `prepare` on each line of a batch into a slot of it, independently of
// every other line; the calling thread runs `apply` on the slots strictly in input order, and
// is itself the last of the workers, preparing a batch whenever the next one to apply is not
// ready (so jobs - 1 threads are started besides the reader).
// Whatever `jobs` is, `apply` sees the same slots in the same order, so a caller whose
// `prepare` is a pure function of the line (and of state that no thread changes meanwhile)
// and whose order-dependent work is all in `apply` gets the same result for every `jobs`.
// Every line handed to `prepare` is followed by kLinePadding readable bytes (line_reader.h).
// Memory is bounded: a fixed number of batches circulate, reused (and their slots with them),
// so a slot's buffers are reused too, from one batch to the next.
#ifndef PITBOSS_HISTORY_LINE_PIPELINE_H_
#define PITBOSS_HISTORY_LINE_PIPELINE_H_

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "history/line_reader.h"

namespace pitboss {

// The threads to use by default: the machine's cores (1 where that is unknown).
inline int DefaultJobs() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

// `prepare(worker, line_number, text, Slot*)` runs on worker `worker` (0..jobs-1; with
// jobs <= 1, on the calling thread) and may use what is that worker's own; `apply(line_number,
// Slot&)` runs on the calling thread. Returns when the reader is at the end of the log or at an
// error (reader.status()); the reader is then the caller's again (Sha256Hex...).
template <typename Slot, typename Prepare, typename Apply>
void RunLinePipeline(LineReader& reader, int jobs, Prepare&& prepare, Apply&& apply) {
  std::string_view text;
  if (jobs <= 1) {
    Slot slot;
    while (reader.Next(&text)) {
      if (IsBlankLine(text)) continue;
      prepare(0, reader.line_number(), text, &slot);
      apply(reader.line_number(), slot);
    }
    return;
  }

  constexpr size_t kBatchLines = 128;
  constexpr size_t kBatchBytes = size_t{128} << 10;
  struct Batch {
    uint64_t seq = 0;
    bool ready = false;  // prepared, waiting for its turn
    std::string bytes;
    std::vector<size_t> offsets;  // of each line in bytes, and its end: size() + 1 entries
    std::vector<int64_t> lines;
    std::vector<Slot> slots;
  };
  const size_t pool_size = static_cast<size_t>(jobs) * 3 + 2;
  std::vector<std::unique_ptr<Batch>> all;
  std::vector<Batch*> free_batches, queued;       // queued: read, in order of seq, taken from its front
  std::vector<Batch*> ready(pool_size, nullptr);  // by seq % pool_size
  for (size_t i = 0; i < pool_size; ++i) {
    all.push_back(std::make_unique<Batch>());
    all.back()->slots.resize(kBatchLines);
    free_batches.push_back(all.back().get());
  }
  // One lock, and one condition for each kind of waiter, so that a thread is woken only by
  // what it waits for: the reader by a batch freed, the workers by a batch read, the calling
  // thread by a batch read or prepared.
  std::mutex mu;
  std::condition_variable freed_cv, read_cv, prepared_cv;
  size_t queued_front = 0;
  uint64_t made = 0;
  bool end = false;
  // What a thread threw (out of memory, above all): every thread stops, and the calling
  // thread throws it again once all have joined, so that it ends the command as it would on
  // one thread, never as an exception escaping a thread (std::terminate).
  std::exception_ptr failure;
  bool failed = false;
  auto fail = [&](std::exception_ptr e) {
    std::lock_guard<std::mutex> lock(mu);
    if (!failure) failure = e;
    failed = true;
    freed_cv.notify_all();
    read_cv.notify_all();
    prepared_cv.notify_all();
  };
  std::thread read_thread([&] {
    try {
      Batch* batch = nullptr;
      auto send = [&] {
        batch->bytes.append(kLinePadding, ' ');  // after the last line's end (offsets stay)
        std::lock_guard<std::mutex> lock(mu);
        batch->seq = made++;
        queued.push_back(batch);
        batch = nullptr;
        read_cv.notify_one();
        prepared_cv.notify_one();  // the calling thread prepares batches too
      };
      while (reader.Next(&text)) {
        if (IsBlankLine(text)) continue;
        if (!batch) {
          std::unique_lock<std::mutex> lock(mu);
          freed_cv.wait(lock, [&] { return !free_batches.empty() || failed; });
          if (failed) break;
          batch = free_batches.back();
          free_batches.pop_back();
          lock.unlock();
          batch->bytes.clear();
          batch->offsets.assign(1, 0);
          batch->lines.clear();
        }
        batch->bytes.append(text);
        batch->offsets.push_back(batch->bytes.size());
        batch->lines.push_back(reader.line_number());
        if (batch->lines.size() == kBatchLines || batch->bytes.size() >= kBatchBytes) send();
      }
      if (batch) send();
      std::lock_guard<std::mutex> lock(mu);
      end = true;
      read_cv.notify_all();
      prepared_cv.notify_all();
    } catch (...) {
      fail(std::current_exception());
    }
  });

  // Takes the next batch read, under the lock; nullptr when there is none.
  auto take = [&]() -> Batch* {
    if (queued_front == queued.size()) return nullptr;
    Batch* batch = queued[queued_front++];
    if (queued_front == queued.size()) {
      queued.clear();
      queued_front = 0;
    }
    return batch;
  };
  // Prepares a batch taken, on worker `w`, and hands it to the calling thread.
  auto work = [&](int w, Batch* batch) {
    if (batch->slots.size() < batch->lines.size()) batch->slots.resize(batch->lines.size());
    for (size_t i = 0; i < batch->lines.size(); ++i) {
      std::string_view line(batch->bytes.data() + batch->offsets[i], batch->offsets[i + 1] - batch->offsets[i]);
      prepare(w, batch->lines[i], line, &batch->slots[i]);
    }
    std::lock_guard<std::mutex> lock(mu);
    batch->ready = true;
    ready[batch->seq % pool_size] = batch;
    prepared_cv.notify_one();  // only the calling thread waits for it
  };
  // jobs - 1 threads of their own; the calling thread is the last worker, preparing batches
  // whenever the next one to apply is not ready yet, so that `jobs` threads do the work and
  // none waits idle beside them.
  std::vector<std::thread> workers;
  for (int w = 0; w < jobs - 1; ++w) {
    workers.emplace_back([&, w] {
      try {
        for (;;) {
          Batch* batch = nullptr;
          {
            std::unique_lock<std::mutex> lock(mu);
            read_cv.wait(lock, [&] { return queued_front < queued.size() || end || failed; });
            if (failed) return;
            batch = take();
            if (batch == nullptr) return;  // the end, and nothing left to take
          }
          work(w, batch);
        }
      } catch (...) {
        fail(std::current_exception());
      }
    });
  }

  try {
    for (uint64_t seq = 0;; ++seq) {
      Batch* batch = nullptr;
      bool done = false;
      while (batch == nullptr && !done) {
        Batch* own = nullptr;
        {
          std::unique_lock<std::mutex> lock(mu);
          prepared_cv.wait(lock, [&] {
            Batch* b = ready[seq % pool_size];
            return (b && b->seq == seq && b->ready) || (end && seq == made) || failed ||
                   queued_front < queued.size();
          });
          Batch* b = ready[seq % pool_size];
          if (failed || (end && seq == made)) {
            done = true;
          } else if (b && b->seq == seq && b->ready) {
            batch = b;
            ready[seq % pool_size] = nullptr;
          } else {
            own = take();
          }
        }
        if (own != nullptr) work(jobs - 1, own);
      }
      if (done) break;
      for (size_t i = 0; i < batch->lines.size(); ++i) apply(batch->lines[i], batch->slots[i]);
      std::lock_guard<std::mutex> lock(mu);
      batch->ready = false;
      free_batches.push_back(batch);
      freed_cv.notify_one();
    }
  } catch (...) {
    fail(std::current_exception());
  }
  read_thread.join();
  for (std::thread& t : workers) t.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace pitboss

#endif  // PITBOSS_HISTORY_LINE_PIPELINE_H_
