#pragma once
// Text placed in HTML (a directory listing, Express's error and redirect pages): & < > " '
// escaped as the escape-html package does, so a name or a URL cannot open a tag.
#include <string>
#include <string_view>

namespace nodecc::text::core {

inline void appendHtmlEscaped(std::string& out, std::string_view text) {
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
}

}  // namespace nodecc::text::core
