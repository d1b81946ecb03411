// The basic URL parser, state by state as the URL Standard writes it. Where Node 20's ada
// differs from today's Standard, ada wins (Node is the oracle): the path percent-encode set
// has no '^', and spaces in an opaque path are kept as they are.
#include "api/url/parser.h"

#include <algorithm>
#include <cstddef>

#include "api/url/codec.h"
#include "api/url/host.h"

namespace nodecc::url::detail {

namespace {

constexpr int kEof = -1;

bool isWindowsDriveLetter(std::string_view s) {
  return s.size() == 2 && isAlpha(s[0]) && (s[1] == ':' || s[1] == '|');
}

// ada (Node 20) checks only the first two code points here, so "c:x" counts too; it matters
// where a path is shortened and where a file URL inherits its base's drive.
bool isNormalizedWindowsDriveLetter(std::string_view s) {
  return s.size() >= 2 && isAlpha(s[0]) && s[1] == ':';
}

bool startsWithWindowsDriveLetter(std::string_view s) {
  return s.size() >= 2 && isWindowsDriveLetter(s.substr(0, 2)) &&
         (s.size() == 2 || s[2] == '/' || s[2] == '\\' || s[2] == '?' || s[2] == '#');
}

bool isSingleDot(std::string_view s) {
  return s == "." || (s.size() == 3 && s[0] == '%' && s[1] == '2' && (s[2] | 0x20) == 'e');
}

bool isDoubleDot(std::string_view s) {
  auto dot = [](std::string_view t) {
    return t == "." || (t.size() == 3 && t[0] == '%' && t[1] == '2' && (t[2] | 0x20) == 'e');
  };
  if (s.size() == 2) {
    return s == "..";
  }
  if (s.size() == 4) {
    return (s[0] == '.' && dot(s.substr(1))) || (dot(s.substr(0, 3)) && s[3] == '.');
  }
  return s.size() == 6 && dot(s.substr(0, 3)) && dot(s.substr(3));
}

// The path is kept serialized: "" is the empty list, each segment is "/" + segment.
std::string_view firstSegment(const std::string& path) {
  if (path.empty()) {
    return {};
  }
  size_t next = path.find('/', 1);
  return std::string_view(path).substr(1, (next == std::string::npos ? path.size() : next) - 1);
}

bool hasSingleSegment(const std::string& path) {
  return !path.empty() && path.find('/', 1) == std::string::npos;
}

// Returns whether a segment was removed.
bool shortenPath(UrlRecord& url) {
  if (url.scheme == "file" && hasSingleSegment(url.path) &&
      isNormalizedWindowsDriveLetter(firstSegment(url.path))) {
    return false;
  }
  // A path without '/' is an opaque path copied from the base (see noScheme()): ada leaves it.
  size_t slash = url.path.rfind('/');
  if (slash == std::string::npos) {
    return false;
  }
  url.path.erase(slash);
  return true;
}

bool includesCredentials(const UrlRecord& url) {
  return !url.username.empty() || !url.password.empty();
}

enum class Step { kNext, kFail, kReturn };

class Parser {
 public:
  Parser(std::string_view in, const UrlRecord* base, UrlRecord& url,
         std::optional<UrlState> stateOverride)
      : in_(in),
        n_(static_cast<ptrdiff_t>(in.size())),
        base_(base),
        url_(url),
        override_(stateOverride),
        state_(stateOverride.value_or(UrlState::kSchemeStart)),
        special_(isSpecialScheme(url.scheme)) {}

  bool run() {
    for (p_ = 0;; ++p_) {
      c_ = p_ < n_ ? static_cast<unsigned char>(in_[pos()]) : kEof;
      Step s = step();
      if (s == Step::kFail) {
        return false;
      }
      if (s == Step::kReturn || p_ >= n_) {
        return true;
      }
    }
  }

 private:
  bool special() const { return special_; }
  size_t pos() const { return static_cast<size_t>(p_); }
  // After taking a run of input up to `end` at once: the next step reads in_[end].
  void continueAt(size_t end) { p_ = static_cast<ptrdiff_t>(end) - 1; }
  void setScheme(const std::string& scheme) {
    url_.scheme = scheme;
    special_ = isSpecialScheme(scheme);
  }
  std::string_view remaining() const {
    return p_ + 1 < n_ ? in_.substr(static_cast<size_t>(p_ + 1)) : std::string_view();
  }
  std::string_view fromPointer() const { return p_ < n_ ? in_.substr(pos()) : std::string_view(); }
  bool slashOrBackslash() const { return c_ == '/' || (special() && c_ == '\\'); }
  bool endOfAuthority() const {
    return c_ == kEof || c_ == '/' || c_ == '?' || c_ == '#' || (special() && c_ == '\\');
  }

