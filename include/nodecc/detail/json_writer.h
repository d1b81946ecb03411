#pragma once
// nodecc::JSON::detail::Writer: the output side of JSON.stringify, shared by stringify(Value)
// and the typed writer of json_typed.h: V8's number and string forms, and the layout of
// members, elements and indentation (ECMAScript's SerializeJSONObject / SerializeJSONArray).
// The structural calls are inline; the rest is in src/api/json/writer.cc.
#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>

namespace nodecc::JSON::detail {

class Writer {
 public:
  static constexpr std::size_t kDepthLimit = 4096;  // kMaxDepth of json.h (checked there)

  // `gap` is the indentation of one level (empty: no newlines, no spaces after ':'). The
  // output goes to a buffer of the thread's, reused from one stringify to the next (no
  // growing, no zero-filling in steady state); take() copies it out.
  explicit Writer(std::string_view gap = {});
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;
  ~Writer();

  void number(double x);      // ECMAScript Number::toString; NaN and +-Infinity as null
  void integer(long long x);  // exact digits (C++ integers wider than 2^53 stay exact)
  void unsignedInteger(unsigned long long x);
  void boolean(bool b) { raw(b ? std::string_view("true") : std::string_view("false")); }
  void null() { raw("null"); }
  void string(std::string_view s);  // quoted and escaped as JSON.stringify does
  // A string known to need no escaping (a key or a short string parsed from JSON text
  // without escapes): quoted, copied as it is.
  void plainString(std::string_view s) {
    reserve(s.size() + 2);
    *cur_++ = '"';
    std::memcpy(cur_, s.data(), s.size());
    cur_ += s.size();
    *cur_++ = '"';
  }
  // The same for a string of at most `Size` bytes at `data`, where `Size` bytes may be read:
  // a fixed-size copy (a few moves) instead of a call to memcpy.
  template <std::size_t Size>
  void plainStringPadded(const char* data, std::size_t size) {
    reserve(Size + 2);
    *cur_++ = '"';
    std::memcpy(cur_, data, Size);
    cur_ += size;
    *cur_++ = '"';
  }

  // A container: open(), then for each written member key() (or keyStart(), the key, and
  // keyEnd()) or for each element element(), then close(). close() writes "{}"/"[]" when
  // nothing was written in between.
  void openObject() { open('{'); }
  void openArray() { open('['); }
  // The separator, the indentation, "k": (with a space if gap); `plain` as plainString.
  void key(std::string_view k, bool plain = false) {
    separator();
    if (plain) {
      plainString(k);
    } else {
      string(k);
    }
    keyEnd();
  }
  void keyStart() { separator(); }
  void keyEnd() {
    if (gap_.empty()) {
      reserve(1);
      *cur_++ = ':';
    } else {
      raw(": ");
    }
  }
  void element() { separator(); }  // the separator and the indentation
  void closeObject() { close('}'); }
  void closeArray() { close(']'); }
  // Nesting beyond kMaxDepth throws RangeError, as V8 does past its stack.
  std::size_t depth() const noexcept { return depth_; }

  void raw(std::string_view s) {
    reserve(s.size());
    std::memcpy(cur_, s.data(), s.size());
    cur_ += s.size();
  }
  std::string take();

 private:
  void open(char c) {
    if (++depth_ > kDepthLimit) {
      throwTooDeep();
    }
    reserve(1);
    *cur_++ = c;
    if (!gap_.empty()) {
      indent_ += gap_;
    }
    first_ = true;
  }
  void close(char c) {
    --depth_;
    if (!gap_.empty()) {
      closeIndent();
    }
    reserve(1);
    *cur_++ = c;
    first_ = false;
  }
  void separator() {
    if (!first_) {
      reserve(1);
      *cur_++ = ',';
    }
    first_ = false;
    if (!gap_.empty()) {
      raw(indent_);
    }
  }
  void closeIndent();
  [[noreturn]] static void throwTooDeep();
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
