#include "static/directory_listing.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace nodecc::staticfiles::core {
namespace {

ListingEntry file(std::string name, uint64_t size) {
  return {std::move(name), false, size, 0};
}
ListingEntry dir(std::string name) {
  return {std::move(name), true, 4096, 0};
}

TEST(DirectoryListing, DirectoriesFirstThenNamesInByteOrder) {
  std::vector<ListingEntry> e = {file("b.txt", 1), dir("zdir"), file("A.txt", 2), dir("adir")};
  std::string html = renderDirectoryListing("/x/", e, false);
  size_t adir = html.find(">adir/<"), zdir = html.find(">zdir/<"), a = html.find(">A.txt<"),
         b = html.find(">b.txt<");
  ASSERT_NE(adir, std::string::npos);
  EXPECT_LT(adir, zdir);
  EXPECT_LT(zdir, a);
  EXPECT_LT(a, b);
  EXPECT_NE(html.find("<title>Index of /x/</title>"), std::string::npos);
  EXPECT_NE(html.find("<a href=\"../\">../</a>"), std::string::npos);
}

TEST(DirectoryListing, NamesAreEscapedInTextAndEncodedInHrefs) {
  std::vector<ListingEntry> e = {file("<script>alert(1)</script>", 1), file("a\"b'c&d", 1),
                                 file("100% #1?.txt", 1), file("x:y", 1)};
  std::string html = renderDirectoryListing("/<dir>/", e, false);
  EXPECT_EQ(html.find("<script>"), std::string::npos);
  EXPECT_NE(html.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(html.find("href=\"%3Cscript%3Ealert(1)%3C/script%3E\""), std::string::npos);
  EXPECT_NE(html.find("href=\"a%22b&#39;c&amp;d\""), std::string::npos);
  EXPECT_NE(html.find(">a&quot;b&#39;c&amp;d<"), std::string::npos);
  EXPECT_NE(html.find("href=\"100%25%20%231%3F.txt\""), std::string::npos);
  EXPECT_NE(html.find("href=\"./x:y\""), std::string::npos);
  EXPECT_NE(html.find("Index of /&lt;dir&gt;/"), std::string::npos);
}

TEST(DirectoryListing, DotfilesHiddenUnlessShown) {
  std::vector<ListingEntry> e = {file(".env", 1), file("visible", 1)};
  EXPECT_EQ(renderDirectoryListing("/", e, false).find(".env"), std::string::npos);
  EXPECT_NE(renderDirectoryListing("/", e, true).find(".env"), std::string::npos);
  EXPECT_EQ(renderDirectoryListing("/", e, false).find("../"), std::string::npos);  // root
}

}  // namespace
}  // namespace nodecc::staticfiles::core
