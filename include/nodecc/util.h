#pragma once
// Node's `util`: format, inspect, isDeepStrictEqual, promisify/callbackify, TextEncoder and
// TextDecoder, parseArgs, types, styleText, debuglog, deprecate. docs/util.md has every
// difference from Node.
//
// Which JavaScript value a C++ value prints as (util.inspect, console.log):
//   bool -> boolean; integers and floating point -> number (integers exactly, 2**64-1 too);
//   char -> a one-character string; std::string, std::string_view, const char* -> string;
//   nodecc::BigInt -> bigint (42n); nullptr -> null; nodecc::undefined, std::nullopt,
//   std::monostate -> undefined; std::optional / std::variant -> what they hold;
//   std::vector, std::array, std::list, std::deque, C arrays, std::pair, std::tuple -> Array;
//   std::map, std::unordered_map (any key_type + mapped_type container) -> Map;
//   std::set, std::unordered_set -> Set; nodecc::Buffer -> <Buffer ...>;
//   nodecc::Error (and std::exception, std::exception_ptr) -> an Error without a stack;
//   std::shared_ptr / std::unique_ptr -> what they point to (null when empty; a cycle through
//   shared_ptrs prints [Circular *1]); std::function -> [Function (anonymous)];
//   util::Object -> an object with named properties; enums -> their number.
//
// A type of your own prints through a function found by argument-dependent lookup, as a
// JavaScript class with [util.inspect.custom]:
//   struct Point { int x, y; };
//   util::Object inspectCustom(const Point& p) { return util::Object("Point", {{"x", p.x},
//                                                                     {"y", p.y}}); }
//   // or: auto inspectCustom(const Point& p, double depth, const util::InspectOptions& o)
// The hook returns a std::string (printed as it is) or any inspectable value (printed in its
// place). For a whole family of types, specialise util::Inspect<T> (detail/util_inspect.h).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "nodecc/buffer.h"
#include "nodecc/detail/util_deep_equal.h"
#include "nodecc/detail/util_format.h"
#include "nodecc/detail/util_inspect.h"
#include "nodecc/detail/util_promisify.h"
#include "nodecc/error.h"
#include "nodecc/function.h"
#include "nodecc/promise.h"

namespace nodecc::util {

// util.format(format[, ...args]): printf-like, with %s %d %i %f %j %o %O %c %%; arguments
// left over are appended, strings as they are and the rest inspected. When the first
// argument is not a string, every argument is inspected and joined with spaces.
template <class... A>
std::string format(const A&... args) {
  std::string out;
  if constexpr (sizeof...(A) > 0) {
    const detail::FormatArg erased[] = {detail::formatArg(args)...};
    detail::appendFormatted(out, nullptr, erased, sizeof...(A));
  }
  return out;
}

// util.formatWithOptions(inspectOptions, format[, ...args]).
template <class... A>
std::string formatWithOptions(const InspectOptions& options, const A&... args) {
  std::string out;
  if constexpr (sizeof...(A) > 0) {
    const detail::FormatArg erased[] = {detail::formatArg(args)...};
    detail::appendFormatted(out, &options, erased, sizeof...(A));
  }
  return out;
}

// util.inspect(value[, options]): the string Node prints for the value (see above).
template <class T>
std::string inspect(const T& value, const InspectOptions& options = {}) {
  if constexpr (std::is_array_v<T> &&
                std::is_same_v<std::remove_cv_t<std::remove_extent_t<T>>, char>) {
    return detail::inspectValue(std::string_view(value), options);
  } else {
    return detail::inspectValue(value, options);
  }
}

// util.stripVTControlCharacters(str): without ANSI escape sequences.
std::string stripVTControlCharacters(std::string_view str);

// util.styleText(format, text): text wrapped in the ANSI codes of util.inspect.colors'
// `format` ('red', 'bold', 'bgBlue'...); a vector applies several. An unknown name throws
// TypeError ERR_INVALID_ARG_VALUE, as Node.
std::string styleText(std::string_view format, std::string_view text);
std::string styleText(const std::vector<std::string_view>& formats, std::string_view text);
inline std::string styleText(std::initializer_list<std::string_view> formats,
                             std::string_view text) {
  return styleText(std::vector<std::string_view>(formats), text);
}

// util.getSystemErrorName(err): "ENOENT" for -2.
std::string getSystemErrorName(int err);
// util.toUSVString(string): bytes that are not UTF-8 replaced by U+FFFD.
std::string toUSVString(std::string_view str);

// util.debuglog(section): a function that prints util.format(args...) to stderr as
// "SECTION PID: message" when NODE_DEBUG names the section (a comma list, * wildcards);
// enabled() tells whether it does. The environment is read on the first call.
class DebugLogger {
 public:
  explicit DebugLogger(std::string section);
  template <class... A>
  void operator()(const A&... args) {
    if (enabled()) {
      write(util::format(args...));
    }
  }
  bool enabled();

