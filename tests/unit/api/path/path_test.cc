// path: Node's documented examples and the corner cases of its algorithms. The generated
// table in tests/compat/path compares thousands more inputs with Node itself.
#include "nodecc/path.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "nodecc/process.h"

namespace path = nodecc::path;
namespace process = nodecc::process;

TEST(PathJoin, NormalizesTheJoinedArguments) {
  EXPECT_EQ(path::join("/foo", "bar", "baz/asdf", "quux", ".."), "/foo/bar/baz/asdf");
  EXPECT_EQ(path::join(), ".");
  EXPECT_EQ(path::join("", ""), ".");
  EXPECT_EQ(path::join("a", "", "b/"), "a/b/");
  EXPECT_EQ(path::join("..", "..", "x"), "../../x");
  std::vector<std::string> parts{"a", "b", "../c"};
  EXPECT_EQ(path::join(parts), "a/c");
}

TEST(PathNormalize, KeepsOneTrailingSlashAndLeadingDotDots) {
  EXPECT_EQ(path::normalize("/foo/bar//baz/asdf/quux/.."), "/foo/bar/baz/asdf");
  EXPECT_EQ(path::normalize(""), ".");
  EXPECT_EQ(path::normalize("./"), "./");
  EXPECT_EQ(path::normalize("//"), "/");
  EXPECT_EQ(path::normalize("/.."), "/");
  EXPECT_EQ(path::normalize("a/../../b/"), "../b/");
  EXPECT_EQ(path::normalize("../a/.."), "..");
  EXPECT_EQ(path::normalize("ab/.."), ".");
}

TEST(PathResolve, StartsFromTheLastAbsoluteArgumentOrTheWorkingDirectory) {
  EXPECT_EQ(path::resolve("/foo/bar", "./baz"), "/foo/bar/baz");
  EXPECT_EQ(path::resolve("/foo/bar", "/tmp/file/"), "/tmp/file");
  EXPECT_EQ(path::resolve("/"), "/");
  std::string cwd = process::cwd();
  EXPECT_EQ(path::resolve(), cwd);
  EXPECT_EQ(path::resolve("wwwroot", "static_files/png/", "../gif/image.gif"),
            cwd + "/wwwroot/static_files/gif/image.gif");
}

TEST(PathResolve, FollowsChdir) {
  std::string before = process::cwd();
  process::chdir("/tmp");
  EXPECT_EQ(path::resolve("x"), "/tmp/x");
  process::chdir(before);
  EXPECT_EQ(path::resolve("x"), before + "/x");
}

TEST(PathRelative, ClimbsOutOfFromThenDescendsIntoTo) {
  EXPECT_EQ(path::relative("/data/orandea/test/aaa", "/data/orandea/impl/bbb"), "../../impl/bbb");
  EXPECT_EQ(path::relative("/foo/bar", "/foo/bar/baz"), "baz");
  EXPECT_EQ(path::relative("/foo/bar/baz", "/foo/bar"), "..");
  EXPECT_EQ(path::relative("/", "/foo"), "foo");
  EXPECT_EQ(path::relative("/foo/bar", "/"), "../..");
  EXPECT_EQ(path::relative("/a", "/a/"), "");
  EXPECT_EQ(path::relative("/foo/bar", "/foo/barbaz"), "../barbaz");
}

TEST(PathRelative, ClimbsOutOfManyOneByteNames) {
  // Three bytes of result for every two of `from`: more than `from` and `to` hold together.
  std::string from;
  std::string expected;
  for (int i = 0; i < 700; ++i) {
    from += "/a";
    expected += i == 0 ? ".." : "/..";
  }
  EXPECT_EQ(path::relative(from, "/b"), expected + "/b");
  EXPECT_EQ(path::relative(from + "/c", from + "/d"), "../d");
}

TEST(PathDirname, DropsTheLastSegment) {
  EXPECT_EQ(path::dirname("/foo/bar/baz/asdf/quux"), "/foo/bar/baz/asdf");
  EXPECT_EQ(path::dirname(""), ".");
  EXPECT_EQ(path::dirname("a"), ".");
  EXPECT_EQ(path::dirname("/"), "/");
  EXPECT_EQ(path::dirname("//a"), "//");
  EXPECT_EQ(path::dirname("/a//"), "/");
  EXPECT_EQ(path::dirname("a/b//"), "a");
}

