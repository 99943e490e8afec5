// FindingStore (pitboss/report.h): findings beyond a threshold spilled to an unlinked
// temporary file in a compact binary form, read back in order.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include "base/temporaries.h"
#include "pitboss/report.h"

namespace pitboss {

namespace {

// The spill file's record of a finding: its length (4 bytes), then the fields in the order
// of the struct, integers in the machine's order (the file never leaves the process).
class Encoder {
 public:
  explicit Encoder(std::string* out) : out_(out) {}
  template <typename T>
  void Raw(T v) {
    out_->append(reinterpret_cast<const char*>(&v), sizeof v);
  }
  void Str(const std::string& s) {
    Raw(static_cast<uint32_t>(s.size()));
    out_->append(s);
  }
  template <typename T>
  void Opt(const std::optional<T>& v) {
    Raw<uint8_t>(v.has_value());
    if (v) Raw(*v);
  }
  void Strs(const std::vector<std::string>& v) {
    Raw(static_cast<uint32_t>(v.size()));
    for (const std::string& s : v) Str(s);
  }
  void Consequences(const std::vector<Consequence>& v) {
    Raw(static_cast<uint32_t>(v.size()));
    for (const Consequence& c : v) {
      Str(c.input);
      Raw(c.line);
      Str(c.round);
      Opt(c.event);
      Str(c.card);
    }
  }

 private:
  std::string* out_;
};

class Decoder {
 public:
  Decoder(const char* p, const char* end) : p_(p), end_(end) {}
  template <typename T>
  T Raw() {
    T v;
    if (static_cast<size_t>(end_ - p_) < sizeof v) Corrupt();
    std::memcpy(&v, p_, sizeof v);
    p_ += sizeof v;
    return v;
  }
  void Str(std::string* s) {
    const auto n = Raw<uint32_t>();
    if (static_cast<size_t>(end_ - p_) < n) Corrupt();
    s->assign(p_, n);
    p_ += n;
  }
  template <typename T>
  void Opt(std::optional<T>* v) {
    if (Raw<uint8_t>()) {
      *v = Raw<T>();
    } else {
      v->reset();
    }
  }
  void Strs(std::vector<std::string>* v) {
    v->resize(Raw<uint32_t>());
    for (std::string& s : *v) Str(&s);
  }
  void Consequences(std::vector<Consequence>* v) {
    v->resize(Raw<uint32_t>());
    for (Consequence& c : *v) {
      Str(&c.input);
      c.line = Raw<int64_t>();
      Str(&c.round);
      Opt(&c.event);
      Str(&c.card);
    }
  }

 private:
  [[noreturn]] static void Corrupt() {
    std::cerr << "pitboss: the temporary file of findings reads back corrupt\n";
    std::abort();
  }
  const char* p_;
  const char* end_;
};

void Encode(const Finding& f, std::string* out) {
  const size_t at = out->size();
  Encoder e(out);
  e.Raw<uint32_t>(0);  // the length, set below
  e.Raw(f.code);
  e.Str(f.round);
  e.Str(f.table);
  e.Str(f.input);
  e.Raw(f.line);
  e.Opt(f.seat);
  e.Opt(f.hand);
  e.Opt(f.wager);
  e.Opt(f.expected);
  e.Opt(f.actual);
  e.Str(f.clause);
  e.Strs(f.reading_dependent);
  e.Str(f.message);
  e.Str(f.time);
  e.Str(f.revision);
  e.Opt(f.event);
  e.Raw(static_cast<uint32_t>(f.cleared_by.size()));
  for (const ClearedBy& c : f.cleared_by) {
    e.Str(c.ambiguity);
    e.Strs(c.readings);
  }
  e.Str(f.currency);
  e.Raw(f.consequences);
  e.Str(f.consequences_note);
  e.Raw(f.baseline);
  e.Str(f.rules);
  e.Opt(f.money_moved);
  e.Consequences(f.consequence_list);
  const auto length = static_cast<uint32_t>(out->size() - at - sizeof(uint32_t));
  std::memcpy(out->data() + at, &length, sizeof length);
}

void Decode(const char* p, const char* end, Finding* f) {
  Decoder d(p, end);
  f->code = d.Raw<Code>();
  d.Str(&f->round);
  d.Str(&f->table);
  d.Str(&f->input);
  f->line = d.Raw<int64_t>();
  d.Opt(&f->seat);
  d.Opt(&f->hand);
  d.Opt(&f->wager);
  d.Opt(&f->expected);
  d.Opt(&f->actual);
  d.Str(&f->clause);
  d.Strs(&f->reading_dependent);
  d.Str(&f->message);
  d.Str(&f->time);
  d.Str(&f->revision);
  d.Opt(&f->event);
  f->cleared_by.resize(d.Raw<uint32_t>());
  for (ClearedBy& c : f->cleared_by) {
    d.Str(&c.ambiguity);
    d.Strs(&c.readings);
  }
  d.Str(&f->currency);
  f->consequences = d.Raw<int64_t>();
  d.Str(&f->consequences_note);
  f->baseline = d.Raw<BaselineState>();
  d.Str(&f->rules);
  d.Opt(&f->money_moved);
  d.Consequences(&f->consequence_list);
}

[[noreturn]] void Fatal(const std::string& what) {
  std::cerr << "pitboss: " << what << ": " << std::strerror(errno) << "\n";
  std::exit(2);
}

}  // namespace

// The spilled findings: written once, in order, then only read (by offset: any number of
// readers at once).
struct FindingStore::File {
  int fd = -1;
  int64_t bytes = 0;
  ~File() {
    if (fd >= 0) ::close(fd);
  }
};

struct FindingStore::iterator::Cursor {
  std::shared_ptr<File> file;
  int64_t offset = 0;  // in the file, of buf_[0]
  std::string buf;
  size_t pos = 0;  // of the current record in buf
  Finding finding;
  size_t loaded = SIZE_MAX;  // the index `finding` holds