 private:
  void write(const std::string& message);
  std::string section_;
  int state_ = -1;  // unknown until the first call
};
inline DebugLogger debuglog(std::string section) {
  return DebugLogger(std::move(section));
}

// util.deprecate(fn, msg[, code]): a function calling fn that emits a DeprecationWarning
// (process 'warning', printed to stderr) the first time it is called; once per code.
namespace detail {
void emitDeprecation(const std::string& message, const std::string& code);
}
template <class F>
auto deprecate(F fn, std::string message, std::string code = {}) {
  return [fn = std::move(fn), message = std::move(message), code = std::move(code),
          warned = false](auto&&... args) mutable -> decltype(auto) {
    if (!warned) {
      warned = true;
      detail::emitDeprecation(message, code);
    }
    return fn(std::forward<decltype(args)>(args)...);
  };
}

// util.isDeepStrictEqual(a, b): Node's deep strict equality over the values above (NaN equals
// NaN, 0 differs from -0, Maps and Sets compare regardless of order, Errors by name, message
// and fields). Values of different C++ types compare as the JavaScript values they print as
// (std::vector<int>{1} equals std::array<double, 1>{1}).
template <class A, class B>
bool isDeepStrictEqual(const A& a, const B& b) {
  return detail::deepEqual(a, b);
}

// ---- TextEncoder / TextDecoder (also global in Node) ------------------------------------

// Strings are UTF-8 bytes in C++: encode() checks them, bytes that are not UTF-8 becoming
// U+FFFD (as a JavaScript string's lone surrogates do).
class TextEncoder {
 public:
  std::string_view encoding() const { return "utf-8"; }
  // encoder.encode(input): a Buffer (Node returns a Uint8Array, Buffer's base class).
  Buffer encode(std::string_view input = {}) const;
  struct EncodeIntoResult {
    size_t read;     // UTF-16 code units of the source consumed, as in JavaScript
    size_t written;  // bytes written
  };
  // encoder.encodeInto(src, dest): as much of src as fits, whole characters only.
  EncodeIntoResult encodeInto(std::string_view src, Buffer& dest) const;
};

struct TextDecoderOptions {
  bool fatal = false;      // throw on malformed input instead of inserting U+FFFD
  bool ignoreBOM = false;  // keep a leading byte order mark
};
struct TextDecodeOptions {
  bool stream = false;  // more input follows: keep an incomplete sequence for the next call
};

// new TextDecoder([label[, options]]): "utf-8" (and its labels "utf8", "unicode-1-1-utf-8"),
// "utf-16le" ("utf-16"), and "latin1" (with "iso-8859-1", "ascii", "us-ascii" and the other
// windows-1252 labels; its encoding() is "windows-1252" and it decodes bytes as ISO-8859-1,
// as Node 20 does). Others throw RangeError ERR_ENCODING_NOT_SUPPORTED. decode() returns
// UTF-8; malformed input becomes U+FFFD (WHATWG's rules), or with fatal throws TypeError
// ERR_ENCODING_INVALID_ENCODED_DATA. One decoder per stream: it keeps state between calls.
class TextDecoder {
 public:
  explicit TextDecoder(std::string_view label = "utf-8", TextDecoderOptions options = {});
  std::string decode(std::string_view bytes = {}, TextDecodeOptions options = {});
  std::string decode(const Buffer& bytes, TextDecodeOptions options = {}) {
    return decode(bytes.view(), options);
  }
  std::string decode(const std::vector<uint8_t>& bytes, TextDecodeOptions options = {}) {
    return decode(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()),
                  options);
  }
  const std::string& encoding() const { return encoding_; }
  bool fatal() const { return fatal_; }
  bool ignoreBOM() const { return ignoreBOM_; }

 private:
  enum class Kind : unsigned char { kUtf8, kUtf16le, kLatin1 };
  void decodeUtf8(std::string_view in, bool flush, std::string& out);
  void decodeUtf16(std::string_view in, bool flush, std::string& out);
  void emit(uint32_t code, std::string& out);
  void error(std::string& out);
  void reset();

