// url::URL: the URL Standard's API over a UrlRecord (getters, setters with state overrides,
// origin), its link to URLSearchParams, url.format(URL) and domainTo{ASCII,Unicode}.
#include <algorithm>

#include "api/url/codec.h"
#include "api/url/host.h"
#include "api/url/parser.h"
#include "nodecc/url.h"
#include "text/ascii.h"

namespace nodecc::url {

namespace {

TypeError invalidUrl(std::string_view input, std::optional<std::string_view> base) {
  TypeError e("ERR_INVALID_URL", "Invalid URL");
  e.path = std::string(input);
  if (base) {
    e.dest = std::string(*base);
  }
  return e;
}

bool cannotHaveCredentialsOrPort(const detail::UrlRecord& r) {
  return !r.host || r.host->empty() || r.scheme == "file";
}

void stripTrailingSpacesFromOpaquePath(detail::UrlRecord& r) {
  if (!r.opaquePath || r.fragment || r.query) {
    return;
  }
  while (!r.path.empty() && r.path.back() == ' ') {
    r.path.pop_back();
  }
}

std::string withoutTabsOrNewlines(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (c != '\t' && c != '\n' && c != '\r') {
      out += c;
    }
  }
  return out;
}

void setPort(detail::UrlRecord& rec, std::string_view value) {
  // Node 20 (ada) rather than the Standard's port state: a value with a digit somewhere but not
  // at its start clears the port; an out-of-range or negative one leaves it.
  if (cannotHaveCredentialsOrPort(rec)) {
    return;
  }
  std::string trimmed = withoutTabsOrNewlines(value);
  if (trimmed.empty()) {
    rec.port.reset();
    return;
  }
  if (static_cast<unsigned char>(trimmed[0]) <= 0x20 || trimmed[0] == '-' ||
      value.find_first_of("0123456789") == std::string_view::npos) {
    return;
  }
  uint32_t n = 0;
  size_t digits = 0;
  for (; digits < trimmed.size() && text::core::isDigit(trimmed[digits]); ++digits) {
    n = n * 10 + static_cast<uint32_t>(trimmed[digits] - '0');
    if (n > 65535) {
      return;
    }
  }
  if (digits == 0 || static_cast<int>(n) == url::detail::defaultPort(rec.scheme)) {
    rec.port.reset();
  } else {
    rec.port = static_cast<uint16_t>(n);
  }
}

// Where the host ends in a host setter's value, and whether a ':' (outside brackets) ends it.
std::pair<size_t, bool> hostDelimiter(std::string_view v, bool special) {
  for (size_t i = 0; i < v.size(); ++i) {
    char c = v[i];
    if (c == '[') {
      i = v.find(']', i);
      if (i == std::string_view::npos) {
        return {v.size(), false};
      }
    } else if (c == ':' || c == '/' || c == '?' || (special && c == '\\')) {
      return {i, c == ':'};
    }
  }
  return {v.size(), false};
}

// The host and hostname setters as Node 20 (ada) runs them, which differ from the Standard's
// host state in corner cases: a port after the ':' goes through the port setter (so a
// non-numeric one clears the port), and an empty host is only ever cleared, never created.
bool setHost(detail::UrlRecord& rec, std::string_view value, bool hostnameOnly) {
  if (rec.opaquePath) {
    return false;
  }
  const std::optional<std::string> previousHost = rec.host;
  const std::optional<uint16_t> previousPort = rec.port;
  const std::string h = withoutTabsOrNewlines(value.substr(0, value.find('#')));
  std::string_view view = h;
  const bool special = url::detail::isSpecialScheme(rec.scheme);
  if (rec.scheme != "file") {
    auto [location, foundColon] = hostDelimiter(view, special);
    view = view.substr(0, location);
    if (foundColon) {
      if (hostnameOnly) {
        return false;
      }
      std::string_view portPart = std::string_view(h).substr(location + 1);
      if (!portPart.empty()) {
        setPort(rec, portPart);
      }
    } else if (view.empty() &&
               (special || !rec.username.empty() || !rec.password.empty() || rec.port)) {
      return false;
    }
    if (view.empty() && !special) {
      if (rec.host || (!rec.opaquePath && rec.path.compare(0, 2, "//") == 0)) {
        rec.host = std::string();
      }
      return true;
    }
  } else {
    view = view.substr(0, std::min(view.size(), view.find_first_of("/\\?")));
    if (view.empty()) {
      rec.host = std::string();
      return true;
    }
  }
  auto parsed = url::detail::parseHost(view, special);
  if (!parsed) {
    rec.host = previousHost;
    rec.port = previousPort;
    return false;
  }
  if (rec.scheme == "file" && *parsed == "localhost") {
    parsed->clear();
  }
  rec.host = std::move(*parsed);
  return true;
}

}  // namespace

