#include "static/directory_listing.h"

#include <algorithm>
#include <charconv>

#include "static/http_date.h"
#include "static/path_resolution.h"
#include "text/html.h"

namespace nodecc::staticfiles::core {

using text::core::appendHtmlEscaped;

namespace {

// Name column width (nginx's autoindex uses 50 characters before the date).
constexpr size_t kNameColumn = 50;

// "06-Nov-1994 08:49" from the IMF-fixdate "Sun, 06 Nov 1994 08:49:37 GMT".
void appendListingDate(std::string& out, int64_t t) {
  char d[kHttpDateLength];
  formatHttpDate(t, d);
  out.append(d + 5, 2);
  out += '-';
  out.append(d + 8, 3);
  out += '-';
  out.append(d + 12, 4);
  out += ' ';
  out.append(d + 17, 5);
}

}  // namespace

std::string renderDirectoryListing(std::string_view urlPath, std::vector<ListingEntry>& entries,
                                   bool showDotfiles) {
  std::sort(entries.begin(), entries.end(), [](const ListingEntry& a, const ListingEntry& b) {
    if (a.isDirectory != b.isDirectory) {
      return a.isDirectory;
    }
    return a.name < b.name;
  });
  std::string out;
  out.reserve(512 + entries.size() * 128);
  out += "<!DOCTYPE html>\n<html>\n<head><meta charset=\"utf-8\"><title>Index of ";
  appendHtmlEscaped(out, urlPath);
  out += "</title></head>\n<body>\n<h1>Index of ";
  appendHtmlEscaped(out, urlPath);
  out += "</h1><hr><pre>";
  if (urlPath != "/") {
    out += "<a href=\"../\">../</a>\n";
  }
  std::string href;
  for (const auto& e : entries) {
    if (!showDotfiles && !e.name.empty() && e.name.front() == '.') {
      continue;
    }
    href.clear();
    // "./" keeps a name with a ':' from reading as a scheme ("a:b" -> "./a:b").
    if (e.name.find(':') != std::string::npos) {
      href += "./";
    }
    appendPercentEncodedPath(href, e.name);
    if (e.isDirectory) {
      href += '/';
    }
    out += "<a href=\"";
    appendHtmlEscaped(out, href);
    out += "\">";
    appendHtmlEscaped(out, e.name);
    if (e.isDirectory) {
      out += '/';
    }
    out += "</a>";
    size_t shown = e.name.size() + (e.isDirectory ? 1 : 0);
    out.append(shown < kNameColumn ? kNameColumn - shown + 1 : 1, ' ');
    appendListingDate(out, e.mtimeSec);
    char num[24];
    std::string_view size = "-";
    if (!e.isDirectory) {
      auto r = std::to_chars(num, num + sizeof num, e.size);
      size = std::string_view(num, size_t(r.ptr - num));
    }
    out.append(size.size() < 20 ? 20 - size.size() : 1, ' ');
    out += size;
    out += '\n';
  }
  out += "</pre><hr></body>\n</html>\n";
  return out;
}

}  // namespace nodecc::staticfiles::core