  Step step() {
    switch (state_) {
      case UrlState::kSchemeStart:
        if (c_ != kEof && isAlpha(static_cast<unsigned char>(c_))) {
          buffer_ += toLower(static_cast<char>(c_));
          state_ = UrlState::kScheme;
        } else if (!override_) {
          state_ = UrlState::kNoScheme;
          --p_;
        } else {
          return Step::kFail;
        }
        return Step::kNext;
      case UrlState::kScheme:
        return scheme();
      case UrlState::kNoScheme:
        return noScheme();
      case UrlState::kSpecialRelativeOrAuthority:
        if (c_ == '/' && remaining().substr(0, 1) == "/") {
          state_ = UrlState::kSpecialAuthorityIgnoreSlashes;
          ++p_;
        } else {
          state_ = UrlState::kRelative;
          --p_;
        }
        return Step::kNext;
      case UrlState::kPathOrAuthority:
        if (c_ == '/') {
          state_ = UrlState::kAuthority;
        } else {
          state_ = UrlState::kPath;
          --p_;
        }
        return Step::kNext;
      case UrlState::kRelative:
        return relative();
      case UrlState::kRelativeSlash:
        if (special() && (c_ == '/' || c_ == '\\')) {
          state_ = UrlState::kSpecialAuthorityIgnoreSlashes;
        } else if (c_ == '/') {
          state_ = UrlState::kAuthority;
        } else {
          url_.username = base_->username;
          url_.password = base_->password;
          url_.host = base_->host;
          url_.port = base_->port;
          state_ = UrlState::kPath;
          --p_;
        }
        return Step::kNext;
      case UrlState::kSpecialAuthoritySlashes:
        state_ = UrlState::kSpecialAuthorityIgnoreSlashes;
        if (c_ == '/' && remaining().substr(0, 1) == "/") {
          ++p_;
        } else {
          --p_;
        }
        return Step::kNext;
      case UrlState::kSpecialAuthorityIgnoreSlashes:
        if (c_ != '/' && c_ != '\\') {
          state_ = UrlState::kAuthority;
          --p_;
        }
        return Step::kNext;
      case UrlState::kAuthority:
        return authority();
      case UrlState::kHost:
      case UrlState::kHostname:
        return host();
      case UrlState::kPort:
        return port();
      case UrlState::kFile:
        return file();
      case UrlState::kFileSlash:
        return fileSlash();
      case UrlState::kFileHost:
        return fileHost();
      case UrlState::kPathStart:
        return pathStart();
      case UrlState::kPath:
        return path();
      case UrlState::kOpaquePath:
        if (c_ == '?') {
          url_.query = std::string();
          state_ = UrlState::kQuery;
        } else if (c_ == '#') {
          url_.fragment = std::string();
          state_ = UrlState::kFragment;
        } else if (c_ != kEof) {
          size_t end = std::min(in_.find_first_of("?#", pos()), in_.size());
          percentEncodeAppend(url_.path, in_.substr(pos(), end - pos()), kC0ControlSet);
          continueAt(end);
        }
        return Step::kNext;
      case UrlState::kQuery:
        return query();
      case UrlState::kFragment:
        if (c_ != kEof) {
          if (!url_.fragment) {
            url_.fragment = std::string();
          }
          percentEncodeAppend(*url_.fragment, in_.substr(pos()), kFragmentSet);
          continueAt(in_.size());
        }
        return Step::kNext;
    }
    return Step::kFail;
  }

