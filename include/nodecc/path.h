#pragma once
// Node's `path` module, POSIX flavour (Node's `path` on Linux, also `path.posix`): the same
// results as Node.js 20 byte for byte (tests/compat/path compares over 2,000 generated inputs).
// `path.win32` is not provided. docs/path.md lists every difference from Node.
//
// Strings are UTF-8 bytes; only '/' and '.' have a meaning, and neither occurs inside a
// multi-byte UTF-8 sequence, so the results are Node's for any valid text. Every function is
// pure and thread-safe, except resolve() and relative(), which read process::cwd() (cached, as
// Node caches it, until process::chdir()).
//
// C++ difference, for speed: dirname(), basename(), extname() and parse() return views into
// their argument (std::string_view), valid as long as the argument's characters are. Given a
// temporary std::string (`path::dirname(path::join(a, b))`) they return owning std::strings
// instead, so a temporary never leaves a dangling view. Concatenating a view needs a
// std::string first: `std::string(path::basename(f, ".js")) + ".html"`.
#include <concepts>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace nodecc::path {

// path.sep and path.delimiter.
inline constexpr std::string_view sep = "/";
inline constexpr std::string_view delimiter = ":";

// What path.parse() returns and path.format() takes: Node's object with the same five fields.
// Fields are in an order that lets Node's format() examples convert as written with designated
// initializers (`path::format({.root = "/", .name = "file", .ext = ".txt"})`); Node prints
// parse()'s result as root, dir, base, ext, name.
template <class String>
struct BasicParsedPath {
  String root{};
  String dir{};
  String base{};
  String name{};
  String ext{};
  bool operator==(const BasicParsedPath&) const = default;
};
// Views into the argument of parse().
using ParsedPath = BasicParsedPath<std::string_view>;

namespace detail {
template <class T>
concept PathString = std::convertible_to<const T&, std::string_view>;
// A std::string passed by value as a temporary: the slicing functions then return owning
// strings. Lvalues and string literals bind to the std::string_view overloads.
template <class T>
concept TemporaryString = std::same_as<T, std::string>;

std::string joinAll(std::span<const std::string_view> paths);
std::string resolveAll(std::span<const std::string_view> paths);
}  // namespace detail

// path.join(...paths): joins the non-empty arguments with '/' and normalizes the result; "."
// when nothing is left.
template <detail::PathString... P>
std::string join(const P&... paths) {
  if constexpr (sizeof...(P) == 0) {
    return ".";
  } else {
    const std::string_view parts[] = {std::string_view(paths)...};
    return detail::joinAll(parts);
  }
}
// path.join(...array).
std::string join(std::span<const std::string_view> paths);
std::string join(const std::vector<std::string>& paths);

// path.resolve(...paths): the absolute path, processing the arguments right to left until one
// is absolute, then process::cwd(); normalized, without a trailing slash but for "/".
template <detail::PathString... P>
std::string resolve(const P&... paths) {
  if constexpr (sizeof...(P) == 0) {
    return detail::resolveAll({});
  } else {
    const std::string_view parts[] = {std::string_view(paths)...};
    return detail::resolveAll(parts);
  }
}
// path.resolve(...array).
std::string resolve(std::span<const std::string_view> paths);
std::string resolve(const std::vector<std::string>& paths);

// path.normalize(p): resolves '..' and '.' segments, collapses repeated slashes, keeps one
// trailing slash; "." for "".
std::string normalize(std::string_view p);

// path.isAbsolute(p): p starts with '/'.
constexpr bool isAbsolute(std::string_view p) {
  return !p.empty() && p.front() == '/';
}

// path.relative(from, to): the path from `from` to `to`, both resolved first; "" when they are
// the same.
std::string relative(std::string_view from, std::string_view to);

// path.dirname(p): the directory part of p ("." when none, "/" for "/").
std::string_view dirname(std::string_view p);
template <detail::TemporaryString S>
std::string dirname(S&& p) {
  return std::string(dirname(std::string_view(p)));
}

// path.basename(p[, suffix]): the last segment of p, trailing slashes ignored, without
// `suffix` when it ends with it (an empty suffix is Node's undefined).
std::string_view basename(std::string_view p, std::string_view suffix = {});
template <detail::TemporaryString S>
std::string basename(S&& p, std::string_view suffix = {}) {
  return std::string(basename(std::string_view(p), suffix));
}

// path.extname(p): the extension of the last segment, from its last '.' ("" when none, or when
// the only dot starts the name, as in ".bashrc").
std::string_view extname(std::string_view p);
template <detail::TemporaryString S>
std::string extname(S&& p) {
  return std::string(extname(std::string_view(p)));
}

// path.parse(p): root, dir, base, name and ext of p, views into p.
ParsedPath parse(std::string_view p);
template <detail::TemporaryString S>
BasicParsedPath<std::string> parse(S&& p) {
  ParsedPath v = parse(std::string_view(p));
  return {std::string(v.root), std::string(v.dir), std::string(v.base), std::string(v.name),
          std::string(v.ext)};
}

// path.format(pathObject): dir (or root) and base (or name + ext, a '.' added to an ext without
// one), joined by '/' unless dir is the root. An empty field is Node's missing one.
std::string format(const ParsedPath& pathObject);
// (A template, so that a braced `{.dir = ..., .base = ...}` always means the overload above.)
template <std::same_as<std::string> S>
std::string format(const BasicParsedPath<S>& pathObject) {
  return format(ParsedPath{pathObject.root, pathObject.dir, pathObject.base, pathObject.name,
                           pathObject.ext});
}

// path.toNamespacedPath(p): p itself on POSIX systems.
constexpr std::string_view toNamespacedPath(std::string_view p) {
  return p;
}
template <detail::TemporaryString S>
std::string toNamespacedPath(S&& p) {
  return std::move(p);
}

// Node's __filename and __dirname for the source file that names them: its path as the
// compiler was given it, which is absolute under CMake (it passes absolute source paths) and
// relative to the compiler's working directory when compiled by hand (`g++ main.cc`). They
// name the source tree, which is where a program built and run in place keeps its files
// (`path::join(NODECC_DIRNAME, "public")`). A program installed elsewhere finds the files
// installed beside it from the executable instead: `path::dirname(process::execPath())`.
// Both are std::string_views of a string literal: valid for the whole run.
#define NODECC_FILENAME (::std::string_view(__FILE__))
#define NODECC_DIRNAME (::nodecc::path::dirname(::std::string_view(__FILE__)))

// path.posix: this module itself (path.posix.posix too, as in Node).
namespace posix = ::nodecc::path;

}  // namespace nodecc::path
