#include "static/mime_types.h"

#include <algorithm>
#include <array>
#include <cstddef>

namespace nodecc::staticfiles::core {

namespace {

struct MimeEntry {
  std::string_view ext;  // lower case
  std::string_view type;
};

constexpr std::string_view kHtml = "text/html; charset=utf-8";
constexpr std::string_view kJs = "application/javascript; charset=utf-8";
constexpr std::string_view kOctet = kDefaultMimeType;

// Sorted by extension (checked below), so lookup is a binary search. Types follow nginx's
// mime.types except where it predates a registration (mjs, webmanifest, ttf/otf, gz...).
constexpr std::array kTable = std::to_array<MimeEntry>({
    {"3gp", "video/3gpp"},
    {"3gpp", "video/3gpp"},
    {"7z", "application/x-7z-compressed"},
    {"ai", "application/postscript"},
    {"apng", "image/apng"},
    {"asf", "video/x-ms-asf"},
    {"atom", "application/atom+xml; charset=utf-8"},
    {"avi", "video/x-msvideo"},
    {"avif", "image/avif"},
    {"bin", kOctet},
    {"bmp", "image/x-ms-bmp"},
    {"crt", "application/x-x509-ca-cert"},
    {"css", "text/css; charset=utf-8"},
    {"csv", "text/csv; charset=utf-8"},
    {"deb", kOctet},
    {"der", "application/x-x509-ca-cert"},
    {"dll", kOctet},
    {"dmg", kOctet},
    {"doc", "application/msword"},
    {"docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"},
    {"eot", "application/vnd.ms-fontobject"},
    {"eps", "application/postscript"},
    {"exe", kOctet},
    {"flac", "audio/flac"},
    {"flv", "video/x-flv"},
    {"gif", "image/gif"},
    {"gz", "application/gzip"},
    {"htm", kHtml},
    {"html", kHtml},
    {"ico", "image/x-icon"},
    {"ics", "text/calendar; charset=utf-8"},
    {"img", kOctet},
    {"iso", kOctet},
    {"jar", "application/java-archive"},
    {"jpeg", "image/jpeg"},
    {"jpg", "image/jpeg"},
    {"js", kJs},
    {"json", "application/json; charset=utf-8"},
    {"kml", "application/vnd.google-earth.kml+xml"},
    {"kmz", "application/vnd.google-earth.kmz"},
    {"m3u8", "application/vnd.apple.mpegurl"},
    {"m4a", "audio/x-m4a"},
    {"m4v", "video/x-m4v"},
    {"map", "application/json; charset=utf-8"},
    {"md", "text/markdown; charset=utf-8"},
    {"mid", "audio/midi"},
    {"midi", "audio/midi"},
    {"mjs", kJs},
    {"mov", "video/quicktime"},
    {"mp3", "audio/mpeg"},
    {"mp4", "video/mp4"},
    {"mpeg", "video/mpeg"},
    {"mpg", "video/mpeg"},
    {"msi", kOctet},
    {"odp", "application/vnd.oasis.opendocument.presentation"},
    {"ods", "application/vnd.oasis.opendocument.spreadsheet"},
    {"odt", "application/vnd.oasis.opendocument.text"},
    {"oga", "audio/ogg"},
    {"ogg", "audio/ogg"},
    {"ogv", "video/ogg"},
    {"opus", "audio/ogg"},
    {"otf", "font/otf"},
    {"pdf", "application/pdf"},
    {"pem", "application/x-x509-ca-cert"},
    {"png", "image/png"},
    {"ppt", "application/vnd.ms-powerpoint"},
    {"pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation"},
    {"ps", "application/postscript"},
    {"rar", "application/x-rar-compressed"},
    {"rss", "application/rss+xml; charset=utf-8"},
    {"rtf", "application/rtf"},
    {"shtml", kHtml},
    {"svg", "image/svg+xml"},
    {"svgz", "image/svg+xml"},
    {"tar", "application/x-tar"},
    {"tif", "image/tiff"},
    {"tiff", "image/tiff"},
    {"ts", "video/mp2t"},
    {"ttf", "font/ttf"},
    {"txt", "text/plain; charset=utf-8"},
    {"wasm", "application/wasm"},
    {"wav", "audio/wav"},
    {"webm", "video/webm"},
    {"webmanifest", "application/manifest+json; charset=utf-8"},
    {"webp", "image/webp"},
    {"wmv", "video/x-ms-wmv"},
    {"woff", "font/woff"},
    {"woff2", "font/woff2"},
    {"xhtml", "application/xhtml+xml; charset=utf-8"},
    {"xls", "application/vnd.ms-excel"},
    {"xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"},
    {"xml", "text/xml; charset=utf-8"},
    {"zip", "application/zip"},
});

constexpr bool sortedAndLower() {
  for (size_t i = 0; i < kTable.size(); ++i) {
    for (char c : kTable[i].ext) {
      if (c >= 'A' && c <= 'Z') {
        return false;
      }
    }
    if (i > 0 && !(kTable[i - 1].ext < kTable[i].ext)) {
      return false;
    }
  }
  return true;
}
static_assert(sortedAndLower(), "kTable must be sorted by lower-case extension");

// Longest extension in the table; a longer one cannot match.
constexpr size_t kMaxExtension = 16;

}  // namespace

std::string_view mimeTypeFor(std::string_view fileName) {
  size_t slash = fileName.rfind('/');
  if (slash != std::string_view::npos) {
    fileName.remove_prefix(slash + 1);
  }
  size_t dot = fileName.rfind('.');
  if (dot == std::string_view::npos || dot + 1 == fileName.size() ||
      fileName.size() - dot - 1 > kMaxExtension) {
    return kDefaultMimeType;
  }
  char lower[kMaxExtension];
  size_t n = fileName.size() - dot - 1;
  for (size_t i = 0; i < n; ++i) {
    char c = fileName[dot + 1 + i];
    lower[i] = (c >= 'A' && c <= 'Z') ? char(c + 32) : c;
  }
  std::string_view ext(lower, n);
  auto it = std::lower_bound(kTable.begin(), kTable.end(), ext,
                             [](const MimeEntry& e, std::string_view x) { return e.ext < x; });
  if (it != kTable.end() && it->ext == ext) {
    return it->type;
  }
  return kDefaultMimeType;
}

size_t mimeTableSize() {
  return kTable.size();
}

bool isCompressibleType(std::string_view mimeType) {
  std::string_view t = mimeType.substr(0, mimeType.find(';'));
  if (t.starts_with("text/") || t.ends_with("+xml") || t.ends_with("+json")) {
    return true;
  }
  static constexpr std::string_view kTypes[] = {"application/javascript",
                                                "application/json",
                                                "application/xml",
                                                "application/wasm",
                                                "application/x-javascript",
                                                "font/ttf",
                                                "font/otf",
                                                "application/vnd.ms-fontobject",
                                                "image/x-icon",
                                                "image/vnd.microsoft.icon",
                                                "image/x-ms-bmp",
                                                "image/bmp",
                                                "application/manifest+json"};
  return std::find(std::begin(kTypes), std::end(kTypes), t) != std::end(kTypes);
}

}  // namespace nodecc::staticfiles::core
