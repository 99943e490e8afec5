// RunLinePipeline: the non-blank lines of one log, worked on by several threads and taken up
// in input order. Each of `jobs` workers in turn takes the reader, reads (and decompresses) the
// next batch of lines, lets the reader go and runs `prepare` on each line of the batch into a
// slot of it, independently of every other line: a batch is read and parsed on one core, so its
// bytes are still in that core's cache, and reading one batch overlaps with preparing others.
// The calling thread runs `apply` on the slots strictly in input order, and is itself the last
// of the workers, preparing a batch whenever the next one to apply is not ready (so jobs - 1
// threads are started).
// Whatever `jobs` is, `apply` sees the same slots in the same order, so a caller whose
// `prepare` is a pure function of the line (and of state that no thread changes meanwhile)
// and whose order-dependent work is all in `apply` gets the same result for every `jobs`.
// Every line handed to `prepare` is followed by kLinePadding readable bytes, the first
// kLineZeros of them zeros (line_reader.h).
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
#include <system_error>
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
//
// `reader` is a LineReader, or a source with the same Next, line_number and DigestPending (a
// DialectReader, whose items are rounds read from an operator's log). Where the source says
// which line each event of an item comes from (event_lines()), the pipeline copies them into
// the item's slot (Slot::source_lines) before `prepare`.
template <typename Slot, typename Source, typename Prepare, typename Apply>
void RunLinePipeline(Source& reader, int jobs, Prepare&& prepare, Apply&& apply) {
  constexpr bool kEventLines = requires(Source & s, Slot & slot) { slot.source_lines = s.event_lines(); };
  std::string_view text;
  if (jobs <= 1) {
    Slot slot;
    while (reader.Next(&text)) {
      if (IsBlankLine(text)) continue;
      if constexpr (kEventLines) slot.source_lines = reader.event_lines();
      prepare(0, reader.line_number(), text, &slot);
      apply(reader.line_number(), slot);
    }
    return;
  }

  constexpr size_t kBatchLines = 128;
  constexpr size_t kBatchBytes = size_t{128} << 10;
  struct Batch {
    uint64_t seq = 0;
    std::string bytes;
    // Where each line starts in bytes, and where the next would: size() + 1 entries. Each
    // line is followed by kLineZeros zeros, so line i is [offsets[i], offsets[i + 1] - kLineZeros).
    std::vector<size_t> offsets;
    std::vector<int64_t> lines;
    std::vector<Slot> slots;
  };
  // Enough batches that the calling thread can prepare ahead while a worker finishes the one it
  // must apply next; few enough that a log with findings in every round stays well in memory.
  const size_t pool_size = std::max<size_t>(8, static_cast<size_t>(jobs) * 2 + 2);
  std::vector<std::unique_ptr<Batch>> all;
  std::vector<Batch*> free_batches;
  std::vector<Batch*> ready(pool_size, nullptr);  // prepared, by seq % pool_size
  for (size_t i = 0; i < pool_size; ++i) {
    all.push_back(std::make_unique<Batch>());
    all.back()->slots.resize(kBatchLines);
    free_batches.push_back(all.back().get());
  }
  // `mu` guards the pool, the prepared batches and the flags; `read_mu` the reader, which one
  // thread at a time holds to fill a batch. Each thread that prepares a batch reads it first, so
  // a line is parsed on the core that has just copied it, still in its cache.
  std::mutex mu, read_mu;
  std::condition_variable freed_cv;     // a batch went back to the pool (workers wait)
  std::condition_variable prepared_cv;  // a batch was prepared, or the reading ended (the caller waits)
  uint64_t made = 0;                    // batches read so far: the next one's seq
  bool input_done = false;              // the reader is at its end (or an error); under mu
  // What a thread threw (out of memory, above all): every thread stops, and the calling
  // thread throws it again once all have joined, so that it ends the command as it would on
  // one thread, never as an exception escaping a thread (std::terminate).
  std::exception_ptr failure;
  bool failed = false;
  auto fail = [&](const std::exception_ptr& e) {
    std::lock_guard<std::mutex> lock(mu);
    if (!failure) failure = e;
    failed = true;
    freed_cv.notify_all();
    prepared_cv.notify_all();
  };

  // Reads the next batch into a free one and prepares it, on worker `w`. With `wait`, waits
  // for a free batch; without, gives up when there is none. False when nothing was prepared:
  // the reading is over, a thread failed, or (without `wait`) the pool is in use.
  auto step = [&](int w, bool wait) -> bool {
    Batch* batch = nullptr;
    {
      std::unique_lock<std::mutex> lock(mu);
      if (wait) freed_cv.wait(lock, [&] { return !free_batches.empty() || failed || input_done; });
      if (failed || input_done || free_batches.empty()) return false;
      batch = free_batches.back();
      free_batches.pop_back();
    }
    {
      std::lock_guard<std::mutex> reading(read_mu);
      batch->bytes.clear();
      batch->offsets.assign(1, 0);
      batch->lines.clear();
      bool more = true;
      std::string_view text;
      while (batch->lines.size() < kBatchLines && batch->bytes.size() < kBatchBytes &&
             (more = reader.Next(&text))) {
        if (IsBlankLine(text)) continue;
        batch->bytes.append(text);
        batch->bytes.append(kLineZeros, '\0');
        batch->offsets.push_back(batch->bytes.size());
        batch->lines.push_back(reader.line_number());
        if constexpr (kEventLines) {
          if (batch->slots.size() < batch->lines.size()) batch->slots.resize(batch->lines.size());
          batch->slots[batch->lines.size() - 1].source_lines = reader.event_lines();
        }
      }
      std::lock_guard<std::mutex> lock(mu);
      if (!more) {
        input_done = true;
        freed_cv.notify_all();
        prepared_cv.notify_all();
      }
      if (batch->lines.empty()) {
        free_batches.push_back(batch);
        return false;
      }
      batch->seq = made++;  // under read_mu too: seqs follow the order the lines were read in
    }
    reader.DigestPending();                  // with the reader free for another thread to read
    batch->bytes.append(kLinePadding, ' ');  // after the last line's end (offsets stay)
    if (batch->slots.size() < batch->lines.size()) batch->slots.resize(batch->lines.size());
    for (size_t i = 0; i < batch->lines.size(); ++i) {
      std::string_view line(batch->bytes.data() + batch->offsets[i],
                            batch->offsets[i + 1] - kLineZeros - batch->offsets[i]);
      prepare(w, batch->lines[i], line, &batch->slots[i]);
    }
    std::lock_guard<std::mutex> lock(mu);
    ready[batch->seq % pool_size] = batch;
    prepared_cv.notify_one();  // only the calling thread waits for it
    return true;
  };

  // jobs - 1 threads of their own; the calling thread is the last worker, preparing a batch
  // whenever the next one to apply is not ready yet, so that `jobs` threads do the work.
  // A thread that cannot be started (out of memory or of threads) leaves its share to the
  // others: the calling thread alone still does the whole. Reserved first, so that no
  // allocation can throw while threads are running and not joined.
  std::vector<std::thread> workers;
  workers.reserve(static_cast<size_t>(jobs - 1));
  for (int w = 0; w < jobs - 1; ++w) {
    try {
      workers.emplace_back([&, w] {
        try {
          while (step(w, /*wait=*/true)) {
          }
        } catch (...) {
          fail(std::current_exception());
        }
      });
    } catch (const std::system_error&) {
      break;
    }
  }

  try {
    for (uint64_t seq = 0;; ++seq) {
      Batch* batch = nullptr;
      bool done = false;
      while (batch == nullptr && !done) {
        {
          std::lock_guard<std::mutex> lock(mu);
          Batch* b = ready[seq % pool_size];
          if (failed || (input_done && seq == made)) {
            done = true;
            break;
          }
          if (b && b->seq == seq) {
            batch = b;
            ready[seq % pool_size] = nullptr;
            break;
          }
        }
        // Not ready: prepare the next batch meanwhile, if one is free (it comes later in the
        // order, so it is applied in its turn); else wait for a worker's.
        if (step(jobs - 1, /*wait=*/false)) continue;
        std::unique_lock<std::mutex> lock(mu);
        prepared_cv.wait(lock, [&] {
          Batch* b = ready[seq % pool_size];
          return (b && b->seq == seq) || failed || (input_done && seq == made) ||
                 (!input_done && !free_batches.empty());
        });
      }
      if (done) break;
      for (size_t i = 0; i < batch->lines.size(); ++i) apply(batch->lines[i], batch->slots[i]);
      std::lock_guard<std::mutex> lock(mu);
      free_batches.push_back(batch);
      freed_cv.notify_one();
    }
  } catch (...) {
    fail(std::current_exception());
  }
  for (std::thread& t : workers) t.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace pitboss

#endif  // PITBOSS_HISTORY_LINE_PIPELINE_H_
