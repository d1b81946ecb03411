#pragma once
// Node's `url` module: the legacy API (url::parse, url::format, url::resolve) and the WHATWG
// URL Standard API (url::URL, url::URLSearchParams, also nodecc::URL and
// nodecc::URLSearchParams), following Node.js 20 (whose WHATWG parser is ada) exactly, byte
// for byte. Includes nodecc/querystring.h. docs/url.md lists every difference from Node.
//
// Strings are UTF-8. Functions are pure; URL and URLSearchParams objects are plain values
// (not thread-safe to share mutably, like any std type). Errors:
//   - an invalid URL throws nodecc::TypeError, code "ERR_INVALID_URL", message "Invalid URL";
//     Node's err.input is in Error::path and err.base in Error::dest;
//   - url::parse() throws nodecc::Error named "URIError" ("URI malformed") for a malformed
//     %-sequence in the credentials, as Node's decodeURIComponent does.
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "nodecc/error.h"
#include "nodecc/querystring.h"

namespace nodecc::url {

// ---------------------------------------------------------------------------------------------
// Legacy API.

// The object url.parse() returns. JS's null is std::nullopt (slashes: false), so format() and
// resolve() see exactly what Node's do.
//
// C++ difference: JS's `query` is a string, or an object when parseQueryString is true. Here
// `query` is always the parsed object (filled only when parseQueryString is true) and
// `rawQuery` always holds the string form (JS's query when parseQueryString is false).
struct Url {
  std::optional<std::string> protocol;  // lowercased, with the ':': "http:"
  bool slashes = false;                 // JS: true or null
  std::optional<std::string> auth;      // decoded "user:pass"
  std::optional<std::string> host;      // "example.com:8080"
  std::optional<std::string> port;      // "8080"
  std::optional<std::string> hostname;  // "example.com" (IPv6 without brackets)
  std::optional<std::string> hash;      // "#frag"
  std::optional<std::string> search;    // "?a=1"
  querystring::ParsedQuery query;       // the parsed search (parseQueryString only)
  std::optional<std::string> rawQuery;  // "a=1": JS's query when parseQueryString is false
  std::optional<std::string> pathname;  // "/p/a/t/h"
  std::optional<std::string> path;      // pathname + search
  std::optional<std::string> href;      // the whole URL, re-serialized

  // url.format(this): the URL string from the fields (search wins over query).
  std::string format() const;
  // urlObject.resolve(to): resolves like a browser resolves an anchor's href.
  std::string resolve(std::string_view to) const;
  // urlObject.resolveObject(to).
  Url resolveObject(std::string_view to) const;
  Url resolveObject(const Url& to) const;
};

// url.parse(urlString, parseQueryString, slashesDenoteHost). Throws URIError for malformed
// credentials and TypeError ERR_INVALID_URL for a host that IDNA rejects, as Node.
Url parse(std::string_view urlString, bool parseQueryString = false,
          bool slashesDenoteHost = false);
// url.format(urlObject) / url.format(urlString) (parses, then formats).
std::string format(const Url& urlObject);
std::string format(std::string_view urlString);
// url.resolve(from, to).
std::string resolve(std::string_view from, std::string_view to);
// url.resolveObject(source, relative).
Url resolveObject(std::string_view source, std::string_view relative);

// ---------------------------------------------------------------------------------------------
// WHATWG API.

class URL;

namespace detail {
// The URL record of the URL Standard, serialized piece by piece: `path` is the serialized path
// ("" is the empty list, "/" is [""]; an opaque path is the string itself).
struct UrlRecord {
  std::string scheme;  // without ':'
  std::string username;
  std::string password;
  std::optional<std::string> host;  // serialized: "example.com", "[::1]", "1.2.3.4"
  std::optional<uint16_t> port;     // nullopt also when it is the scheme's default
  std::string path;
  bool opaquePath = false;
  std::optional<std::string> query;
  std::optional<std::string> fragment;
};
}  // namespace detail

// URLSearchParams: an ordered list of name/value pairs. Either standalone, or owned by a URL
// (URL::searchParams()), in which case every change rewrites the URL's search and every change
// to the URL's search or href re-reads the list, as in Node.
//
// C++ differences: `delete` is a keyword: use remove(). A copy of a URL's searchParams() is a
// standalone object (hold `auto& p = url.searchParams()` to keep the link); assigning to the
// reference replaces the list and updates the URL.
class URLSearchParams {
 public:
  using Pair = std::pair<std::string, std::string>;
  using const_iterator = std::vector<Pair>::const_iterator;

  URLSearchParams() = default;
  // new URLSearchParams(string): application/x-www-form-urlencoded, a leading '?' ignored.
  explicit URLSearchParams(std::string_view init);
  explicit URLSearchParams(const char* init) : URLSearchParams(std::string_view(init)) {}
  // new URLSearchParams([[name, value], ...]) (and the record form {name: value}).
  URLSearchParams(std::initializer_list<Pair> pairs) : list_(pairs) {}
  explicit URLSearchParams(std::vector<Pair> pairs) : list_(std::move(pairs)) {}
  URLSearchParams(const URLSearchParams& other) : list_(other.list_) {}
  URLSearchParams(URLSearchParams&& other) noexcept : list_(std::move(other.list_)) {}
  URLSearchParams& operator=(const URLSearchParams& other);
  URLSearchParams& operator=(URLSearchParams&& other) noexcept;
  ~URLSearchParams() = default;