  Step scheme() {
    if (c_ != kEof &&
        (isAlpha(static_cast<unsigned char>(c_)) || isDigit(static_cast<unsigned char>(c_)) ||
         c_ == '+' || c_ == '-' || c_ == '.')) {
      buffer_ += toLower(static_cast<char>(c_));
      return Step::kNext;
    }
    if (c_ == ':') {
      if (override_) {
        if (isSpecialScheme(url_.scheme) != isSpecialScheme(buffer_)) {
          return Step::kReturn;
        }
        if ((includesCredentials(url_) || url_.port) && buffer_ == "file") {
          return Step::kReturn;
        }
        if (url_.scheme == "file" && url_.host && url_.host->empty()) {
          return Step::kReturn;
        }
      }
      setScheme(buffer_);
      if (override_) {
        if (url_.port && *url_.port == defaultPort(url_.scheme)) {
          url_.port.reset();
        }
        return Step::kReturn;
      }
      buffer_.clear();
      if (url_.scheme == "file") {
        state_ = UrlState::kFile;
      } else if (special() && base_ && base_->scheme == url_.scheme) {
        state_ = UrlState::kSpecialRelativeOrAuthority;
      } else if (special()) {
        state_ = UrlState::kSpecialAuthoritySlashes;
      } else if (remaining().substr(0, 1) == "/") {
        state_ = UrlState::kPathOrAuthority;
        ++p_;
      } else {
        url_.path.clear();
        url_.opaquePath = true;
        state_ = UrlState::kOpaquePath;
      }
      return Step::kNext;
    }
    if (!override_) {
      buffer_.clear();
      state_ = UrlState::kNoScheme;
      p_ = -1;
      return Step::kNext;
    }
    return Step::kFail;
  }

  Step noScheme() {
    // ada (Node 20) tests for a '#' anywhere in the input, not for c being '#': an input with a
    // fragment against a base with an opaque path goes on to the relative state, which then
    // treats the opaque path as a path ("x#y" against "sc:a" is "sc:a/x#y").
    if (!base_ || (base_->opaquePath && in_.find('#') == std::string_view::npos)) {
      return Step::kFail;
    }
    if (base_->opaquePath && c_ == '#') {
      setScheme(base_->scheme);
      url_.path = base_->path;
      url_.opaquePath = true;
      url_.query = base_->query;
      url_.fragment = std::string();
      state_ = UrlState::kFragment;
    } else {
      state_ = base_->scheme != "file" ? UrlState::kRelative : UrlState::kFile;
      --p_;
    }
    return Step::kNext;
  }

  Step relative() {
    setScheme(base_->scheme);
    if (c_ == '/' || (special() && c_ == '\\')) {
      state_ = UrlState::kRelativeSlash;
      return Step::kNext;
    }
    url_.username = base_->username;
    url_.password = base_->password;
    url_.host = base_->host;
    url_.port = base_->port;
    url_.path = base_->path;
    url_.query = base_->query;
    if (c_ == '?') {
      url_.query = std::string();
      state_ = UrlState::kQuery;
    } else if (c_ == '#') {
      url_.fragment = std::string();
      state_ = UrlState::kFragment;
    } else if (c_ != kEof) {
      url_.query.reset();
      shortenPath(url_);
      state_ = UrlState::kPath;
      --p_;
    }
    return Step::kNext;
  }

  Step authority() {
    if (c_ == '@') {
      if (atSignSeen_) {
        buffer_.insert(0, "%40");
      }
      atSignSeen_ = true;
      // The first ':' of all the userinfo read so far separates the username from the password.
      std::string_view info = buffer_;
      if (!passwordTokenSeen_) {
        size_t colon = info.find(':');
        percentEncodeAppend(url_.username, info.substr(0, colon), kUserinfoSet);
        info = colon == std::string_view::npos ? std::string_view() : info.substr(colon + 1);
        passwordTokenSeen_ = colon != std::string_view::npos;
      }
      if (passwordTokenSeen_) {
        percentEncodeAppend(url_.password, info, kUserinfoSet);
      }
      buffer_.clear();
    } else if (endOfAuthority()) {
      if (atSignSeen_ && buffer_.empty()) {
        return Step::kFail;
      }
      p_ -= static_cast<ptrdiff_t>(buffer_.size()) + 1;
      buffer_.clear();
      state_ = UrlState::kHost;
    } else {
      size_t end = pos() + 1;
      while (end < in_.size() && in_[end] != '@' && in_[end] != '/' && in_[end] != '?' &&
             in_[end] != '#' && !(special_ && in_[end] == '\\')) {
        ++end;
      }
      buffer_.append(in_.substr(pos(), end - pos()));
      continueAt(end);
    }
    return Step::kNext;
  }

