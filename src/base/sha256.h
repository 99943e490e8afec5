// SHA-256, hex encoded, through OpenSSL's libcrypto (a validated implementation: the digest
// an auditor cites should not be the project's own code): how a report pins the exact spec
// files and logs it read.
#ifndef PITBOSS_BASE_SHA256_H_
#define PITBOSS_BASE_SHA256_H_

#include <memory>
#include <string>
#include <string_view>

namespace pitboss {

std::string Sha256Hex(std::string_view data);

// The digest of a stream of bytes fed in pieces. Not thread-safe.
class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  void Update(std::string_view data);
  // The digest of everything fed so far, hex encoded; the stream can go on after it.
  std::string Hex() const;

 private:
  struct Context;
  std::unique_ptr<Context> ctx_;
};

}  // namespace pitboss

#endif  // PITBOSS_BASE_SHA256_H_
