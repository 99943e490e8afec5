#include "base/sha256.h"

#include <openssl/evp.h>

#include <cstdlib>

namespace pitboss {

namespace {

std::string HexOf(const unsigned char* digest, unsigned int n) {
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * n);
  for (unsigned int i = 0; i < n; ++i) {
    out += kHex[digest[i] >> 4];
    out += kHex[digest[i] & 15];
  }
  return out;
}

}  // namespace

struct Sha256::Context {
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  ~Context() { EVP_MD_CTX_free(ctx); }
};

Sha256::Sha256() : ctx_(std::make_unique<Context>()) {
  // Failure here means libcrypto itself is broken or out of memory: nothing to report it to.
  if (ctx_->ctx == nullptr || EVP_DigestInit_ex(ctx_->ctx, EVP_sha256(), nullptr) != 1) std::abort();
}

Sha256::~Sha256() = default;

void Sha256::Update(std::string_view data) {
  if (!data.empty()) EVP_DigestUpdate(ctx_->ctx, data.data(), data.size());
}

std::string Sha256::Hex() const {
  EVP_MD_CTX* copy = EVP_MD_CTX_new();
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  if (copy == nullptr || EVP_MD_CTX_copy_ex(copy, ctx_->ctx) != 1 ||
      EVP_DigestFinal_ex(copy, digest, &n) != 1) {
    std::abort();
  }
  EVP_MD_CTX_free(copy);
  return HexOf(digest, n);
}

std::string Sha256Hex(std::string_view data) {
  Sha256 h;
  h.Update(data);
  return h.Hex();
}

}  // namespace pitboss