  Step host() {
    if (override_ && url_.scheme == "file") {
      --p_;
      state_ = UrlState::kFileHost;
      return Step::kNext;
    }
    if (c_ == ':' && !insideBrackets_) {
      if (buffer_.empty() || override_ == UrlState::kHostname) {
        return Step::kFail;
      }
      auto h = parseHost(buffer_, special());
      if (!h) {
        return Step::kFail;
      }
      url_.host = std::move(*h);
      buffer_.clear();
      state_ = UrlState::kPort;
      return Step::kNext;
    }
    if (endOfAuthority()) {
      --p_;
      if (special() && buffer_.empty()) {
        return Step::kFail;
      }
      if (override_ && buffer_.empty() && (includesCredentials(url_) || url_.port)) {
        return Step::kFail;
      }
      auto h = parseHost(buffer_, special());
      if (!h) {
        return Step::kFail;
      }
      url_.host = std::move(*h);
      buffer_.clear();
      state_ = UrlState::kPathStart;
      return override_ ? Step::kReturn : Step::kNext;
    }
    // Take the run up to the next character that needs a decision.
    size_t end = pos();
    for (; end < in_.size(); ++end) {
      char ch = in_[end];
      if (ch == '[') {
        insideBrackets_ = true;
      } else if (ch == ']') {
        insideBrackets_ = false;
      } else if ((ch == ':' && !insideBrackets_) || ch == '/' || ch == '?' || ch == '#' ||
                 (special_ && ch == '\\')) {
        break;
      }
    }
    buffer_.append(in_.substr(pos(), end - pos()));
    continueAt(end);
    return Step::kNext;
  }

  Step port() {
    if (c_ != kEof && isDigit(static_cast<unsigned char>(c_))) {
      buffer_ += static_cast<char>(c_);
      return Step::kNext;
    }
    if (endOfAuthority() || override_) {
      if (!buffer_.empty()) {
        uint32_t value = 0;
        for (char d : buffer_) {
          value = value * 10 + static_cast<uint32_t>(d - '0');
          if (value > 65535) {
            return Step::kFail;
          }
        }
        if (static_cast<int>(value) == defaultPort(url_.scheme)) {
          url_.port.reset();
        } else {
          url_.port = static_cast<uint16_t>(value);
        }
        buffer_.clear();
        if (override_) {
          return Step::kReturn;
        }
      }
      if (override_) {
        return Step::kFail;
      }
      state_ = UrlState::kPathStart;
      --p_;
      return Step::kNext;
    }
    return Step::kFail;
  }

  Step file() {
    if (!special_ || url_.scheme != "file") {
      setScheme("file");
    }
    url_.host = std::string();
    if (c_ == '/' || c_ == '\\') {
      state_ = UrlState::kFileSlash;
    } else if (base_ && base_->scheme == "file") {
      url_.host = base_->host;
      url_.path = base_->path;
      url_.query = base_->query;
      if (c_ == '?') {
        url_.query = std::string();
        state_ = UrlState::kQuery;
      } else if (c_ == '#') {
        url_.fragment = std::string();
        state_ = UrlState::kFragment;
      } else if (c_ != kEof) {
        url_.query.reset();
        if (!startsWithWindowsDriveLetter(fromPointer())) {
          shortenPath(url_);
        } else {
          url_.path.clear();
        }
        state_ = UrlState::kPath;
        --p_;
      }
    } else {
      state_ = UrlState::kPath;
      --p_;
    }
    return Step::kNext;
  }

  Step fileSlash() {
    if (c_ == '/' || c_ == '\\') {
      state_ = UrlState::kFileHost;
      return Step::kNext;
    }
    if (base_ && base_->scheme == "file") {
      url_.host = base_->host;
      if (!startsWithWindowsDriveLetter(fromPointer()) &&
          isNormalizedWindowsDriveLetter(firstSegment(base_->path))) {
        url_.path += '/';
        url_.path += firstSegment(base_->path);
      }
    }
    state_ = UrlState::kPath;
    --p_;
    return Step::kNext;
  }

  Step fileHost() {
    if (c_ == kEof || c_ == '/' || c_ == '\\' || c_ == '?' || c_ == '#') {
      --p_;
      if (!override_ && isWindowsDriveLetter(buffer_)) {
        state_ = UrlState::kPath;  // the buffer is the path's first segment
      } else if (buffer_.empty()) {
        url_.host = std::string();
        if (override_) {
          return Step::kReturn;
        }
        state_ = UrlState::kPathStart;
      } else {
        auto h = parseHost(buffer_, special());
        if (!h) {
          return Step::kFail;
        }
        if (*h == "localhost") {
          h->clear();
        }
        url_.host = std::move(*h);
        if (override_) {
          return Step::kReturn;
        }
        buffer_.clear();
        state_ = UrlState::kPathStart;
      }
      return Step::kNext;
    }
    buffer_ += static_cast<char>(c_);
    return Step::kNext;
  }

