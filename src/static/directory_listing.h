#pragma once
// The HTML index of a directory (nginx's autoindex layout): sorted directories first, then
// files, each by name in byte order; names HTML-escaped in the text and percent-encoded in the
// href, so a file called `<script>` or `a"b` or `100%.txt` is shown as itself and links to
// itself. Pure: the entries come from os::core::readDirectory and a stat of each.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace nodecc::staticfiles::core {

// One row of a listing: what the stat of the entry said (followed through a symbolic link
// when the server follows them); an entry whose stat failed is listed as a file of size 0.
struct ListingEntry {
  std::string name;
  bool isDirectory = false;
  uint64_t size = 0;
  int64_t mtimeSec = 0;
};

// Renders the page for the directory at URL `urlPath` ("/docs/", decoded). Sorts `entries`
// in place. Entries whose name starts with '.' are left out unless showDotfiles.
std::string renderDirectoryListing(std::string_view urlPath, std::vector<ListingEntry>& entries,
                                   bool showDotfiles);

}  // namespace nodecc::staticfiles::core