URL::URL(std::string_view input) {
  if (!url::detail::basicParse(input, nullptr, rec_)) {
    throw invalidUrl(input, std::nullopt);
  }
}

URL::URL(std::string_view input, std::string_view base) {
  auto parsed = url::detail::parseUrl(input, base);
  if (!parsed) {
    throw invalidUrl(input, base);
  }
  rec_ = std::move(*parsed);
}

URL::URL(std::string_view input, const URL& base) {
  if (!url::detail::basicParse(input, &base.rec_, rec_)) {
    throw invalidUrl(input, base.href());
  }
}

URL::URL(const URL& other)
    : rec_(other.rec_), params_(other.params_), paramsReady_(other.paramsReady_) {
  adoptParams();
}

URL::URL(URL&& other) noexcept
    : rec_(std::move(other.rec_)),
      params_(std::move(other.params_)),
      paramsReady_(other.paramsReady_) {
  adoptParams();
}

URL& URL::operator=(const URL& other) {
  if (this != &other) {
    rec_ = other.rec_;
    params_.list_ = other.params_.list_;
    paramsReady_ = other.paramsReady_;
    adoptParams();
  }
  return *this;
}

URL& URL::operator=(URL&& other) noexcept {
  if (this != &other) {
    rec_ = std::move(other.rec_);
    params_.list_ = std::move(other.params_.list_);
    paramsReady_ = other.paramsReady_;
    adoptParams();
  }
  return *this;
}

void URL::adoptParams() {
  params_.url_ = paramsReady_ ? this : nullptr;
}

bool URL::canParse(std::string_view input) {
  return url::detail::parseUrl(input).has_value();
}

bool URL::canParse(std::string_view input, std::string_view base) {
  return url::detail::parseUrl(input, base).has_value();
}

std::optional<URL> URL::parse(std::string_view input) {
  URL u;
  if (!url::detail::basicParse(input, nullptr, u.rec_)) {
    return std::nullopt;
  }
  return u;
}

std::optional<URL> URL::parse(std::string_view input, std::string_view base) {
  auto parsed = url::detail::parseUrl(input, base);
  if (!parsed) {
    return std::nullopt;
  }
  URL u;
  u.rec_ = std::move(*parsed);
  return u;
}

std::string URL::href() const {
  return url::detail::serializeUrl(rec_);
}

void URL::href(std::string_view value) {
  detail::UrlRecord parsed;
  if (!url::detail::basicParse(value, nullptr, parsed)) {
    throw invalidUrl(value, std::nullopt);
  }
  rec_ = std::move(parsed);
  queryChanged();
}

std::string URL::origin() const {
  const std::string& s = rec_.scheme;
  if (s == "blob") {
    // As Node: the origin of the URL in the path, when that is http(s).
    if (!rec_.path.empty()) {
      auto inner = url::detail::parseUrl(rec_.path);
      if (inner && (inner->scheme == "http" || inner->scheme == "https")) {
        URL u;
        u.rec_ = std::move(*inner);
        return u.protocol() + "//" + u.host();
      }
    }
    return "null";
  }
  if (!url::detail::isSpecialScheme(s) || s == "file") {
    return "null";
  }
  return protocol() + "//" + host();
}

std::string URL::protocol() const {
  return rec_.scheme + ":";
}

void URL::protocol(std::string_view value) {
  std::string input(value);
  input += ':';
  url::detail::basicParse(input, nullptr, rec_, url::detail::UrlState::kSchemeStart);
}

std::string URL::username() const {
  return rec_.username;
}

void URL::username(std::string_view value) {
  if (cannotHaveCredentialsOrPort(rec_)) {
    return;
  }
  rec_.username.clear();
  url::detail::percentEncodeAppend(rec_.username, value, url::detail::kUserinfoSet);
}

std::string URL::password() const {
  return rec_.password;
}

void URL::password(std::string_view value) {
  if (cannotHaveCredentialsOrPort(rec_)) {
    return;
  }
  rec_.password.clear();
  url::detail::percentEncodeAppend(rec_.password, value, url::detail::kUserinfoSet);
}

