#pragma once
// From a request-target to a path under the root: percent-decoding, dot-segment removal
// (RFC 3986 §5.2.4) and the refusals that keep a request inside the root. Pure: no file
// system access (symbolic links are the opener's business, see os/open_beneath.h).
//
// Rules, applied to the path part of the target (the query is kept aside, untouched):
// - origin-form "/..." or absolute-form "http(s)://authority/..."; anything else is refused;
// - %XX is decoded once; a malformed escape, an encoded or raw NUL, an encoded slash (%2F,
//   which would let a name smuggle a separator past the dot-segment check) and a backslash
//   (raw or %5C: a separator on other systems) are refused;
// - empty segments merge ("//" is "/"), "." segments drop, ".." removes the previous segment;
//   a ".." that would climb above the root is refused (nginx answers 400 too);
// - a trailing "/" is remembered: it asks for a directory.
// Refusals are 400 Bad Request. Dotfiles are a separate, later decision (hasDotSegment).
#include <cstdint>
#include <string>
#include <string_view>

namespace nodecc::staticfiles::core {

// Longest decoded path accepted (Linux's PATH_MAX); longer targets are refused.
inline constexpr size_t kMaxPathBytes = 4096;

struct ResolvedTarget {
  // "/a/b" or "/a/b/" (trailing slash kept) or "/": decoded, normalized, starting with '/'.
  // Points into the target (when it needed no change) or into `scratch`.
  std::string_view path;
  std::string_view query;  // after '?', undecoded; empty when none
  bool hasQuery = false;
  bool trailingSlash = false;
  bool dotSegment = false;  // hasDotSegment(path)
};

// 0 on success, else the HTTP status to answer (400). `scratch` receives the decoded path and
// keeps its capacity between calls (no allocation once warm).
int resolveTarget(std::string_view target, std::string& scratch, ResolvedTarget* out);

// Whether a segment of the normalized path starts with '.' (".git", ".env"...).
bool hasDotSegment(std::string_view path);

// The path relative to the root for openat: "/a/b/" -> "a/b", "/" -> "".
std::string_view relativePath(std::string_view path);

// Appends `path` percent-encoded for a Location header or an href: unreserved characters,
// sub-delims but ';' ',' (harmless in a path), ':' '@' and '/' stay; everything else
// (controls, space, '"', '#', '%', '?', '<', '>', '\\', non-ASCII bytes...) becomes %XX.
void appendPercentEncodedPath(std::string& out, std::string_view path);

}  // namespace nodecc::staticfiles::core
