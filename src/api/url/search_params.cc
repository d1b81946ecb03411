// url::URLSearchParams: Node 20's list operations, its parser (parseParams, which decodes with
// querystring.unescape) and the application/x-www-form-urlencoded serializer.
#include <algorithm>

#include "api/url/codec.h"
#include "nodecc/url.h"
#include "text/ascii.h"

namespace nodecc::url {

std::vector<URLSearchParams::Pair> URLSearchParams::parseList(std::string_view qs,
                                                              bool skipQuestionMark) {
  std::vector<Pair> out;
  size_t i = skipQuestionMark && !qs.empty() && qs[0] == '?' ? 1 : 0;
  if (i >= qs.size()) {
    return out;
  }
  // One pass, as Node's parseParams: a name or value is decoded only when it holds a valid
  // %XX; '+' is a space.
  std::string buf;
  std::string name;
  bool seenSep = false, encoded = false;
  int encodeCheck = 0;
  size_t pairStart = i, lastPos = i;
  auto finish = [&]() {
    if (lastPos < i) {
      buf.append(qs.substr(lastPos, i - lastPos));
    }
    if (encoded) {
      buf = url::detail::qsUnescape(buf, false);
    }
  };
  for (; i < qs.size(); ++i) {
    const char code = qs[i];
    if (code == '&') {
      if (pairStart == i) {
        lastPos = pairStart = i + 1;
        continue;
      }
      finish();
      if (seenSep) {
        out.emplace_back(std::move(name), std::move(buf));
      } else {
        out.emplace_back(std::move(buf), std::string());
      }
      name.clear();
      buf.clear();
      seenSep = false;
      encoded = false;
      encodeCheck = 0;
      lastPos = pairStart = i + 1;
      continue;
    }
    if (!seenSep && code == '=') {
      finish();
      name = std::move(buf);
      buf.clear();
      seenSep = true;
      encoded = false;
      encodeCheck = 0;
      lastPos = i + 1;
      continue;
    }
    if (code == '+') {
      if (lastPos < i) {
        buf.append(qs.substr(lastPos, i - lastPos));
      }
      buf += ' ';
      lastPos = i + 1;
    } else if (!encoded) {
      if (code == '%') {
        encodeCheck = 1;
      } else if (encodeCheck > 0) {
        if (text::core::isHexDigit(static_cast<unsigned char>(code))) {
          if (++encodeCheck == 3) {
            encoded = true;
          }
        } else {
          encodeCheck = 0;
        }
      }
    }
  }
  if (pairStart == i) {
    return out;  // a trailing '&'
  }
  finish();
  if (seenSep) {
    out.emplace_back(std::move(name), std::move(buf));
  } else {
    out.emplace_back(std::move(buf), std::string());
  }
  return out;
}

URLSearchParams::URLSearchParams(std::string_view init) : list_(parseList(init)) {}

URLSearchParams& URLSearchParams::operator=(const URLSearchParams& other) {
  if (this != &other) {
    list_ = other.list_;
    update();
  }
  return *this;
}

URLSearchParams& URLSearchParams::operator=(URLSearchParams&& other) noexcept {
  if (this != &other) {
    list_ = std::move(other.list_);
    update();
  }
  return *this;
}

void URLSearchParams::update() {
  if (url_) {
    url_->paramsChanged();
  }
}

void URLSearchParams::append(std::string_view name, std::string_view value) {
  list_.emplace_back(std::string(name), std::string(value));
  update();
}

void URLSearchParams::remove(std::string_view name) {
  std::erase_if(list_, [&](const Pair& p) { return p.first == name; });
  update();
}

void URLSearchParams::remove(std::string_view name, std::string_view value) {
  std::erase_if(list_, [&](const Pair& p) { return p.first == name && p.second == value; });
  update();
}

std::optional<std::string> URLSearchParams::get(std::string_view name) const {
  for (const Pair& p : list_) {
    if (p.first == name) {
      return p.second;
    }
  }
  return std::nullopt;
}

std::vector<std::string> URLSearchParams::getAll(std::string_view name) const {
  std::vector<std::string> values;
  for (const Pair& p : list_) {
    if (p.first == name) {
      values.push_back(p.second);
    }
  }
  return values;
}

bool URLSearchParams::has(std::string_view name) const {
  return std::any_of(list_.begin(), list_.end(), [&](const Pair& p) { return p.first == name; });
}

bool URLSearchParams::has(std::string_view name, std::string_view value) const {
  return std::any_of(list_.begin(), list_.end(),
                     [&](const Pair& p) { return p.first == name && p.second == value; });
}

void URLSearchParams::set(std::string_view name, std::string_view value) {
  auto named = [&](const Pair& p) { return p.first == name; };
  auto first = std::find_if(list_.begin(), list_.end(), named);
  if (first == list_.end()) {
    list_.emplace_back(std::string(name), std::string(value));
  } else {
    first->second.assign(value);
    list_.erase(std::remove_if(first + 1, list_.end(), named), list_.end());
  }
  update();
}

void URLSearchParams::sort() {
  std::stable_sort(list_.begin(), list_.end(), [](const Pair& a, const Pair& b) {
    return detail::compareUtf16(a.first, b.first) < 0;
  });
  update();
}

std::string URLSearchParams::toString() const {
  std::string out;
  for (size_t i = 0; i < list_.size(); ++i) {
    if (i) {
      out += '&';
    }
    out += url::detail::encodeStr(list_[i].first, url::detail::kParamsNoEscape, true);
    out += '=';
    out += url::detail::encodeStr(list_[i].second, url::detail::kParamsNoEscape, true);
  }
  return out;
}

std::vector<std::string> URLSearchParams::keys() const {
  std::vector<std::string> out;
  out.reserve(list_.size());
  for (const Pair& p : list_) {
    out.push_back(p.first);
  }
  return out;
}

std::vector<std::string> URLSearchParams::values() const {
  std::vector<std::string> out;
  out.reserve(list_.size());
  for (const Pair& p : list_) {
    out.push_back(p.second);
  }
  return out;
}

}  // namespace nodecc::url
