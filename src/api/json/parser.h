#pragma once
// The JSON.parse parser: UTF-8 text to a JSON::Value, accepting exactly what V8 accepts and
// failing where V8 fails with V8's message (syntax_error.h). Recursive descent, one pass, no
// tokenizer; numbers through fast_float; members and elements gathered on two scratch stacks
// so that every array and object is allocated once at its final size.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "api/json/syntax_error.h"
#include "nodecc/json.h"

namespace nodecc::JSON::detail {

class Parser {
 public:
  Parser(std::string_view text, std::size_t maxDepth) noexcept;
  // The value of the whole text: SyntaxError, or RangeError past maxDepth.
  Value parse();

 private:
  Value parseValue(std::size_t depth);
  Value parseArray(std::size_t depth);
  Value parseObject(std::size_t depth);
  Value parseNumber();
  // p_ is past the opening quote; leaves p_ past the closing one. The contents, as a view of
  // the text when it holds no escape (nor invalid UTF-8), else of scratch_ (valid until the
  // next call).
  std::string_view scanString();
  void scanStringSlow(std::string& out);
  void scanEscape(std::string& out);
  char32_t scanHex4();
  void scanLiteral(std::string_view literal);
  void skipWhitespace() noexcept;
  Value makeString(std::string_view s) const;
  Key makeKey(std::string_view s) const;

  [[noreturn]] void fail(SyntaxErrorKind kind, const unsigned char* at) const;
  [[noreturn]] void failDepth(const unsigned char* at) const;

  std::string_view text_;
  const unsigned char* begin_;
  const unsigned char* p_;
  const unsigned char* end_;
  std::size_t maxDepth_;
  std::vector<Value> elements_;
  std::vector<Member> members_;
  std::string scratch_;
};

}  // namespace nodecc::JSON::detail
