// content-type 2.1's parse() and parseParameters(), followed step by step (their labelled
// loops become the two nested loops here).
#include "api/express/content_type.h"

#include "text/ascii.h"

namespace nodecc::express::detail {

namespace {

bool isOws(char c) {
  return c == ' ' || c == '\t';
}

size_t skipOws(std::string_view s, size_t i) {
  while (i < s.size() && isOws(s[i])) {
    ++i;
  }
  return i;
}

size_t trailingOws(std::string_view s, size_t start, size_t end) {
  while (end > start && isOws(s[end - 1])) {
    --end;
  }
  return end;
}

// To the next ';' or the stop character (',' in comma mode).
size_t skipValue(std::string_view s, size_t i, bool comma) {
  while (i < s.size() && s[i] != ';' && !(comma && s[i] == ',')) {
    ++i;
  }
  return i;
}

void setOnce(ContentType& ct, std::string key, std::string value) {
  if (ct.parameter(key) == nullptr) {
    ct.parameters.emplace_back(std::move(key), std::move(value));
  }
}

}  // namespace

const std::string* ContentType::parameter(std::string_view name) const {
  for (const auto& [k, v] : parameters) {
    if (k == name) {
      return &v;
    }
  }
  return nullptr;
}

ContentType parseContentType(std::string_view h, bool comma, size_t start, bool parameters) {
  ContentType ct;
  const size_t len = h.size();
  auto isStop = [&](size_t i) { return comma && h[i] == ','; };
  size_t index = skipOws(h, start < len ? start : len);
  const size_t valueStart = index;
  index = skipValue(h, index, comma);
  text::core::assignLower(ct.type,
                          h.substr(valueStart, trailingOws(h, valueStart, index) - valueStart));
  if (!parameters) {
    ct.index = index;
    return ct;
  }
  // Each turn starts at a ';' (or the stop character, which ends the element).
  while (index < len && !isStop(index)) {
    index = skipOws(h, index + 1);
    const size_t keyStart = index;
    bool stop = false;
    while (index < len) {
      if (isStop(index)) {
        stop = true;
        break;
      }
      if (h[index] == ';') {
        break;
      }
      if (h[index] != '=') {
        ++index;
        continue;
      }
      std::string key;
      text::core::assignLower(key, h.substr(keyStart, trailingOws(h, keyStart, index) - keyStart));
      index = skipOws(h, index + 1);
      if (index < len && h[index] == '"') {
        ++index;
        std::string value;
        while (index < len) {
          const char c = h[index++];
          if (c == '"') {
            index = skipValue(h, index, comma);
            setOnce(ct, std::move(key), std::move(value));
            break;
          }
          if (c == '\\' && index < len) {
            value += h[index++];
            continue;
          }
          value += c;
        }
        break;
      }
      const size_t vs = index;
      index = skipValue(h, index, comma);
      setOnce(ct, std::move(key), std::string(h.substr(vs, trailingOws(h, vs, index) - vs)));
      break;
    }
    if (stop) {
      break;
    }
  }
  ct.index = index;
  return ct;
}

}  // namespace nodecc::express::detail
