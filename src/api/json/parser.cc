// Where each check sits follows V8's JsonParser (src/json/json-parser.cc, V8 11.3), because the
// message depends on it: an array expects ',' or ']' with its own message even at the end of
// the input, a second property's missing ':' reports the character found, '-' then a
// non-digit is "No number after minus sign", and so on.
#include "api/json/parser.h"

#include <fast_float/fast_float.h>

#include <bit>
#include <cstdint>
#include <cstring>

#include "api/json/array_builder.h"
#include "api/json/object_builder.h"
#include "api/json/scan.h"
#include "api/json/utf8.h"
#include "text/ascii.h"

namespace nodecc::JSON::detail {

using text::core::hexValue;
using text::core::isDigit;

namespace {

// Integers of up to 15 digits are exact in a double and need no conversion routine.
constexpr std::ptrdiff_t kExactIntegerDigits = 15;

}  // namespace

Parser::Parser(std::string_view text, std::size_t maxDepth)
    : text_(text),
      begin_(reinterpret_cast<const unsigned char*>(text.data())),
      p_(begin_),
      end_(begin_ + text.size()),
      maxDepth_(maxDepth) {}

void Parser::fail(SyntaxErrorKind kind, const unsigned char* at) const {
  throwSyntaxError(text_, static_cast<std::size_t>(at - begin_), kind);
}

void Parser::failDepth(const unsigned char* at) const {
  throw RangeError("", "Nesting deeper than " + std::to_string(maxDepth_) +
                           " levels in JSON at position " +
                           std::to_string(toUtf16(text_.substr(0, at - begin_)).size()));
}

// Most values follow their separator directly or after one space (inline here); indentation
// is skipped a vector at a time.
inline void Parser::skipWhitespace() noexcept {
  if (p_ < end_ && ' ' < *p_) {
    return;
  }
  if (p_ + 1 < end_ && *p_ == ' ' && ' ' < p_[1]) {
    ++p_;
    return;
  }
  p_ = skipWhitespaceRun(p_, end_);
}

// A string's Value (from scanString: a view of the text or of scratch_); a short one from the
// text is copied with a fixed size when the text has room after it, and marked plain (it has
// no escapes, so it needs none).
inline Parser::Words Parser::makeString(std::string_view s) const {
  auto* data = reinterpret_cast<const unsigned char*>(s.data());
  if (s.size() <= Value::kShortMax && s.data() != scratch_.data() && end_ - data >= 16) {
    std::uint64_t w0;
    std::uint64_t w1;
    std::memcpy(&w0, data, 8);
    std::memcpy(&w1, data + 8, 8);
    return words(w0, (w1 & 0x0000FFFFFFFFFFFFULL) |
                         Value::header(Value::Tag::kShortString,
                                       static_cast<std::uint8_t>(s.size() | Value::kPlain)));
  }
  Value v(s);
  Words result = words(v.word0(), v.word1());
  v.setWord1(Value::header(Value::Tag::kUndefined));  // the words own it now
  return result;
}

// As makeString: a key from the text (with room after it) is copied with a fixed size, plain.
// The member's value is undefined until parsed into place.
inline void Parser::makeKey(Member* at, std::string_view s) const {
  auto* data = reinterpret_cast<const unsigned char*>(s.data());
  if (s.data() != scratch_.data() && end_ - data >= 32) {
    ObjectBuilder::constructFromText(at, s);
  } else {
    new (at) Member(Key(s), Value());
  }
}

// At a literal whose first character the caller matched: four bytes compared at once (with the
// literal a constant once inlined), the failure's message found apart.
inline void Parser::scanLiteral(std::string_view literal) {
  const std::size_t n = literal.size();
  if (static_cast<std::size_t>(end_ - p_) >= n) {
    std::uint32_t found;
    std::uint32_t expected;
    std::memcpy(&found, p_ + n - 4, 4);
    std::memcpy(&expected, literal.data() + n - 4, 4);
    if (found == expected) {
      p_ += n;
      return;
    }
  }
  failLiteral(literal);
}

void Parser::failLiteral(std::string_view literal) {
  ++p_;
  for (std::size_t i = 1; i < literal.size() && p_ < end_; ++i, ++p_) {
    if (*p_ != static_cast<unsigned char>(literal[i])) {
      fail(SyntaxErrorKind::kUnexpectedCharacter, p_);
    }
  }
  fail(SyntaxErrorKind::kUnexpectedEnd, p_);
}

Value Parser::parse() {
  Value v;
  store(v, parseValue(0));
  skipWhitespace();
  if (p_ != end_) {
    fail(SyntaxErrorKind::kNonWhitespaceAfterJson, p_);
  }
  return v;
}

Parser::Words Parser::parseValue(std::size_t depth) {
  skipWhitespace();
  if (p_ == end_) {
    fail(SyntaxErrorKind::kUnexpectedEnd, p_);
  }
  switch (*p_) {
    case '"':
      ++p_;
      return makeString(scanString());
    case '[':
      return parseArray(depth + 1);
    case '{':
      return parseObject(depth + 1);
    case 't':
      scanLiteral("true");
      return words(1, Value::header(Value::Tag::kBoolean));
    case 'f':
      scanLiteral("false");
      return words(0, Value::header(Value::Tag::kBoolean));
    case 'n':
      scanLiteral("null");
      return words(0, Value::header(Value::Tag::kNull));
    case '-':
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9':
      return parseNumber();
    default:
      fail(SyntaxErrorKind::kUnexpectedCharacter, p_);
  }
}

Parser::Words Parser::parseArray(std::size_t depth) {
  if (depth > maxDepth_) {
    failDepth(p_);
  }
  ++p_;
  skipWhitespace();
  if (p_ < end_ && *p_ == ']') {
    ++p_;
    return words(0, Value::header(Value::Tag::kArray));  // an empty Array: no block
  }
  const std::size_t start = elements_.size();
  while (true) {
    // An undefined element first, owned by the stack, then the value parsed into it.
    new (elements_.next()) Value();
    elements_.commit();
    const std::size_t at = elements_.size() - 1;
    Words value = parseValue(depth);
    store(elements_[at], value);
    skipWhitespace();
    if (p_ < end_ && *p_ == ',') {
      ++p_;
      continue;
    }
    if (p_ == end_ || *p_ != ']') {
      fail(SyntaxErrorKind::kExpectedCommaOrRBracket, p_);
    }
    ++p_;
    break;
  }
  const std::size_t n = elements_.size() - start;
  elements_.forget(start);  // the builder relocates them, or destroys them if it throws
  detail::ArrayRep* rep = ArrayBuilder::build(elements_.data() + start, n);
  return words(reinterpret_cast<std::uintptr_t>(rep), Value::header(Value::Tag::kArray));
}

Parser::Words Parser::parseObject(std::size_t depth) {
  if (depth > maxDepth_) {
    failDepth(p_);
  }
  ++p_;
  skipWhitespace();
  if (p_ < end_ && *p_ == '}') {
    ++p_;
    return words(0, Value::header(Value::Tag::kObject));  // an empty Object: no block
  }
  const std::size_t start = members_.size();
  // The first key has its own messages; after a ',' another message, and a missing ':' after
  // a later key reports the character found instead (V8's ExpectNext without a template).
  if (p_ == end_ || *p_ != '"') {
    fail(SyntaxErrorKind::kExpectedPropertyNameOrRBrace, p_);
  }
  SyntaxErrorKind missingColon = SyntaxErrorKind::kExpectedColonAfterPropertyName;
  while (true) {
    ++p_;
    // The key is copied out of the text (or scratch_, which the value may reuse) first, into
    // its member on the stack; the value is parsed into place.
    makeKey(members_.next(), scanString());
    members_.commit();
    const std::size_t at = members_.size() - 1;
    skipWhitespace();
    if (p_ == end_ || *p_ != ':') {
      fail(missingColon, p_);
    }
    ++p_;
    Words value = parseValue(depth);
    store(members_[at].value(), value);
    skipWhitespace();
    if (p_ < end_ && *p_ == ',') {
      ++p_;
      skipWhitespace();
      if (p_ == end_ || *p_ != '"') {
        fail(SyntaxErrorKind::kExpectedDoubleQuotedPropertyName, p_);
      }
      missingColon = SyntaxErrorKind::kUnexpectedCharacter;
      continue;
    }
    if (p_ == end_ || *p_ != '}') {
      fail(SyntaxErrorKind::kExpectedCommaOrRBrace, p_);
    }
    ++p_;
    break;
  }
  const std::size_t n = members_.size() - start;
  members_.forget(start);  // the builder relocates or destroys them, even if it throws
  detail::ObjectRep* rep = ObjectBuilder::build(members_.data() + start, n);
  return words(reinterpret_cast<std::uintptr_t>(rep), Value::header(Value::Tag::kObject));
}

Parser::Words Parser::parseNumber() {
  // A local cursor: the loops stay in registers (stores through p_ would be reloaded).
  const unsigned char* p = p_;
  const unsigned char* const end = end_;
  const unsigned char* const start = p;
  const bool negative = *p == '-';
  if (negative) {
    ++p;
  }
  const unsigned char* const digits = p;
  // The integer part's value is gathered while it is checked: most numbers are integers.
  std::uint64_t n = 0;
  if (p < end && *p == '0') {
    ++p;
    if (p < end && isDigit(*p)) {
      fail(SyntaxErrorKind::kUnexpectedNumber, p);
    }
  } else {
    // Eight digits at a time first (citm_catalog.json's ids and timestamps have 9 to 13), when
    // there are at least three (canada.json's coordinates have two: the vector test cost 5% of
    // its parse). Past 19 digits n wraps, unused: such a number goes to fast_float.
    std::uint64_t eight;
    if (end - p >= 8 && isDigit(p[2])) {
      while (end - p >= 8 && eightDigits(p, &eight)) {
        n = n * 100000000 + eight;
        p += 8;
      }
    }
    for (; p < end && isDigit(*p); ++p) {
      n = n * 10 + (*p - '0');
    }
    if (p == digits) {
      fail(SyntaxErrorKind::kNoNumberAfterMinusSign, p);
    }
  }
  const std::ptrdiff_t integerDigits = p - digits;
  const bool fraction = p < end && *p == '.';
  if (fraction) {
    ++p;
    if (p == end || !isDigit(*p)) {
      fail(SyntaxErrorKind::kUnterminatedFractionalNumber, p);
    }
    p = skipDigits(p, end);
  }
  const bool exponent = p < end && (*p | 0x20) == 'e';
  if (exponent) {
    ++p;
    if (p < end && (*p == '+' || *p == '-')) {
      ++p;
    }
    if (p == end || !isDigit(*p)) {
      fail(SyntaxErrorKind::kExponentPartMissingNumber, p);
    }
    p = skipDigits(p, end);
  }
  p_ = p;
  double x = 0;
  if (!fraction && !exponent && integerDigits <= kExactIntegerDigits) {
    x = static_cast<double>(n);
    x = negative ? -x : x;  // "-0" is -0, as in V8
  } else {
    fast_float::from_chars(reinterpret_cast<const char*>(start), reinterpret_cast<const char*>(p),
                           x);
  }
  return words(std::bit_cast<std::uint64_t>(x), Value::header(Value::Tag::kNumber));
}

std::string_view Parser::scanString() {
  const unsigned char* start = p_;
  // A local cursor, as in parseNumber.
  const unsigned char* p = p_;
  while (true) {
    p = scanStringRun(p, end_);
    if (p == end_ || *p < 0x80) {
      break;
    }
    p = skipValidRun(p, end_);
    if (p < end_ && *p >= 0x80) {
      break;  // invalid: the slow path writes U+FFFD for it
    }
  }
  p_ = p;
  if (p_ < end_ && *p_ == '"') {
    ++p_;
    return {reinterpret_cast<const char*>(start), static_cast<std::size_t>(p_ - 1 - start)};
  }
  scratch_.assign(reinterpret_cast<const char*>(start), static_cast<std::size_t>(p_ - start));
  scanStringSlow(scratch_);
  return scratch_;
}

// The rest of a string that holds escapes or invalid UTF-8, from p_ on.
void Parser::scanStringSlow(std::string& out) {
  while (true) {
    const unsigned char* run = p_;
    // A run of plain characters, non-ASCII ones included while they are valid.
    while (true) {
      p_ = scanStringRun(p_, end_);
      if (p_ == end_ || *p_ < 0x80) {
        break;  // the end, '"', '\\' or a control character
      }
      p_ = skipValidRun(p_, end_);
      if (p_ < end_ && *p_ >= 0x80) {
        break;  // an invalid sequence
      }
    }
    out.append(reinterpret_cast<const char*>(run), static_cast<std::size_t>(p_ - run));
    if (p_ == end_) {
      fail(SyntaxErrorKind::kUnterminatedString, p_);
    }
    unsigned char c = *p_;
    if (c == '"') {
      ++p_;
      return;
    }
    if (c == '\\') {
      scanEscape(out);
    } else if (c < 0x20) {
      fail(SyntaxErrorKind::kBadControlCharacter, p_);
    } else {
      // An invalid sequence: U+FFFD for its maximal subpart, as Node's UTF-8 decoder.
      char32_t cp;
      p_ += decodeUtf8(p_, end_, &cp);
      appendUtf8(out, kReplacement);
    }
  }
}

// At the backslash; leaves p_ past the escape. A \uXXXX high surrogate directly followed by a
// \uXXXX low one is one character; any other surrogate stays lone (WTF-8), as in V8's string.
void Parser::scanEscape(std::string& out) {
  ++p_;
  if (p_ == end_) {
    fail(SyntaxErrorKind::kUnexpectedEnd, p_);
  }
  unsigned char c = *p_;
  switch (c) {
    case '"':
    case '\\':
    case '/':
      out += static_cast<char>(c);
      break;
    case 'b':
      out += '\b';
      break;
    case 'f':
      out += '\f';
      break;
    case 'n':
      out += '\n';
      break;
    case 'r':
      out += '\r';
      break;
    case 't':
      out += '\t';
      break;
    case 'u': {
      char32_t unit = scanHex4();
      if (unit >= 0xD800 && unit <= 0xDBFF && end_ - p_ >= 7 && p_[1] == '\\' && p_[2] == 'u') {
        char32_t low = 0;
        int i = 3;
        for (; i < 7; ++i) {
          int digit = hexValue(p_[i]);
          if (digit < 0) {
            break;
          }
          low = low * 16 + static_cast<char32_t>(digit);
        }
        if (i == 7 && low >= 0xDC00 && low <= 0xDFFF) {
          appendUtf8(out, 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00));
          p_ += 7;
          return;
        }
      }
      appendUtf8(out, unit);
      break;
    }
    default:
      if (c >= 0x80) {
        // V8 compares UTF-16 code units: a Latin-1 character is a bad escape, anything above
        // is an unexpected token.
        char32_t cp;
        decodeUtf8(p_, end_, &cp);
        if (cp == kInvalidSequence || cp > 0xFF) {
          fail(SyntaxErrorKind::kUnexpectedCharacter, p_);
        }
      }
      fail(SyntaxErrorKind::kBadEscapedCharacter, p_);
  }
  ++p_;
}

// At the 'u'; leaves p_ on the last hex digit.
char32_t Parser::scanHex4() {
  char32_t value = 0;
  for (int i = 0; i < 4; ++i) {
    ++p_;
    int digit = p_ < end_ ? hexValue(*p_) : -1;
    if (digit < 0) {
      fail(SyntaxErrorKind::kBadUnicodeEscape, p_);
    }
    value = value * 16 + static_cast<char32_t>(digit);
  }
  return value;
}

}  // namespace nodecc::JSON::detail
