// path-to-regexp 8's parse(), flatten() and toRegExpSource(), followed step by step, then a
// backtracking matcher over what toRegExpSource would have written as a regex.
#include "api/express/path_pattern.h"

#include <functional>
#include <memory>

#include "api/url/codec.h"
#include "nodecc/error.h"
#include "nodecc/express.h"

namespace nodecc::express::detail {

namespace {

struct Token {
  enum Kind : uint8_t { kText, kParam, kWildcard, kGroup } kind;
  std::string value;  // text, or the parameter's name
  std::vector<Token> group;
};

[[noreturn]] void throwPathError(const std::string& message, std::string_view original) {
  std::string text = message;
  if (!original.empty()) {
    text += ": ";
    text += original;
  }
  text += "; visit https://git.new/pathToRegexpError for info";
  throw TypeError("", text);
}

// ID_START / ID_CONTINUE of the parser: ASCII exactly; every non-ASCII code point counts as
// an identifier character (path-to-regexp consults Unicode's ID_Start/ID_Continue there).
bool idStart(char32_t c) {
  return c == '$' || c == '_' || (c < 0x80 && text::core::isAlpha(static_cast<unsigned char>(c))) ||
         c >= 0x80;
}
bool idContinue(char32_t c) {
  return idStart(c) || (c < 0x80 && text::core::isDigit(static_cast<unsigned char>(c)));
}

// The input as code points, as `[...str]` splits it (error indices count code points).
struct Chars {
  explicit Chars(std::string_view s) {
    for (size_t i = 0; i < s.size();) {
      char32_t cp;
      size_t n = url::detail::decodeUtf8At(s, i, cp);
      bytes.emplace_back(s.substr(i, n));
      cps.push_back(cp);
      i += n;
    }
  }
  size_t size() const { return cps.size(); }
  std::vector<std::string_view> bytes;
  std::vector<char32_t> cps;
};

class Parser {
 public:
  explicit Parser(std::string_view str) : str_(str), chars_(str) {}
  std::vector<Token> parse() { return consumeUntil(0); }

 private:
  std::vector<Token> consumeUntil(char32_t end) {
    std::vector<Token> output;
    std::string path;
    auto writePath = [&] {
      if (!path.empty()) {
        output.push_back(Token{Token::kText, std::move(path), {}});
        path.clear();
      }
    };
    const size_t n = chars_.size();
    while (index_ < n) {
      char32_t value = chars_.cps[index_];
      std::string_view bytes = chars_.bytes[index_];
      ++index_;
      if (end != 0 && value == end) {
        writePath();
        return output;
      }
      if (value == '\\') {
        if (index_ == n) {
          throwPathError("Unexpected end after \\ at index " + std::to_string(index_), str_);
        }
        path += chars_.bytes[index_++];
        continue;
      }
      if (value == ':' || value == '*') {
        Token::Kind kind = value == ':' ? Token::kParam : Token::kWildcard;
        std::string name;
        if (index_ < n && idStart(chars_.cps[index_])) {
          do {
            name += chars_.bytes[index_++];
          } while (index_ < n && idContinue(chars_.cps[index_]));
        } else if (index_ < n && chars_.cps[index_] == '"') {
          size_t quoteStart = index_;
          while (index_ < n) {
            if (++index_ < n && chars_.cps[index_] == '"') {
              ++index_;
              quoteStart = 0;
              break;
            }
            if (index_ < n && chars_.cps[index_] == '\\') {
              ++index_;
            }
            if (index_ < n) {
              name += chars_.bytes[index_];
            }
          }
          if (quoteStart != 0) {
            throwPathError("Unterminated quote at index " + std::to_string(quoteStart), str_);
          }
        }
        if (name.empty()) {
          throwPathError("Missing parameter name at index " + std::to_string(index_), str_);
        }
        writePath();
        output.push_back(Token{kind, std::move(name), {}});
        continue;
      }
      if (value == '{') {
        writePath();
        output.push_back(Token{Token::kGroup, {}, consumeUntil('}')});
        continue;
      }
      if (value == '}' || value == '(' || value == ')' || value == '[' || value == ']' ||
          value == '+' || value == '?' || value == '!') {
        throwPathError(
            "Unexpected " + std::string(bytes) + " at index " + std::to_string(index_ - 1), str_);
      }
      path += bytes;
    }
    if (end != 0) {
      throwPathError("Unexpected end at index " + std::to_string(index_) + ", expected " +
                         std::string(1, static_cast<char>(end)),
                     str_);
    }
    writePath();
    return output;
  }

