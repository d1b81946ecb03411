// fetch's Headers: a list of (lower-cased name, value), iterated sorted and combined.
#include <algorithm>

#include "api/http/text.h"
#include "nodecc/fetch.h"

namespace nodecc {

namespace {
std::string lowered(std::string_view name) {
  std::string out;
  http::detail::assignLower(out, name);
  return out;
}

void check(std::string_view name, std::string_view value) {
  if (!http::detail::isToken(name)) {
    throw TypeError("ERR_INVALID_ARG_VALUE",
                    "Headers.append: \"" + std::string(name) + "\" is an invalid header name.");
  }
  if (!http::detail::isValidHeaderValue(value)) {
    throw TypeError("ERR_INVALID_ARG_VALUE",
                    "Headers.append: \"" + std::string(value) + "\" is an invalid header value.");
  }
}

// Header values are normalized: leading and trailing HTTP whitespace removed.
std::string_view normalized(std::string_view v) {
  while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) {
    v.remove_prefix(1);
  }
  while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) {
    v.remove_suffix(1);
  }
  return v;
}
}  // namespace

Headers::Headers(std::initializer_list<std::pair<std::string_view, std::string_view>> init) {
  for (const auto& [n, v] : init) {
    append(n, v);
  }
}

Headers::Headers(const http::HeaderPairs& init) {
  for (const auto& [n, v] : init) {
    append(n, v);
  }
}

std::optional<std::string> Headers::get(std::string_view name) const {
  std::optional<std::string> out;
  for (const auto& [n, v] : list_) {
    if (http::detail::equalsIgnoreCase(n, name)) {
      if (out) {
        *out += ", ";
        *out += v;
      } else {
        out = v;
      }
    }
  }
  return out;
}

bool Headers::has(std::string_view name) const {
  return std::any_of(list_.begin(), list_.end(),
                     [&](const auto& p) { return http::detail::equalsIgnoreCase(p.first, name); });
}

void Headers::set(std::string_view name, std::string_view value) {
  value = normalized(value);
  check(name, value);
  remove(name);
  list_.emplace_back(lowered(name), std::string(value));
}

void Headers::append(std::string_view name, std::string_view value) {
  value = normalized(value);
  check(name, value);
  list_.emplace_back(lowered(name), std::string(value));
}

void Headers::remove(std::string_view name) {
  std::erase_if(list_,
                [&](const auto& p) { return http::detail::equalsIgnoreCase(p.first, name); });
}

std::vector<std::string> Headers::getSetCookie() const {
  std::vector<std::string> out;
  for (const auto& [n, v] : list_) {
    if (n == "set-cookie") {
      out.push_back(v);
    }
  }
  return out;
}

http::HeaderPairs Headers::entries() const {
  http::HeaderPairs sorted = list_;
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  http::HeaderPairs out;
  for (auto& [n, v] : sorted) {
    if (!out.empty() && out.back().first == n && n != "set-cookie") {
      out.back().second += ", ";
      out.back().second += v;
    } else {
      out.emplace_back(std::move(n), std::move(v));
    }
  }
  return out;
}

}  // namespace nodecc
