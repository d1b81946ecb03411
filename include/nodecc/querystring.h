#pragma once
// Node's `querystring` module: parse, stringify, escape, unescape, with Node 20's exact
// decoding rules ('+' is a space in parse only; a malformed %-sequence is kept as it is).
//
// Strings are UTF-8. Everything here is a pure function: no state, safe on any thread.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nodecc/small_vector.h"

namespace nodecc::querystring {

// The object querystring.parse() returns: keys in JS property order (keys that are array
// indices, "0".."4294967294", first in numeric order, then the others in insertion order, as
// Object.keys() gives them); a key seen once holds a string, a repeated key an array.
//
// C++ difference: JS reads a missing key as undefined; operator[] returns "" for it (use has()
// or get() to tell). An array value reads as JS's String(array) would: the values joined by
// ",", so `q["a"].empty()` is exactly JS's `!q.a`.
class ParsedQuery {
 public:
  struct Entry {
    std::string key;
    // Exactly one: a string in Node; otherwise an array. The first value is stored inline.
    SmallVector<std::string, 1> values;
    bool isArray() const { return values.size() != 1; }
    // String(value) in JS: the single value, or the values joined by ",".
    std::string value() const;
  };
  using const_iterator = const Entry*;

  std::string operator[](std::string_view name) const;
  std::optional<std::string> get(std::string_view name) const;   // nullopt when absent
  std::vector<std::string> getAll(std::string_view name) const;  // [] when absent
  const Entry* find(std::string_view name) const;                // nullptr when absent
  bool has(std::string_view name) const { return find(name) != nullptr; }
  size_t size() const { return entries_.size(); }  // Object.keys(q).length
  bool empty() const { return entries_.empty(); }

  // q[name] = value / q[name] = [values...].
  void set(std::string_view name, std::string value);
  void set(std::string_view name, std::vector<std::string> values);
  // What parse does with each pair: a new key gets a string; a repeated key becomes an array.
  void append(std::string_view name, std::string value);
  // delete q[name]; false when absent.
  bool remove(std::string_view name);
  void clear();

  const_iterator begin() const { return entries_.begin(); }
  const_iterator end() const { return entries_.end(); }

 private:
  size_t hashFor(std::string_view name) const;  // 0 while there is no hash index
  size_t indexOf(std::string_view name, size_t hash) const;
  Entry& insert(std::string_view name, size_t hash);

  // Two keys inline: most request queries have one or two, and then parse allocates nothing
  // beyond the strings that outgrow their small-string buffer.
  SmallVector<Entry, 2> entries_;
  // hashes_[i] is the hash of entries_[i].key once there are more than a few keys (a hostile
  // query with 1000 long keys must not cost a million string comparisons); empty before.
  std::vector<size_t> hashes_;
};

struct ParseOptions {
  // Node's maxKeys: at most this many pairs are read; 0 (or negative) means no limit.
  long maxKeys = 1000;
  // Node's options.decodeURIComponent; empty means querystring::unescape. When it throws, the
  // value goes through unescape(s, true) instead, as in Node.
  std::function<std::string(std::string_view)> decodeURIComponent;
};

// querystring.parse(str, sep, eq, options). An empty sep or eq means the default, as in Node.
ParsedQuery parse(std::string_view str, std::string_view sep = "&", std::string_view eq = "=",
                  const ParseOptions& options = {});
inline ParsedQuery parse(std::string_view str, std::string_view sep, std::string_view eq,
                         long maxKeys) {
  ParseOptions o;
  o.maxKeys = maxKeys;
  return parse(str, sep, eq, o);
}

struct StringifyOptions {
  // Node's options.encodeURIComponent; empty means querystring::escape.
  std::function<std::string(std::string_view)> encodeURIComponent;
};

// querystring.stringify(obj, sep, eq, options): each key in order; an array gives one pair per
// element; an empty array gives nothing.
std::string stringify(const ParsedQuery& obj, std::string_view sep = "&", std::string_view eq = "=",
                      const StringifyOptions& options = {});
// C++ addition: pairs in the order given, repeated names included (as URLSearchParams does).
std::string stringify(const std::vector<std::pair<std::string, std::string>>& pairs,
                      std::string_view sep = "&", std::string_view eq = "=",
                      const StringifyOptions& options = {});

// querystring.escape(str): percent-encodes (UTF-8) all but A-Z a-z 0-9 - . _ ~ ! ' ( ) *.
std::string escape(std::string_view str);
// querystring.unescape(str, decodeSpaces): decodeURIComponent(str), or when that would throw,
// a tolerant decoding that keeps malformed %-sequences (and turns '+' into ' ' only when
// decodeSpaces).
std::string unescape(std::string_view str, bool decodeSpaces = false);
// querystring.unescapeBuffer(str, decodeSpaces): the tolerant decoding, as raw bytes (Node
// returns a Buffer).
std::string unescapeBuffer(std::string_view str, bool decodeSpaces = false);

// Node's aliases.
inline ParsedQuery decode(std::string_view str, std::string_view sep = "&",
                          std::string_view eq = "=", const ParseOptions& options = {}) {
  return parse(str, sep, eq, options);
}
inline std::string encode(const ParsedQuery& obj, std::string_view sep = "&",
                          std::string_view eq = "=", const StringifyOptions& options = {}) {
  return stringify(obj, sep, eq, options);
}

}  // namespace nodecc::querystring