  std::string_view str_;
  Chars chars_;
  size_t index_ = 0;
};

// flatten(): every sequence the optional groups allow, in path-to-regexp's order.
using FlattenFn = std::function<void(std::vector<const Token*>&)>;
void flatten(const std::vector<Token>& tokens, size_t index, std::vector<const Token*>& result,
             const FlattenFn& callback) {
  while (index < tokens.size()) {
    const Token& token = tokens[index++];
    if (token.kind == Token::kGroup) {
      size_t len = result.size();
      FlattenFn rest = [&](std::vector<const Token*>& seq) {
        flatten(tokens, index, seq, callback);
      };
      flatten(token.group, 0, result, rest);
      result.resize(len);
      continue;
    }
    result.push_back(&token);
  }
  callback(result);
}

bool isDelimiter(std::string_view s) {
  return s.find('/') != std::string_view::npos;
}

}  // namespace

PathPattern::PathPattern(std::string_view path, const PathOptions& options) : options_(options) {
  std::vector<Token> tokens = Parser(path).parse();
  std::vector<const Token*> scratch;
  flatten(tokens, 0, scratch, [&](std::vector<const Token*>& seq) {
    if (alternatives_.size() >= kMaxCombinations) {
      throwPathError("Too many path combinations", path);
    }
    std::vector<const void*> erased(seq.begin(), seq.end());
    compileAlternative(erased, path);
  });
}

// toRegExpSource(): the same decisions, recorded as nodes instead of regex text. negate(a, b)
// is "a character that does not start a or b" (the longer first, a duplicate dropped).
void PathPattern::compileAlternative(const std::vector<const void*>& erased,
                                     std::string_view original) {
  std::vector<const Token*> tokens;
  for (const void* p : erased) {
    tokens.push_back(static_cast<const Token*>(p));
  }
  Sequence seq;
  std::string backtrack;
  std::string wildcardBacktrack;
  int prevCaptureType = 0;
  int hasSegmentCapture = 0;
  const std::string delimiter = "/";

  auto hasInSegment = [&](size_t index, Token::Kind kind) {
    while (index < tokens.size()) {
      const Token& t = *tokens[index++];
      if (t.kind == kind) {
        return true;
      }
      if (t.kind == Token::kText && isDelimiter(t.value)) {
        break;
      }
    }
    return false;
  };
  auto peekText = [&](size_t index) {
    std::string result;
    while (index < tokens.size()) {
      const Token& t = *tokens[index++];
      if (t.kind != Token::kText) {
        break;
      }
      result += t.value;
    }
    return result;
  };
  auto negate = [](std::string a, std::string b) {
    Option o;
    if (b.size() > a.size()) {
      std::swap(a, b);
    }
    if (a == b) {
      b.clear();
    }
    o.forbid[0] = std::move(a);
    o.forbid[1] = std::move(b);
    return o;
  };
  auto literal = [](std::string text) {
    Option o;
    o.literal = true;
    o.text = std::move(text);
    return o;
  };

  size_t index = 0;
  while (index < tokens.size()) {
    const Token& token = *tokens[index++];
    if (token.kind == Token::kText) {
      if (!seq.empty() && !seq.back().capture) {
        seq.back().text += token.value;
      } else {
        Node node;
        node.text = token.value;
        seq.push_back(std::move(node));
      }
      backtrack += token.value;
      if (prevCaptureType == 2) {
        wildcardBacktrack += token.value;
      }
      if (isDelimiter(token.value)) {
        hasSegmentCapture = 0;
      }
      continue;
    }
    if (prevCaptureType != 0 && backtrack.empty()) {
      throwPathError("Missing text before \"" + token.value + "\" " +
                         (token.kind == Token::kParam ? "param" : "wildcard"),
                     original);
    }
    Node node;
    node.capture = true;
    if (token.kind == Token::kParam) {
      if (hasSegmentCapture & 2) {
        node.options[node.optionCount++] = negate(delimiter, backtrack);
      } else if (hasInSegment(index, Token::kWildcard)) {
        node.options[node.optionCount++] = negate(delimiter, peekText(index));
      } else if (hasSegmentCapture & 1) {
        node.options[node.optionCount++] = negate(delimiter, backtrack);
        node.options[node.optionCount++] = literal(backtrack);
      } else {
        node.options[node.optionCount++] = negate(delimiter, "");
      }
      hasSegmentCapture |= prevCaptureType = 1;
    } else {
      if (hasSegmentCapture & 2) {
        node.options[node.optionCount++] = negate(backtrack, "");
      } else if (!wildcardBacktrack.empty()) {
        node.options[node.optionCount++] = negate(wildcardBacktrack, "");
        node.options[node.optionCount++] = negate(delimiter, "");
      } else {
        node.options[node.optionCount++] = negate("", "");  // [^]: any character
      }
      wildcardBacktrack.clear();
      hasSegmentCapture |= prevCaptureType = 2;
    }
    if (keys_.size() >= kMaxCaptures) {
      throw TypeError("", "Too many parameters in route path: " + std::string(original));
    }
    node.key = static_cast<uint32_t>(keys_.size());
    keys_.push_back(Key{token.value, token.kind == Token::kWildcard});
    seq.push_back(std::move(node));
    backtrack.clear();
  }
  alternatives_.push_back(std::move(seq));
}

bool PathPattern::textAt(std::string_view in, size_t pos, std::string_view text) const {
  if (in.size() - pos < text.size()) {
    return false;
  }
  if (options_.sensitive) {
    return in.compare(pos, text.size(), text) == 0;
  }
  for (size_t i = 0; i < text.size(); ++i) {
    if (text::core::toLower(in[pos + i]) != text::core::toLower(text[i])) {
      return false;
    }
  }
  return true;
}

bool PathPattern::runCharAllowed(const Option& o, std::string_view in, size_t pos) const {
  if (pos >= in.size()) {
    return false;
  }
  for (const std::string& f : o.forbid) {
    if (!f.empty() && textAt(in, pos, f)) {
      return false;
    }
  }
  return true;
}

bool PathPattern::matchEnd(std::string_view in, size_t pos, Match* out) const {
  // (?:/$)? is greedy: a final '/' is taken into m[0] when it ends the input.
  if (options_.trailing && pos + 1 == in.size() && in[pos] == '/') {
    out->length = pos + 1;
    return true;
  }
  if (pos == in.size() || (!options_.end && in[pos] == '/')) {
    out->length = pos;
    return true;
  }
  return false;
}

bool PathPattern::matchFrom(const Sequence& seq, size_t node, std::string_view in, size_t pos,
                            Match* out) const {
  if (node == seq.size()) {
    return matchEnd(in, pos, out);
  }
  const Node& n = seq[node];
  if (!n.capture) {
    return textAt(in, pos, n.text) && matchFrom(seq, node + 1, in, pos + n.text.size(), out);
  }
  const size_t slot = out->captureCount++;
  for (uint8_t i = 0; i < n.optionCount; ++i) {
    const Option& o = n.options[i];
    if (o.literal) {
      if (textAt(in, pos, o.text)) {
        out->captures[slot] = Capture{n.key, uint32_t(pos), uint32_t(pos + o.text.size())};
        if (matchFrom(seq, node + 1, in, pos + o.text.size(), out)) {
          return true;
        }
      }
      continue;
    }
    // A greedy run: its longest extent first, then shorter ones (the lookaheads look at each
    // position independently, so every prefix of the longest run is a run too).
    size_t end = pos;
    while (runCharAllowed(o, in, end)) {
      ++end;
    }
    for (; end > pos; --end) {
      out->captureCount = slot + 1;
      out->captures[slot] = Capture{n.key, uint32_t(pos), uint32_t(end)};
      if (matchFrom(seq, node + 1, in, end, out)) {
        return true;
      }
    }
  }
  out->captureCount = slot;
  return false;
}

bool PathPattern::match(std::string_view input, Match* out) const {
  if (input.size() >= UINT32_MAX) {
    return false;
  }
  for (const Sequence& seq : alternatives_) {
    out->captureCount = 0;
    if (matchFrom(seq, 0, input, 0, out)) {
      return true;
    }
  }
  return false;
}

std::vector<std::string> PathPattern::literalSegments(size_t max) const {
  std::vector<std::string> out;
  if (alternatives_.size() != 1) {
    return out;
  }
  const Sequence& seq = alternatives_[0];
  if (seq.empty() || seq[0].capture) {
    return out;
  }
  std::string_view text = seq[0].text;
  size_t at = 0;
  while (out.size() < max && at + 1 < text.size() && text[at] == '/') {
    size_t slash = text.find('/', at + 1);
    if (slash == std::string_view::npos) {
      // "/users" at the end of the text is a whole segment only when nothing follows it.
      if (seq.size() != 1) {
        break;
      }
      slash = text.size();
    }
    std::string_view segment = text.substr(at + 1, slash - at - 1);
    if (segment.empty()) {
      break;
    }
    if (!options_.sensitive) {
      bool ascii = true;
      for (char c : segment) {
        ascii = ascii && static_cast<unsigned char>(c) < 0x80;
      }
      if (!ascii) {
        break;  // only ASCII is folded; leave other literals to the full matcher
      }
    }
    out.emplace_back(segment);
    if (!options_.sensitive) {
      text::core::lowerInPlace(out.back());
    }
    at = slash;
  }
  return out;
}

std::string decodeParam(std::string_view value) {
  if (value.find('%') == std::string_view::npos) {
    return std::string(value);
  }
  auto decoded = url::detail::decodeUriComponent(value);
  if (!decoded) {
    HttpError err(400, "Failed to decode param '" + std::string(value) + "'");
    err.name = "URIError";
    throw err;
  }
  return std::move(*decoded);
}

void decodeParams(const PathPattern& pattern, const PathPattern::Match& m, std::string_view path,
                  Params& params) {
  for (size_t c = 0; c < m.captureCount; ++c) {
    const Capture& cap = m.captures[c];
    const PathPattern::Key& key = pattern.keys()[cap.key];
    std::string_view raw = path.substr(cap.begin, cap.end - cap.begin);
    if (key.wildcard) {
      std::vector<std::string> parts;
      size_t start = 0;
      for (;;) {
        size_t slash = raw.find('/', start);
        parts.push_back(decodeParam(raw.substr(start, slash - start)));
        if (slash == std::string_view::npos) {
          break;
        }
        start = slash + 1;
      }
      params.set(key.name, std::move(parts));
    } else {
      params.set(key.name, decodeParam(raw));
    }
  }
}

}  // namespace nodecc::express::detail
