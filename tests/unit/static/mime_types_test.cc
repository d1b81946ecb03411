#include "static/mime_types.h"

#include <gtest/gtest.h>

namespace nodecc::staticfiles::core {
namespace {

TEST(MimeTypes, CommonExtensionsMatchNginxWithUtf8ForText) {
  EXPECT_EQ(mimeTypeFor("index.html"), "text/html; charset=utf-8");
  EXPECT_EQ(mimeTypeFor("a/b/style.css"), "text/css; charset=utf-8");
  EXPECT_EQ(mimeTypeFor("app.js"), "application/javascript; charset=utf-8");
  EXPECT_EQ(mimeTypeFor("data.json"), "application/json; charset=utf-8");
  EXPECT_EQ(mimeTypeFor("readme.txt"), "text/plain; charset=utf-8");
  EXPECT_EQ(mimeTypeFor("logo.png"), "image/png");
  EXPECT_EQ(mimeTypeFor("photo.jpg"), "image/jpeg");
  EXPECT_EQ(mimeTypeFor("icon.svg"), "image/svg+xml");
  EXPECT_EQ(mimeTypeFor("font.woff2"), "font/woff2");
  EXPECT_EQ(mimeTypeFor("module.wasm"), "application/wasm");
  EXPECT_EQ(mimeTypeFor("doc.pdf"), "application/pdf");
  EXPECT_EQ(mimeTypeFor("movie.mp4"), "video/mp4");
}

TEST(MimeTypes, ExtensionCaseIsIgnored) {
  EXPECT_EQ(mimeTypeFor("INDEX.HTML"), "text/html; charset=utf-8");
  EXPECT_EQ(mimeTypeFor("a.Png"), "image/png");
}

TEST(MimeTypes, UnknownOrMissingExtensionsAreOctetStream) {
  EXPECT_EQ(mimeTypeFor("Makefile"), kDefaultMimeType);
  EXPECT_EQ(mimeTypeFor("a.unknownext"), kDefaultMimeType);
  EXPECT_EQ(mimeTypeFor("trailingdot."), kDefaultMimeType);
  EXPECT_EQ(mimeTypeFor("dir.d/noext"), kDefaultMimeType);
  EXPECT_EQ(mimeTypeFor("a.averyveryverylongextension"), kDefaultMimeType);
}

TEST(MimeTypes, TableCoversAtLeastSixtyExtensions) {
  EXPECT_GE(mimeTableSize(), 60u);
}

}  // namespace
}  // namespace nodecc::staticfiles::core
