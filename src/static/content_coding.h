#pragma once
// Accept-Encoding negotiation (RFC 9110 §12.5.3) between a file and its precompressed
// siblings (file.br, file.gz). Pure, allocation-free.
#include <cstdint>
#include <string_view>

namespace nodecc::staticfiles::core {

enum class Coding : uint8_t { kIdentity = 0, kGzip = 1, kBrotli = 2 };
inline constexpr int kCodingCount = 3;

// The representation to send. Each coding gets its q-value (explicit, else "*"'s; identity
// is acceptable unless excluded by identity;q=0 or by *;q=0 without an identity entry); the
// highest wins among those available, ties going to br, then gzip, then identity (smaller
// first). `acceptEncoding.data() == nullptr` (no header) means identity. When nothing
// acceptable is available, identity (RFC 9110 lets the server ignore the header rather than
// answer 406; nginx does the same).
Coding chooseCoding(std::string_view acceptEncoding, bool haveGzip, bool haveBrotli);

// Parses a qvalue ("0", "0.5", "1.000") into thousandths; false when malformed.
bool parseQValue(std::string_view s, int* thousandths);

}  // namespace nodecc::staticfiles::core