std::string URL::host() const {
  if (!rec_.host || rec_.host->empty()) {
    return {};  // as Node: an empty host hides the port
  }
  if (!rec_.port) {
    return *rec_.host;
  }
  return *rec_.host + ":" + std::to_string(*rec_.port);
}

void URL::host(std::string_view value) {
  setHost(rec_, value, false);
}

std::string URL::hostname() const {
  return rec_.host.value_or(std::string());
}

void URL::hostname(std::string_view value) {
  setHost(rec_, value, true);
}

std::string URL::port() const {
  return rec_.port ? std::to_string(*rec_.port) : std::string();
}

void URL::port(std::string_view value) {
  setPort(rec_, value);
}

void URL::port(int value) {
  port(std::to_string(value));
}

std::string URL::pathname() const {
  return rec_.path;
}

void URL::pathname(std::string_view value) {
  if (rec_.opaquePath) {
    return;
  }
  rec_.path.clear();
  url::detail::basicParse(value, nullptr, rec_, url::detail::UrlState::kPathStart);
}

std::string URL::search() const {
  if (!rec_.query || rec_.query->empty()) {
    return {};
  }
  return "?" + *rec_.query;
}

void URL::search(std::string_view value) {
  if (value.empty()) {
    rec_.query.reset();
    stripTrailingSpacesFromOpaquePath(rec_);
  } else {
    if (value[0] == '?') {
      value.remove_prefix(1);
    }
    rec_.query = std::string();
    url::detail::basicParse(value, nullptr, rec_, url::detail::UrlState::kQuery);
  }
  queryChanged();
}

URLSearchParams& URL::searchParams() {
  if (!paramsReady_) {
    params_.list_ = URLSearchParams::parseList(rec_.query.value_or(std::string()), false);
    paramsReady_ = true;
    params_.url_ = this;
  }
  return params_;
}

const URLSearchParams& URL::searchParams() const {
  return const_cast<URL*>(this)->searchParams();
}

std::string URL::hash() const {
  if (!rec_.fragment || rec_.fragment->empty()) {
    return {};
  }
  return "#" + *rec_.fragment;
}

void URL::hash(std::string_view value) {
  if (value.empty()) {
    rec_.fragment.reset();
    stripTrailingSpacesFromOpaquePath(rec_);
    return;
  }
  if (value[0] == '#') {
    value.remove_prefix(1);
  }
  rec_.fragment = std::string();
  url::detail::basicParse(value, nullptr, rec_, url::detail::UrlState::kFragment);
}

void URL::paramsChanged() {
  // As Node: the old search is removed first (which may strip an opaque path's trailing
  // spaces), then the new one is set when the list is not empty.
  if (rec_.query) {
    rec_.query.reset();
    stripTrailingSpacesFromOpaquePath(rec_);
  }
  std::string serialized = params_.toString();
  if (serialized.empty()) {
    stripTrailingSpacesFromOpaquePath(rec_);
  } else {
    rec_.query = std::move(serialized);
  }
}

void URL::queryChanged() {
  if (paramsReady_) {
    params_.list_ = URLSearchParams::parseList(rec_.query.value_or(std::string()), false);
  }
}

std::string format(const URL& url, const URLFormatOptions& options) {
  detail::UrlRecord r = url.record();
  if (!options.fragment) {
    r.fragment.reset();
  }
  if (options.unicode && r.host) {
    r.host = url::detail::idnaToUnicode(*r.host);
  }
  if (!options.search) {
    r.query.reset();
  }
  if (!options.auth) {
    r.username.clear();
    r.password.clear();
  }
  return url::detail::serializeUrl(r);
}

namespace {

// Node's binding: the hostname setter on "ws://x", so the special-scheme host parser runs.
std::optional<std::string> hostnameOf(std::string_view domain) {
  if (domain.empty()) {
    return std::nullopt;
  }
  detail::UrlRecord r = URL("ws://x").record();
  if (!setHost(r, domain, true)) {
    return std::nullopt;
  }
  return r.host.value_or(std::string());
}

}  // namespace

std::string domainToASCII(std::string_view domain) {
  return hostnameOf(domain).value_or("");
}

std::string domainToUnicode(std::string_view domain) {
  auto host = hostnameOf(domain);
  return host ? url::detail::idnaToUnicode(*host) : std::string();
}

}  // namespace nodecc::url
