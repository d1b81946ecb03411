#include "static/entity_tag.h"

#include <charconv>

#include "text/ascii.h"

namespace nodecc::staticfiles::core {

size_t formatEntityTag(int64_t mtimeSec, uint64_t size, char* out) {
  char* p = out;
  *p++ = '"';
  // nginx prints the mtime as an unsigned hex number (time_t); negative times are exotic and
  // printed the same way.
  p = std::to_chars(p, out + kMaxEntityTagLength, uint64_t(mtimeSec), 16).ptr;
  *p++ = '-';
  p = std::to_chars(p, out + kMaxEntityTagLength, size, 16).ptr;
  *p++ = '"';
  return size_t(p - out);
}

bool entityTagListMatches(std::string_view list, std::string_view etag, bool weak) {
  using text::core::isOws;
  list = text::core::trimOws(list);
  // A weak current tag (a representation compressed on the fly) matches under weak
  // comparison only.
  const bool currentWeak = etag.starts_with("W/");
  if (currentWeak) {
    etag.remove_prefix(2);
  }
  if (list == "*") {
    return true;  // any current representation
  }
  size_t i = 0;
  while (i < list.size()) {
    if (isOws(list[i]) || list[i] == ',') {
      ++i;  // OWS and empty list elements are allowed
      continue;
    }
    bool isWeak = false;
    if (list.substr(i, 2) == "W/") {
      isWeak = true;
      i += 2;
    }
    if (i >= list.size() || list[i] != '"') {
      return false;
    }
    // etagc excludes only DQUOTE, so a comma may sit inside a tag: scan to the closing quote.
    size_t close = list.find('"', i + 1);
    if (close == std::string_view::npos) {
      return false;
    }
    std::string_view tag = list.substr(i, close + 1 - i);
    i = close + 1;
    if (tag == etag && (weak || (!isWeak && !currentWeak))) {
      return true;
    }
    while (i < list.size() && isOws(list[i])) {
      ++i;
    }
    if (i < list.size() && list[i] != ',') {
      return false;
    }
  }
  return false;
}

}  // namespace nodecc::staticfiles::core
