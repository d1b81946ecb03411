#pragma once
// The tables Express's helper packages carry (generated into tables.cc by
// scripts/gen_express_tables.js), and the lookups over them that mime-types and statuses
// export: lookup(ext), charset(type), contentType(str), message[code].
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace nodecc::express::detail {

struct ExtensionType {
  std::string_view extension;  // sorted
  std::string_view type;
};
struct TypeCharset {
  std::string_view type;  // sorted
  std::string_view charset;
};
struct TypeCompressible {
  std::string_view type;  // sorted
  bool compressible;
};
extern const ExtensionType kExtensionTypes[];
extern const size_t kExtensionTypeCount;
extern const TypeCharset kTypeCharsets[];
extern const size_t kTypeCharsetCount;
extern const TypeCompressible kTypeCompressible[];
extern const size_t kTypeCompressibleCount;

// mime.lookup(pathOrExtension): the type of "html", ".html" or "a/b.html"; "" when unknown.
std::string_view mimeLookup(std::string_view path);
// mime.charset(type): "UTF-8" for text/*, mime-db's charset, or "".
std::string_view mimeCharset(std::string_view type);
// compressible(type): mime-db's flag for the type (parameters dropped, case folded), else
// true for text/* and +json, +text, +xml types; nullopt (undefined) when unknown.
std::optional<bool> compressible(std::string_view type);
// mime.contentType(str): an extension or a type, with "; charset=..." added when known;
// nullopt (false) for an unknown extension.
std::optional<std::string> mimeContentType(std::string_view str);

}  // namespace nodecc::express::detail