  Step pathStart() {
    if (special()) {
      state_ = UrlState::kPath;
      if (c_ != '/' && c_ != '\\') {
        --p_;
      }
    } else if (!override_ && c_ == '?') {
      url_.query = std::string();
      state_ = UrlState::kQuery;
    } else if (!override_ && c_ == '#') {
      url_.fragment = std::string();
      state_ = UrlState::kFragment;
    } else if (c_ != kEof) {
      state_ = UrlState::kPath;
      if (c_ != '/') {
        --p_;
      }
    } else if (override_ && !url_.host) {
      url_.path += '/';
    }
    return Step::kNext;
  }

  Step path() {
    if (c_ == kEof || slashOrBackslash() || (!override_ && (c_ == '?' || c_ == '#'))) {
      if (isDoubleDot(buffer_)) {
        // ada (Node 20): a final ".." that finds a non-special URL's path already empty
        // leaves it empty ("sc://h/.." is "sc://h"), where the Standard makes it "/".
        bool removed = shortenPath(url_);
        if (!slashOrBackslash() && (removed || special())) {
          url_.path += '/';
        }
      } else if (isSingleDot(buffer_) && !slashOrBackslash()) {
        url_.path += '/';
      } else if (!isSingleDot(buffer_)) {
        if (url_.scheme == "file" && url_.path.empty() && isWindowsDriveLetter(buffer_)) {
          buffer_[1] = ':';
        }
        url_.path += '/';
        url_.path += buffer_;
      }
      buffer_.clear();
      if (c_ == '?') {
        url_.query = std::string();
        state_ = UrlState::kQuery;
      } else if (c_ == '#') {
        url_.fragment = std::string();
        state_ = UrlState::kFragment;
      }
      return Step::kNext;
    }
    // Take the whole run up to the next delimiter at once.
    size_t end = pos() + 1;
    while (end < in_.size() && in_[end] != '/' && !(special_ && in_[end] == '\\') &&
           (override_ || (in_[end] != '?' && in_[end] != '#'))) {
      ++end;
    }
    percentEncodeAppend(buffer_, in_.substr(pos(), end - pos()), kPathSet);
    continueAt(end);
    return Step::kNext;
  }

  Step query() {
    if ((!override_ && c_ == '#') || c_ == kEof) {
      if (!url_.query) {
        url_.query = std::string();
      }
      percentEncodeAppend(*url_.query, buffer_, special() ? kSpecialQuerySet : kQuerySet);
      buffer_.clear();
      if (c_ == '#') {
        url_.fragment = std::string();
        state_ = UrlState::kFragment;
      }
      return Step::kNext;
    }
    size_t end = override_ ? in_.size() : std::min(in_.find('#', pos()), in_.size());
    buffer_.append(in_.substr(pos(), end - pos()));
    continueAt(end);
    return Step::kNext;
  }

  std::string_view in_;
  ptrdiff_t n_;
  const UrlRecord* base_;
  UrlRecord& url_;
  std::optional<UrlState> override_;
  UrlState state_;
  bool special_;  // isSpecialScheme(url_.scheme), kept in step with it
  ptrdiff_t p_ = 0;
  int c_ = kEof;
  std::string buffer_;
  bool atSignSeen_ = false;
  bool insideBrackets_ = false;
  bool passwordTokenSeen_ = false;
};

bool isTabOrNewline(char c) {
  return c == '\t' || c == '\n' || c == '\r';
}

}  // namespace

bool basicParse(std::string_view input, const UrlRecord* base, UrlRecord& url,
                std::optional<UrlState> stateOverride) {
  if (!stateOverride) {
    // Leading and trailing C0 controls and spaces go.
    while (!input.empty() && static_cast<unsigned char>(input.front()) <= 0x20) {
      input.remove_prefix(1);
    }
    while (!input.empty() && static_cast<unsigned char>(input.back()) <= 0x20) {
      input.remove_suffix(1);
    }
  }
  std::string cleaned;
  for (char c : input) {
    if (isTabOrNewline(c)) {
      for (char d : input) {
        if (!isTabOrNewline(d)) {
          cleaned += d;
        }
      }
      input = cleaned;
      break;
    }
  }
  return Parser(input, base, url, stateOverride).run();
}

}  // namespace nodecc::url::detail