  // Makes the record at pos wholly present in buf.
  void Ensure(size_t n) {
    if (buf.size() - pos >= n) return;
    buf.erase(0, pos);
    offset += static_cast<int64_t>(pos);
    pos = 0;
    size_t want = std::max<size_t>(n, size_t{1} << 18);
    size_t have = buf.size();
    buf.resize(std::max(want, have));
    while (have < n) {
      const int64_t at = offset + static_cast<int64_t>(have);
      const size_t cap =
          static_cast<size_t>(std::min<int64_t>(static_cast<int64_t>(buf.size() - have), file->bytes - at));
      if (cap == 0) Fatal("the temporary file of findings ends early");
      ssize_t got = ::pread(file->fd, buf.data() + have, cap, at);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) Fatal("cannot read back the temporary file of findings");
      have += static_cast<size_t>(got);
    }
    buf.resize(have);
  }
};

size_t FindingStore::DefaultThreshold() {
  static const size_t threshold = [] {
    const char* env = std::getenv("PITBOSS_FINDINGS_IN_MEMORY");
    if (env && *env) {
      char* end = nullptr;
      unsigned long long n = std::strtoull(env, &end, 10);
      if (end && *end == '\0' && n > 0) return static_cast<size_t>(n);
    }
    return size_t{1} << 13;
  }();
  return threshold;
}

FindingStore::FindingStore() : threshold_(DefaultThreshold()) {}
FindingStore::FindingStore(size_t threshold) : threshold_(std::max<size_t>(threshold, 1)) {}
FindingStore::FindingStore(std::initializer_list<Finding> findings)
    : threshold_(DefaultThreshold()), held_(findings) {}
FindingStore::FindingStore(std::vector<Finding> findings)
    : threshold_(DefaultThreshold()), held_(std::move(findings)) {}
FindingStore::FindingStore(const FindingStore&) = default;
FindingStore::FindingStore(FindingStore&&) noexcept = default;
FindingStore& FindingStore::operator=(const FindingStore&) = default;
FindingStore& FindingStore::operator=(FindingStore&&) noexcept = default;
FindingStore::~FindingStore() = default;

void FindingStore::push_back(Finding finding) {
  held_.push_back(std::move(finding));
  if (held_.size() > threshold_) Spill();
}

Finding& FindingStore::emplace_back() {
  // The one added stays in memory (it is the caller's to fill in) until the next is added.
  if (held_.size() >= threshold_) Spill();
  return held_.emplace_back();
}

void FindingStore::clear() {
  held_.clear();
  spilled_ = 0;
  file_.reset();
  patches_.clear();
}

Finding& FindingStore::operator[](size_t i) {
  if (i < spilled_ || i >= size()) {
    std::cerr << "pitboss: finding " << i << " is not held in memory\n";
    std::abort();
  }
  return held_[i - spilled_];
}

const Finding& FindingStore::operator[](size_t i) const {
  return const_cast<FindingStore*>(this)->operator[](i);
}