TEST(PathBasename, StripsASuffixOnlyWhenItEndsTheName) {
  EXPECT_EQ(path::basename("/foo/bar/baz/asdf/quux.html"), "quux.html");
  EXPECT_EQ(path::basename("/foo/bar/baz/asdf/quux.html", ".html"), "quux");
  EXPECT_EQ(path::basename("/foo/bar/baz/asdf/quux.HTML", ".html"), "quux.HTML");
  EXPECT_EQ(path::basename("aaa/bbb", "bbb"), "bbb");
  EXPECT_EQ(path::basename("aaa/bbb", "b"), "bb");
  EXPECT_EQ(path::basename("/a/b/"), "b");
  EXPECT_EQ(path::basename("///", "/"), "///");
  EXPECT_EQ(path::basename("abc", "abc"), "");
  // Node compares the lengths in UTF-16 units: "é" is one unit, so the suffix walk runs.
  EXPECT_EQ(path::basename("/", "\u00e9"), "/");
  EXPECT_EQ(path::basename("\u00e9", "ab"), "\u00e9");
}

TEST(PathExtname, IsTheLastDotOnOfTheLastSegment) {
  EXPECT_EQ(path::extname("index.html"), ".html");
  EXPECT_EQ(path::extname("index.coffee.md"), ".md");
  EXPECT_EQ(path::extname("index."), ".");
  EXPECT_EQ(path::extname("index"), "");
  EXPECT_EQ(path::extname(".index"), "");
  EXPECT_EQ(path::extname(".index.md"), ".md");
  EXPECT_EQ(path::extname(".."), "");
  EXPECT_EQ(path::extname("..."), ".");
  EXPECT_EQ(path::extname("a.b/"), ".b");
}

TEST(PathParse, SplitsRootDirBaseNameAndExt) {
  path::ParsedPath p = path::parse("/home/user/dir/file.txt");
  EXPECT_EQ(p, (path::ParsedPath{"/", "/home/user/dir", "file.txt", "file", ".txt"}));
  EXPECT_EQ(path::parse(""), path::ParsedPath{});
  EXPECT_EQ(path::parse("/"), (path::ParsedPath{"/", "/", "", "", ""}));
  // Node's quirk: the '..' test forgets the root.
  EXPECT_EQ(path::parse("/.."), (path::ParsedPath{"/", "/", "..", ".", "."}));
  EXPECT_EQ(path::parse("a/.."), (path::ParsedPath{"", "a", "..", "..", ""}));
}

TEST(PathFormat, PrefersDirAndBase) {
  EXPECT_EQ(path::format({.root = "/ignored", .dir = "/home/user/dir", .base = "file.txt"}),
            "/home/user/dir/file.txt");
  EXPECT_EQ(path::format({.root = "/", .base = "file.txt", .ext = "ignored"}), "/file.txt");
  EXPECT_EQ(path::format({.root = "/", .name = "file", .ext = ".txt"}), "/file.txt");
  EXPECT_EQ(path::format({.name = "file", .ext = "txt"}), "file.txt");
  EXPECT_EQ(path::format({}), "");
}

TEST(PathViews, TemporariesComeBackOwned) {
  std::string file = "/srv/www/index.html";
  static_assert(std::is_same_v<decltype(path::dirname(file)), std::string_view>);
  static_assert(std::is_same_v<decltype(path::dirname(std::string(file))), std::string>);
  static_assert(std::is_same_v<decltype(path::extname("a.b")), std::string_view>);
  static_assert(std::is_same_v<decltype(path::parse(path::join("a", "b"))),
                               path::BasicParsedPath<std::string>>);
  EXPECT_EQ(path::dirname(path::join(file, "..", "x.txt")), "/srv/www");
  EXPECT_EQ(path::basename(path::join(file, "..", "x.txt"), ".txt"), "x");
  EXPECT_EQ(path::parse(path::resolve("/a/b.c")).name, "b");
  EXPECT_EQ(path::format(path::parse(std::string("/a/b.c"))), "/a/b.c");
}

TEST(PathPosix, IsThePathModuleItself) {
  EXPECT_EQ(path::posix::join("a", "b"), "a/b");
  EXPECT_EQ(path::posix::posix::sep, "/");
  EXPECT_EQ(path::delimiter, ":");
  EXPECT_TRUE(path::isAbsolute("/x"));
  EXPECT_FALSE(path::isAbsolute("x/"));
  EXPECT_FALSE(path::isAbsolute(""));
  EXPECT_EQ(path::toNamespacedPath("a/../b"), "a/../b");
}

TEST(PathDirnameMacros, NameThisSourceFile) {
  EXPECT_TRUE(NODECC_FILENAME.ends_with("tests/unit/api/path/path_test.cc")) << NODECC_FILENAME;
  EXPECT_EQ(NODECC_DIRNAME, path::dirname(NODECC_FILENAME));
  EXPECT_TRUE(path::isAbsolute(NODECC_FILENAME));  // CMake passes absolute source paths
  EXPECT_EQ(path::basename(NODECC_DIRNAME), "path");
}