  size_t size() const { return list_.size(); }
  void append(std::string_view name, std::string_view value);
  // delete(name) / delete(name, value).
  void remove(std::string_view name);
  void remove(std::string_view name, std::string_view value);
  // The first value, or nullopt (JS null).
  std::optional<std::string> get(std::string_view name) const;
  std::vector<std::string> getAll(std::string_view name) const;
  bool has(std::string_view name) const;
  bool has(std::string_view name, std::string_view value) const;
  // Sets the first pair named `name` and removes the others; appends when there is none.
  void set(std::string_view name, std::string_view value);
  // Stable sort by name, in UTF-16 code unit order (as JS compares strings).
  void sort();
  // The application/x-www-form-urlencoded serialization: "a=1&b=x+y".
  std::string toString() const;

  // forEach((value, name[, params]) => ...): cb may take (value, name) or (value, name, *this).
  template <class F>
  void forEach(F&& cb) const {
    for (size_t i = 0; i < list_.size(); ++i) {
      Pair p = list_[i];  // a copy: cb may change the list
      if constexpr (std::is_invocable_v<F&, const std::string&, const std::string&,
                                        const URLSearchParams&>) {
        cb(p.second, p.first, *this);
      } else {
        cb(p.second, p.first);
      }
    }
  }
  const std::vector<Pair>& entries() const { return list_; }
  std::vector<std::string> keys() const;
  std::vector<std::string> values() const;
  const_iterator begin() const { return list_.begin(); }
  const_iterator end() const { return list_.end(); }

 private:
  friend class URL;
  // Node's parseParams: the list from a query string, a leading '?' ignored unless the string
  // is a URL's query (which has had its '?' taken off already).
  static std::vector<Pair> parseList(std::string_view query, bool skipQuestionMark = true);
  void update();  // the Standard's "update steps": pushes the list into the owning URL

  std::vector<Pair> list_;
  URL* url_ = nullptr;  // the owning URL, or nullptr when standalone
};

// URL: a parsed absolute URL. Getters return Node's strings; setters follow the Standard
// (an invalid value is ignored, except for href(), which throws like Node's href setter).
//
// C++ difference: JS properties are member functions: `u.pathname()` reads, `u.pathname("/x")`
// writes (JS `u.pathname = "/x"`).
class URL {
 public:
  // new URL(input[, base]): throws TypeError ERR_INVALID_URL when input (against base) is not
  // a valid URL.
  explicit URL(std::string_view input);
  URL(std::string_view input, std::string_view base);
  URL(std::string_view input, const URL& base);
  URL(const URL& other);
  URL(URL&& other) noexcept;
  URL& operator=(const URL& other);
  URL& operator=(URL&& other) noexcept;
  ~URL() = default;

  // URL.canParse(input[, base]).
  static bool canParse(std::string_view input);
  static bool canParse(std::string_view input, std::string_view base);
  // URL.parse(input[, base]): the URL, or nullopt (JS null) instead of throwing.
  static std::optional<URL> parse(std::string_view input);
  static std::optional<URL> parse(std::string_view input, std::string_view base);

  std::string href() const;
  void href(std::string_view value);  // throws TypeError ERR_INVALID_URL
  std::string origin() const;
  std::string protocol() const;
  void protocol(std::string_view value);
  std::string username() const;
  void username(std::string_view value);
  std::string password() const;
  void password(std::string_view value);
  std::string host() const;
  void host(std::string_view value);
  std::string hostname() const;
  void hostname(std::string_view value);
  std::string port() const;
  void port(std::string_view value);
  void port(int value);  // JS `u.port = 8080` (the number as a string)
  std::string pathname() const;
  void pathname(std::string_view value);
  std::string search() const;
  void search(std::string_view value);
  URLSearchParams& searchParams();
  const URLSearchParams& searchParams() const;
  std::string hash() const;
  void hash(std::string_view value);
  std::string toString() const { return href(); }
  std::string toJSON() const { return href(); }

  // The parsed URL record, for reading the parts without re-serializing them.
  const detail::UrlRecord& record() const { return rec_; }

 private:
  URL() = default;
  friend class URLSearchParams;
  void paramsChanged();  // URLSearchParams -> URL
  void queryChanged();   // URL -> URLSearchParams
  void adoptParams();    // points params_ back at this after a copy or move

  detail::UrlRecord rec_;
  // Parsed from the query on first use of searchParams(), then kept in step.
  mutable URLSearchParams params_;
  mutable bool paramsReady_ = false;
};

// url.format(URL, options): the href without the parts switched off; unicode turns the
// host's punycode labels into Unicode.
struct URLFormatOptions {
  bool auth = true;
  bool fragment = true;
  bool search = true;
  bool unicode = false;
};
std::string format(const URL& url, const URLFormatOptions& options = {});

// url.domainToASCII(domain) / url.domainToUnicode(domain): "" when the domain is invalid.
std::string domainToASCII(std::string_view domain);
std::string domainToUnicode(std::string_view domain);

}  // namespace nodecc::url

namespace nodecc {
using url::URL;
using url::URLSearchParams;
}  // namespace nodecc