void FindingStore::Patch(size_t i, int64_t consequences, std::string note) {
  if (i >= spilled_) {
    Finding& f = (*this)[i];
    f.consequences = consequences;
    f.consequences_note = std::move(note);
    return;
  }
  // A list patched before stays: as on a finding held, this patch leaves it as it is.
  Patched& patch = patches_[i];
  patch.consequences = consequences;
  patch.note = std::move(note);
}

void FindingStore::Patch(size_t i, int64_t consequences, std::string note, std::vector<Consequence> list) {
  if (i >= spilled_) {
    Finding& f = (*this)[i];
    f.consequences = consequences;
    f.consequences_note = std::move(note);
    f.consequence_list = std::move(list);
    return;
  }
  patches_[i] = {consequences, std::move(note), std::move(list)};
}

void FindingStore::Own() {
  if (!file_ || file_.use_count() == 1) return;
  // Shared with a copy: this one writes a file of its own, a copy of the shared one's bytes.
  std::shared_ptr<File> shared = std::move(file_);
  file_.reset();
  const size_t keep = spilled_;
  std::vector<Finding> held = std::move(held_);
  held_.clear();
  spilled_ = 0;
  auto patches = std::move(patches_);
  patches_.clear();
  FindingStore reader;
  reader.file_ = shared;
  reader.spilled_ = keep;
  reader.patches_ = patches;
  // Re-spilled in chunks: the patches move with them, applied on reading.
  for (iterator it = reader.begin(); it != reader.end(); ++it) {
    held_.push_back(*it);
    if (held_.size() >= threshold_) Spill();
  }
  for (Finding& f : held) held_.push_back(std::move(f));
}

void FindingStore::Spill() {
  Own();
  if (!file_) {
    const char* dir = std::getenv("TMPDIR");
    std::string path = std::string(dir && *dir ? dir : "/tmp") + "/pitboss-findings.XXXXXX";
    int fd = MakeTemporary(&path);
    if (fd < 0) Fatal("cannot make a temporary file for findings in " + path.substr(0, path.rfind('/')));
    RemoveTemporary(path);  // gone when the process ends, however it ends
    file_ = std::make_shared<File>();
    file_->fd = fd;
  }
  std::string out;
  out.reserve(held_.size() * 512);
  for (const Finding& f : held_) Encode(f, &out);
  for (size_t done = 0; done < out.size();) {
    ssize_t n =
        ::pwrite(file_->fd, out.data() + done, out.size() - done, file_->bytes + static_cast<int64_t>(done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) Fatal("cannot write the temporary file of findings");
    done += static_cast<size_t>(n);
  }
  file_->bytes += static_cast<int64_t>(out.size());
  spilled_ += held_.size();
  held_.clear();
}

std::vector<Finding> FindingStore::ToVector() const {
  std::vector<Finding> all;
  all.reserve(size());
  for (const Finding& f : *this) all.push_back(f);
  return all;
}

FindingStore::iterator::iterator(FindingStore* store, size_t index) : store_(store), index_(index) {
  if (index_ < store_->spilled_) {
    cursor_ = std::make_shared<Cursor>();
    cursor_->file = store_->file_;
  }
}

Finding& FindingStore::iterator::operator*() const {
  if (index_ >= store_->spilled_) return store_->held_[index_ - store_->spilled_];
  Cursor& c = *cursor_;
  if (c.loaded != index_) {
    c.Ensure(sizeof(uint32_t));
    uint32_t length = 0;
    std::memcpy(&length, c.buf.data() + c.pos, sizeof length);
    c.Ensure(sizeof length + length);
    const char* p = c.buf.data() + c.pos + sizeof length;
    Decode(p, p + length, &c.finding);
    if (auto it = store_->patches_.find(index_); it != store_->patches_.end()) {
      c.finding.consequences = it->second.consequences;
      c.finding.consequences_note = it->second.note;
      if (it->second.list) c.finding.consequence_list = *it->second.list;
    }
    c.loaded = index_;
  }
  return c.finding;
}

FindingStore::iterator& FindingStore::iterator::operator++() {
  if (index_ < store_->spilled_) {
    Cursor& c = *cursor_;
    c.Ensure(sizeof(uint32_t));
    uint32_t length = 0;
    std::memcpy(&length, c.buf.data() + c.pos, sizeof length);
    c.Ensure(sizeof length + length);
    c.pos += sizeof length + length;
  }
  ++index_;
  return *this;
}

}  // namespace pitboss
