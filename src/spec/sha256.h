// SHA-256 of a byte string, hex encoded: how a report pins the exact spec file it used.
#ifndef PITBOSS_SPEC_SHA256_H_
#define PITBOSS_SPEC_SHA256_H_

#include <string>
#include <string_view>

namespace pitboss {

std::string Sha256Hex(std::string_view data);

}  // namespace pitboss

#endif  // PITBOSS_SPEC_SHA256_H_
