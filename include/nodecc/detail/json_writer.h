#pragma once
// nodecc::JSON::detail::Writer: the output side of JSON.stringify, shared by stringify(Value)
// and the typed writer of json_typed.h: V8's number and string forms, and the layout of
// members, elements and indentation (ECMAScript's SerializeJSONObject / SerializeJSONArray).
// Implemented in src/api/json/writer.cc.
#include <cstddef>
#include <string>
#include <string_view>

namespace nodecc::JSON::detail {

class Writer {
 public:
  // `gap` is the indentation of one level (empty: no newlines, no spaces after ':').
  explicit Writer(std::string_view gap = {});

  void number(double x);      // ECMAScript Number::toString; NaN and +-Infinity as null
  void integer(long long x);  // exact digits (C++ integers wider than 2^53 stay exact)
  void unsignedInteger(unsigned long long x);
  void boolean(bool b) { raw(b ? std::string_view("true") : std::string_view("false")); }
  void null() { raw("null"); }
  void string(std::string_view s);  // quoted and escaped as JSON.stringify does

  // A container: open(), then for each written member key() or for each element element(),
  // then close(). close() writes "{}"/"[]" when nothing was written in between.
  void openObject() { open('{'); }
  void openArray() { open('['); }
  void key(std::string_view k);  // the separator, the indentation, "k": (with a space if gap)
  void element();                // the separator and the indentation
  void closeObject() { close('}'); }
  void closeArray() { close(']'); }
  // Nesting beyond kMaxDepth throws RangeError, as V8 does past its stack.
  std::size_t depth() const noexcept { return depth_; }

  void raw(std::string_view s);
  std::string take();

 private:
  void open(char c);
  void close(char c);
  void separator();
  void reserve(std::size_t n) {
    if (static_cast<std::size_t>(end_ - cur_) < n) {
      grow(n);
    }
  }
  void grow(std::size_t n);

  std::string out_;
  char* cur_ = nullptr;
  char* end_ = nullptr;
  std::string gap_;
  std::string indent_;  // "\n" followed by gap_ repeated depth_ times
  std::size_t depth_ = 0;
  bool first_ = true;  // no member or element written yet in the innermost open container
};

}  // namespace nodecc::JSON::detail
