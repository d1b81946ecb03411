// Request-target -> normalized path: decoding, dot segments, and every refusal.
#include "static/path_resolution.h"

#include <gtest/gtest.h>

#include <string>

namespace nodecc::staticfiles::core {
namespace {

struct Resolved {
  int status;
  std::string path;
  std::string query;
  bool trailingSlash;
};

Resolved resolve(std::string_view target) {
  std::string scratch;
  ResolvedTarget t;
  int status = resolveTarget(target, scratch, &t);
  return {status, std::string(t.path), std::string(t.query), t.trailingSlash};
}

TEST(PathResolution, PlainPathsPassThrough) {
  EXPECT_EQ(resolve("/index.html").path, "/index.html");
  EXPECT_EQ(resolve("/a/b/c.txt").path, "/a/b/c.txt");
  EXPECT_EQ(resolve("/").path, "/");
  EXPECT_TRUE(resolve("/").trailingSlash);
  EXPECT_EQ(resolve("/dir/").path, "/dir/");
  EXPECT_TRUE(resolve("/dir/").trailingSlash);
  EXPECT_FALSE(resolve("/dir").trailingSlash);
}

TEST(PathResolution, QueryIsSplitOffUndecoded) {
  Resolved r = resolve("/a%20b.txt?x=%41&y");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.path, "/a b.txt");
  EXPECT_EQ(r.query, "x=%41&y");
}

TEST(PathResolution, PercentDecodingIsCaseInsensitiveAndOnce) {
  EXPECT_EQ(resolve("/%41%62%2d").path, "/Ab-");
  EXPECT_EQ(resolve("/%2541").path, "/%41");  // decoded once only
  EXPECT_EQ(resolve("/caf%C3%A9").path, "/caf\xC3\xA9");
}

TEST(PathResolution, DotSegmentsAreRemoved) {
  EXPECT_EQ(resolve("/a/./b").path, "/a/b");
  EXPECT_EQ(resolve("/a/../b").path, "/b");
  EXPECT_EQ(resolve("/a/b/../../c").path, "/c");
  EXPECT_EQ(resolve("/a/%2e%2E/b").path, "/b");
  EXPECT_EQ(resolve("/a/..").path, "/");
  EXPECT_EQ(resolve("/a/b/.").path, "/a/b/");
  EXPECT_EQ(resolve("/a/.").path, "/a/");
}

TEST(PathResolution, EmptySegmentsMerge) {
  EXPECT_EQ(resolve("//a///b").path, "/a/b");
  EXPECT_EQ(resolve("//evil.example/").path, "/evil.example/");
}

TEST(PathResolution, ClimbingAboveTheRootIsRefused) {
  for (const char* t :
       {"/..", "/../", "/../etc/passwd", "/a/../../etc/passwd", "/%2e%2e/etc/passwd",
        "/%2E%2E/%2e%2e/etc/passwd", "/a/./../../b", "/.%2e/x", "/%2e./x"}) {
    EXPECT_EQ(resolve(t).status, 400) << t;
  }
}

TEST(PathResolution, EncodedSlashBackslashAndNulAreRefused) {
  for (const char* t : {"/a%2fb", "/a%2Fb", "/..%2fetc%2fpasswd", "/a\\b", "/a%5cb", "/a%5C..%5Cb",
                        "/a%00.txt", "/%00"}) {
    EXPECT_EQ(resolve(t).status, 400) << t;
  }
  EXPECT_EQ(resolve(std::string_view("/a\0b", 4)).status, 400);
}

TEST(PathResolution, MalformedEscapesAreRefused) {
  for (const char* t : {"/%", "/%4", "/%zz", "/a%g0", "/%%41"}) {
    EXPECT_EQ(resolve(t).status, 400) << t;
  }
}

TEST(PathResolution, TargetsNotInOriginFormAreRefused) {
  for (const char* t : {"", "*", "index.html", "?x", "../etc/passwd"}) {
    EXPECT_EQ(resolve(t).status, 400) << t;
  }
}

TEST(PathResolution, AbsoluteFormKeepsOnlyThePath) {
  EXPECT_EQ(resolve("http://example.com/a/b?q").path, "/a/b");
  EXPECT_EQ(resolve("HTTP://example.com").path, "/");
  EXPECT_EQ(resolve("http://example.com/../x").status, 400);
}

TEST(PathResolution, OverlongPathsAreRefused) {
  std::string t = "/" + std::string(kMaxPathBytes + 1, 'a');
  EXPECT_EQ(resolve(t).status, 400);
  std::string ok = "/" + std::string(kMaxPathBytes - 1, 'a');
  EXPECT_EQ(resolve(ok).status, 0);
}

TEST(PathResolution, DotSegmentFlagOnBothPaths) {
  std::string scratch;
  ResolvedTarget t;
  for (const char* target : {"/.env", "/a/.git/x", "/%2eenv", "/a//.b", "/a/./.b"}) {
    ASSERT_EQ(resolveTarget(target, scratch, &t), 0) << target;
    EXPECT_TRUE(t.dotSegment) << target;
  }
  for (const char* target : {"/a.b/c", "/", "/a/./b", "/x%41.y", "/a/../b.c"}) {
    ASSERT_EQ(resolveTarget(target, scratch, &t), 0) << target;
    EXPECT_FALSE(t.dotSegment) << target;
  }
}

TEST(PathResolution, DotSegmentDetection) {
  EXPECT_TRUE(hasDotSegment("/.env"));
  EXPECT_TRUE(hasDotSegment("/a/.git/config"));
  EXPECT_TRUE(hasDotSegment("/a/..b"));
  EXPECT_FALSE(hasDotSegment("/a.b/c.d"));
  EXPECT_FALSE(hasDotSegment("/"));
}

TEST(PathResolution, RelativePathDropsOuterSlashes) {
  EXPECT_EQ(relativePath("/"), "");
  EXPECT_EQ(relativePath("/a/b/"), "a/b");
  EXPECT_EQ(relativePath("/a.txt"), "a.txt");
}

TEST(PathResolution, PercentEncodingForLocationAndHref) {
  std::string out;
  appendPercentEncodedPath(out, "/a b/\"<x>#?%\\\x01\xC3\xA9~:@");
  EXPECT_EQ(out, "/a%20b/%22%3Cx%3E%23%3F%25%5C%01%C3%A9~:@");
}

}  // namespace
}  // namespace nodecc::staticfiles::core
