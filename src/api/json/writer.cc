// JSON.stringify's output: V8's escaping (QuoteJSONString with well-formed stringify) and
// layout. Strings are copied in runs between the bytes that need attention, found sixteen at a
// time.
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "api/json/number.h"
#include "api/json/scan.h"
#include "nodecc/detail/json_writer.h"
#include "nodecc/json.h"

namespace nodecc::JSON::detail {

namespace {

// The escape V8 writes for a byte below 0x20, '"' or '\\': two characters, or 0 for \u00XX.
constexpr char shortEscape(unsigned char c) noexcept {
  switch (c) {
    case '\b':
      return 'b';
    case '\t':
      return 't';
    case '\n':
      return 'n';
    case '\f':
      return 'f';
    case '\r':
      return 'r';
    case '"':
      return '"';
    case '\\':
      return '\\';
    default:
      return 0;
  }
}

constexpr char kHex[] = "0123456789abcdef";

}  // namespace

namespace {

// The output buffer of the thread's writers, kept between calls while it is at most this
// large (a larger one, from one big document, is released rather than kept).
constexpr std::size_t kKeptBufferBytes = 4 * 1024 * 1024;
thread_local std::string keptBuffer;

}  // namespace

static_assert(Writer::kDepthLimit == kMaxDepth);

Writer::Writer(std::string_view gap) : gap_(gap), indent_("\n") {
  out_.swap(keptBuffer);  // a nested writer (a toJSON writing) finds it empty and grows its own
  if (out_.size() < 256) {
    out_.resize(256);
  }
  cur_ = out_.data();
  end_ = cur_ + out_.size();
}

Writer::~Writer() {
  if (out_.size() <= kKeptBufferBytes && out_.size() > keptBuffer.size()) {
    out_.swap(keptBuffer);
  }
}

void Writer::grow(std::size_t n) {
  std::size_t used = static_cast<std::size_t>(cur_ - out_.data());
  std::size_t size = out_.size() * 2;
  if (size < used + n) {
    size = used + n;
  }
  out_.resize(size);
  cur_ = out_.data() + used;
  end_ = out_.data() + out_.size();
}

std::string Writer::take() {
  return std::string(out_.data(), static_cast<std::size_t>(cur_ - out_.data()));
}

void Writer::closeIndent() {
  indent_.resize(indent_.size() - gap_.size());
  if (!first_) {
    raw(indent_);
  }
}

void Writer::throwTooDeep() {
  throw RangeError("", "Maximum call stack size exceeded");
}

void Writer::number(double x) {
  if (!std::isfinite(x)) {
    null();
    return;
  }
  reserve(kMaxNumberChars);
  cur_ = formatNumber(x, cur_);
}

void Writer::integer(long long x) {
  reserve(24);
  if (x < 0) {
    *cur_++ = '-';
    cur_ = formatUnsigned(0 - static_cast<unsigned long long>(x), cur_);
  } else {
    cur_ = formatUnsigned(static_cast<unsigned long long>(x), cur_);
  }
}

void Writer::unsignedInteger(unsigned long long x) {
  reserve(24);
  cur_ = formatUnsigned(x, cur_);
}

void Writer::string(std::string_view s) {
  reserve(s.size() + 2);
  *cur_++ = '"';
  const char* p = s.data();
  const char* end = p + s.size();
  while (true) {
    const char* run = p;
    p = scanEscapeRun(p, end);
    std::memcpy(cur_, run, static_cast<std::size_t>(p - run));
    cur_ += p - run;
    if (p == end) {
      break;
    }
    // An escape is at most 6 bytes for 1 to 3 input bytes; the rest still needs its 1 + 1.
    reserve(static_cast<std::size_t>(end - p) + 8);
    auto c = static_cast<unsigned char>(*p);
    if (c != 0xED) {
      *cur_++ = '\\';
      if (char e = shortEscape(c)) {
        *cur_++ = e;
      } else {
        std::memcpy(cur_, "u00", 3);
        cur_[3] = kHex[c >> 4];
        cur_[4] = kHex[c & 0xF];
        cur_ += 5;
      }
      ++p;
      continue;
    }
    // 0xED: U+D000..U+D7FF as they are; a surrogate (second byte A0..BF) is lone unless a high
    // one is followed by a low one, which together are one character (written as UTF-8).
    auto second = end - p >= 3 ? static_cast<unsigned char>(p[1]) : 0;
    if (second < 0xA0 || second > 0xBF) {
      *cur_++ = *p++;
      continue;
    }
    char32_t unit = 0xD000 | ((second & 0x3F) << 6) | (static_cast<unsigned char>(p[2]) & 0x3F);
    if (unit <= 0xDBFF && end - p >= 6 && static_cast<unsigned char>(p[3]) == 0xED &&
        static_cast<unsigned char>(p[4]) >= 0xB0 && static_cast<unsigned char>(p[4]) <= 0xBF) {
      char32_t low = 0xD000 | ((static_cast<unsigned char>(p[4]) & 0x3F) << 6) |
                     (static_cast<unsigned char>(p[5]) & 0x3F);
      char32_t cp = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
      cur_[0] = static_cast<char>(0xF0 | (cp >> 18));
      cur_[1] = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      cur_[2] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      cur_[3] = static_cast<char>(0x80 | (cp & 0x3F));
      cur_ += 4;
      p += 6;
      continue;
    }
    std::memcpy(cur_, "\\ud", 3);
    cur_[3] = kHex[(unit >> 8) & 0xF];
    cur_[4] = kHex[(unit >> 4) & 0xF];
    cur_[5] = kHex[unit & 0xF];
    cur_ += 6;
    p += 3;
  }
  reserve(1);
  *cur_++ = '"';
}

}  // namespace nodecc::JSON::detail
