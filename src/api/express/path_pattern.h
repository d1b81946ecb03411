#pragma once
// Express 5's route paths as path-to-regexp 8 reads them ("/users/:id", "/*splat",
// "/files{/:name}", "\\:literal", ":\"quoted name\""), compiled to a matcher that gives the
// same answer as the regular expression path-to-regexp builds, without a regex engine:
//
//   ^(?:ALT1|ALT2|...)(?:/$)?$          end (routes)         - the trailing part unless strict
//   ^(?:ALT1|ALT2|...)(?:/$)?(?=/|$)    !end (use, mounting)
//
// Each alternative (one per combination of the optional {groups}) is a sequence of literal
// text and captures; a capture is one or two options tried in order (a greedy run of allowed
// characters, or a literal), exactly as path-to-regexp writes them (its negate() lookaheads
// become "the run may not start a character at a forbidden string"). Matching backtracks as
// the regex would, so the captures are the ones JavaScript's RegExp.exec gives.
//
// Case-insensitive matching (Express's default) folds ASCII letters only, as JavaScript's
// non-unicode /i does for the ASCII requests HTTP carries.
//
// Pure and allocation-free when matching; building one throws TypeError with
// path-to-regexp's PathError message for a malformed path.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace nodecc::express {
class Params;
}

namespace nodecc::express::detail {

struct PathOptions {
  bool end = true;         // the whole path (a route) or a prefix ending at '/' (a use)
  bool sensitive = false;  // case-sensitive literals
  bool trailing = true;    // an optional trailing '/' (false under strict routing)
};

// One captured span of the input (a :param or a *wildcard) of the alternative that matched.
struct Capture {
  uint32_t key;    // index into PathPattern::keys()
  uint32_t begin;  // byte offsets into the matched input
  uint32_t end;
};

class PathPattern {
 public:
  struct Key {
    std::string name;
    bool wildcard;  // *name: its value is split on '/' (an array in Express)
  };
  static constexpr size_t kMaxCaptures = 32;
  // The most alternatives path-to-regexp allows ("Too many path combinations").
  static constexpr size_t kMaxCombinations = 256;

  // Throws TypeError (path-to-regexp's PathError message) for a malformed path.
  PathPattern(std::string_view path, const PathOptions& options);

  struct Match {
    size_t length = 0;  // m[0]: how much of the input matched
    size_t captureCount = 0;
    Capture captures[kMaxCaptures];
  };
  // The regex's exec: false when it does not match.
  bool match(std::string_view input, Match* out) const;

  const std::vector<Key>& keys() const { return keys_; }
  // The whole literal segments every match starts with, up to `max` of them
  // ("/api/users/:id" -> "api", "users"; lower-cased unless sensitive); none when the pattern
  // may match paths with different first segments (it starts with a capture or an optional
  // group, or is "/" or empty). A route index uses them to skip layers that cannot match.
  std::vector<std::string> literalSegments(size_t max) const;

 private:
  struct Option {
    // A run of at least one character, none starting a forbidden string (each of 1 or more
    // bytes; one byte means "not this character"); or, when literal, this exact text.
    bool literal = false;
    std::string forbid[2];
    std::string text;
  };
  struct Node {
    // Literal text, or a capture (one or two options, tried in order).
    bool capture = false;
    std::string text;
    uint32_t key = 0;
    uint8_t optionCount = 0;
    Option options[2];
  };
  using Sequence = std::vector<Node>;

  void compileAlternative(const std::vector<const void*>& tokens, std::string_view original);
  bool matchFrom(const Sequence& seq, size_t node, std::string_view in, size_t pos,
                 Match* out) const;
  bool matchEnd(std::string_view in, size_t pos, Match* out) const;
  bool textAt(std::string_view in, size_t pos, std::string_view text) const;
  bool runCharAllowed(const Option& o, std::string_view in, size_t pos) const;

  PathOptions options_;
  std::vector<Sequence> alternatives_;
  std::vector<Key> keys_;
};

// ECMAScript's decodeURIComponent for a route parameter, as the router's decodeParam: returned
// as is without a '%'; throws HttpError 400 "Failed to decode param '<value>'" when malformed.
std::string decodeParam(std::string_view value);

// The router's match(): each capture of `m` (a match of `pattern` over `path`) set in `params`
// under its key's name, a :param decoded, a *wildcard split on '/' into decoded segments.
// Throws decodeParam's HttpError 400 for a malformed %-sequence (params then partly set).
void decodeParams(const PathPattern& pattern, const PathPattern::Match& m, std::string_view path,
                  Params& params);

}  // namespace nodecc::express::detail