  std::string encoding_;
  Kind kind_;
  bool fatal_;
  bool ignoreBOM_;
  bool started_ = false;  // a character of this stream was emitted (a BOM is no longer first)
  // UTF-8: WHATWG's decoder state for a sequence continuing into the next call.
  uint32_t codePoint_ = 0;
  unsigned char needed_ = 0;
  unsigned char seen_ = 0;
  unsigned char lower_ = 0x80;
  unsigned char upper_ = 0xBF;
  // UTF-16: an odd byte, and a high surrogate waiting for its pair.
  int oddByte_ = -1;
  uint32_t highSurrogate_ = 0;
};

// ---- parseArgs --------------------------------------------------------------------------

// One option of parseArgs' `options` (`short` and `default` are C++ keywords: short_,
// default_).
struct ParseArgsOption {
  std::string type = {};  // "string" or "boolean"
  std::string short_ = {};
  bool multiple = false;
  std::optional<std::variant<bool, std::string, std::vector<bool>, std::vector<std::string>>>
      default_ = {};
};

struct ParseArgsConfig {
  // The arguments; by default process.argv without the executable (Node drops the executable
  // and the script: a C++ program has no script).
  std::optional<std::vector<std::string>> args = {};
  // In declaration order (a JavaScript object's key order).
  std::vector<std::pair<std::string, ParseArgsOption>> options = {};
  bool strict = true;
  std::optional<bool> allowPositionals = {};  // default: !strict
  bool allowNegative = false;                 // --no-foo sets a boolean foo to false
  bool tokens = false;                        // also return the tokens
};

// A parsed option's value: a string, a boolean, or (multiple) an array of them.
using ParsedArg = std::variant<bool, std::string>;
using ParsedValue = std::variant<bool, std::string, std::vector<ParsedArg>>;

// The `values` object: options in the order they were first set, then defaults. Prints as
// Node's [Object: null prototype] { ... }.
class ParsedValues {
 public:
  bool has(std::string_view name) const { return find(name) != nullptr; }
  // The value, or nullptr when the option was not given and has no default.
  const ParsedValue* find(std::string_view name) const;
  // values.name as a boolean / string: false / "" when absent or of the other type.
  bool flag(std::string_view name) const;
  std::string string(std::string_view name) const;
  // values.name for a `multiple` string option: its strings ({} when absent).
  std::vector<std::string> strings(std::string_view name) const;
  const std::vector<std::pair<std::string, ParsedValue>>& entries() const { return entries_; }
  void set(const std::string& name, ParsedValue value);
  ParsedValue* findMutable(std::string_view name);

 private:
  std::vector<std::pair<std::string, ParsedValue>> entries_;
};

struct ParseArgsToken {
  std::string kind;  // "option", "positional", "option-terminator"
  size_t index = 0;
  std::string name;     // options
  std::string rawName;  // options: as written ("-f", "--foo")
  std::optional<std::string> value;
  std::optional<bool> inlineValue;  // options: the value was in the same argument
};

struct ParseArgsResult {
  ParsedValues values;
  std::vector<std::string> positionals;
  std::optional<std::vector<ParseArgsToken>> tokens;
};

// util.parseArgs(config): Node's algorithm. In strict mode (the default) a usage error throws
// TypeError with Node's code and message: ERR_PARSE_ARGS_UNKNOWN_OPTION,
// ERR_PARSE_ARGS_INVALID_OPTION_VALUE, ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL; a bad config
// throws ERR_INVALID_ARG_VALUE / ERR_INVALID_ARG_TYPE.
ParseArgsResult parseArgs(const ParseArgsConfig& config = {});

util::Object inspectCustom(const ParsedValues& values);
util::Object inspectCustom(const ParseArgsToken& token);
util::Object inspectCustom(const ParseArgsResult& result);

// ---- util.types, answered from the static type ------------------------------------------
namespace types {
template <class T>
constexpr bool isMap(const T&) {
  return detail::MapLike<T>;
}
template <class T>
constexpr bool isSet(const T&) {
  return detail::SetLike<T>;
}
template <class T>
constexpr bool isNativeError(const T&) {
  return std::is_base_of_v<std::exception, T>;
}
template <class T>
constexpr bool isPromise(const T&) {
  return nodecc::detail::IsPromise<T>::value;
}
template <class T>
constexpr bool isUint8Array(const T&) {
  return std::is_same_v<T, Buffer>;
}
template <class T>
constexpr bool isTypedArray(const T& v) {
  return isUint8Array(v);
}
}  // namespace types

}  // namespace nodecc::util

namespace nodecc {
// TextEncoder and TextDecoder are globals in Node.
using util::TextDecoder;
using util::TextEncoder;
}  // namespace nodecc
