#pragma once
// The HTML index of a directory (nginx's autoindex layout): sorted directories first, then
// files, each by name in byte order; names HTML-escaped in the text and percent-encoded in the
// href, so a file called `<script>` or `a"b` or `100%.txt` is shown as itself and links to
// itself. Pure: the entries come from os::core::readDirectory.
#include <string>
#include <string_view>
#include <vector>

#include "os/directory_entries.h"

namespace nodecc::staticfiles::core {

// Renders the page for the directory at URL `urlPath` ("/docs/", decoded). Sorts `entries`
// in place. Entries whose name starts with '.' are left out unless showDotfiles.
std::string renderDirectoryListing(std::string_view urlPath,
                                   std::vector<os::core::DirectoryEntry>& entries,
                                   bool showDotfiles);

// Appends `text` with & < > " ' escaped.
void appendHtmlEscaped(std::string& out, std::string_view text);

}  // namespace nodecc::staticfiles::core
