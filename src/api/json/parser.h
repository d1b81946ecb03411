#pragma once
// The JSON.parse parser: UTF-8 text to a JSON::Value, accepting exactly what V8 accepts and
// failing where V8 fails with V8's message (syntax_error.h). Recursive descent, one pass, no
// tokenizer; numbers through fast_float; members and elements gathered on two scratch stacks
// so that every array and object is allocated once at its final size.
//
// Values travel between the parse functions as Words, a Value's two words returned in two
// registers, and are stored into their element or member in place: a Value, having a
// destructor, is returned through memory, and moving it on was a 16-byte reload of two 8-byte
// stores, a store-forwarding stall per value. Words own what they refer to; each is stored into
// a Value before anything else can throw.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "api/json/scratch_stack.h"
#include "api/json/syntax_error.h"
#include "nodecc/json.h"

namespace nodecc::JSON::detail {

class Parser {
 public:
  Parser(std::string_view text, std::size_t maxDepth);
  // The value of the whole text: SyntaxError, or RangeError past maxDepth.
  Value parse();

 private:
  // A Value's two words, low then high. An integer, not a struct of two words: GCC 12 copied
  // such a struct returned in two registers through the stack and reloaded it 16 bytes at a
  // time (a store-forwarding stall per value); the integer's halves are stored as they are.
  __extension__ using Words = unsigned __int128;
  static Words words(std::uint64_t w0, std::uint64_t w1) noexcept {
    return static_cast<Words>(w1) << 64 | w0;
  }
  static void store(Value& slot, Words v) noexcept {
    slot.setWords(static_cast<std::uint64_t>(v), static_cast<std::uint64_t>(v >> 64));
  }

  Words parseValue(std::size_t depth);
  Words parseArray(std::size_t depth);
  Words parseObject(std::size_t depth);
  Words parseNumber();
  // p_ is past the opening quote; leaves p_ past the closing one. The contents, as a view of
  // the text when it holds no escape (nor invalid UTF-8), else of scratch_ (valid until the
  // next call).
  std::string_view scanString();
  void scanStringSlow(std::string& out);
  void scanEscape(std::string& out);
  char32_t scanHex4();
  void scanLiteral(std::string_view literal);
  [[noreturn]] void failLiteral(std::string_view literal);
  void skipWhitespace() noexcept;
  Words makeString(std::string_view s) const;
  // Constructs the key of the member at `at` (on members_, not yet committed).
  void makeKey(Member* at, std::string_view s) const;

  [[noreturn]] void fail(SyntaxErrorKind kind, const unsigned char* at) const;
  [[noreturn]] void failDepth(const unsigned char* at) const;

  std::string_view text_;
  const unsigned char* begin_;
  const unsigned char* p_;
  const unsigned char* end_;
  std::size_t maxDepth_;
  ScratchStack<Value> elements_;
  ScratchStack<Member> members_;
  std::string scratch_;
};

}  // namespace nodecc::JSON::detail
