// StaticFiles over a real directory, loop and thread pool: misses go to the pool, hits do not;
// every header rule; invalidation when a file changes, is deleted or replaced.
#include <gtest/gtest.h>

#include <string>

#include "unit/static/static_server_util.h"

namespace nodecc::staticfiles::core {
namespace {

using test::Flat;
using test::StaticHarness;
using test::TempTree;

constexpr int64_t kMtime = 1600000000;  // 0x5f5e1000

class StaticFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    tree_.write("hello.txt", "hello, world\n");
    tree_.setMtime("hello.txt", kMtime);
    tree_.write("index.html", "<h1>home</h1>");
    tree_.write("docs/index.html", "<h1>docs</h1>");
    tree_.write("docs/page.css", "body{}");
    tree_.mkdir("empty");
    tree_.write(".env", "SECRET=1");
    tree_.write("sub/.git/config", "x");
    tree_.write("app.js", std::string(1000, 'j'));
    tree_.write("app.js.gz", std::string(100, 'g'));
    tree_.write("app.js.br", std::string(80, 'b'));
    tree_.write("big.bin", std::string(200000, 'x'));
  }
  TempTree tree_;
};

TEST_F(StaticFilesTest, MissGoesToThePoolThenHitsAreImmediate) {
  StaticHarness h(tree_);
  Flat a = h.get("/hello.txt");
  EXPECT_TRUE(a.pending);
  EXPECT_EQ(a.status, 200);
  EXPECT_EQ(a.body, "hello, world\n");
  Flat b = h.get("/hello.txt");
  EXPECT_FALSE(b.pending);
  EXPECT_EQ(b.body, "hello, world\n");
  EXPECT_EQ(h.server().stats().misses, 1u);
  EXPECT_EQ(h.server().stats().hits, 1u);
}

TEST_F(StaticFilesTest, HeadersOfA200) {
  StaticHarness h(tree_, [] {
    Options o;
    o.cacheControl = "public, max-age=60";
    return o;
  }());
  Flat r = h.get("/hello.txt");
  EXPECT_EQ(r.fields.substr(0, 17), "HTTP/1.1 200 OK\r\n");
  EXPECT_EQ(r.field("Content-Type"), "text/plain; charset=utf-8");
  EXPECT_EQ(r.field("Content-Length"), "13");
  EXPECT_EQ(r.field("ETag"), "\"5f5e1000-d\"");
  EXPECT_EQ(r.field("Last-Modified"), "Sun, 13 Sep 2020 12:26:40 GMT");
  EXPECT_EQ(r.field("Accept-Ranges"), "bytes");
  EXPECT_EQ(r.field("Cache-Control"), "public, max-age=60");
  EXPECT_EQ(r.field("Vary"), "");
  EXPECT_EQ(r.field("Date"), "");  // added per request by the API layer
  EXPECT_EQ(r.bodyBytes, 13u);
}

TEST_F(StaticFilesTest, HeadHasTheHeadersButNoBody) {
  StaticHarness h(tree_);
  Flat r = h.head("/hello.txt");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.field("Content-Length"), "13");
  EXPECT_EQ(r.body, "");
  EXPECT_EQ(r.bodyBytes, 0u);
}

TEST_F(StaticFilesTest, OtherMethodsAre405WithAllow) {
  StaticHarness h(tree_);
  for (const char* m : {"POST", "PUT", "DELETE", "OPTIONS", "get"}) {
    Request req;
    req.method = m;
    Flat r = h.get("/hello.txt", req);
    EXPECT_EQ(r.status, 405) << m;
    EXPECT_EQ(r.field("Allow"), "GET, HEAD");
    EXPECT_TRUE(r.clientError);
  }
}

TEST_F(StaticFilesTest, DirectoriesRedirectThenServeTheirIndex) {
  StaticHarness h(tree_);
  Flat r = h.get("/docs?x=1");
  EXPECT_EQ(r.status, 301);
  EXPECT_EQ(r.field("Location"), "/docs/?x=1");
  Flat i = h.get("/docs/");
  EXPECT_EQ(i.status, 200);
  EXPECT_EQ(i.body, "<h1>docs</h1>");
  EXPECT_EQ(i.field("Content-Type"), "text/html; charset=utf-8");
  EXPECT_EQ(h.get("/").body, "<h1>home</h1>");
  EXPECT_EQ(h.get("/empty/").status, 404);
  Flat odd = h.get("//evil.example%2fx");
  EXPECT_EQ(odd.status, 400);
  tree_.mkdir("evil.example");
  Flat open = h.get("//evil.example");
  EXPECT_EQ(open.status, 301);
  EXPECT_EQ(open.field("Location"), "/evil.example/");  // never "//host": no open redirect
}

TEST_F(StaticFilesTest, ListingWhenEnabled) {
  Options o;
  o.listDirectories = true;
  tree_.write("empty/<b>.txt", "1");
  StaticHarness h(tree_, o);
  Flat r = h.get("/empty/");
  EXPECT_EQ(r.status, 200);
  EXPECT_NE(r.body.find("&lt;b&gt;.txt"), std::string::npos);
  EXPECT_NE(r.body.find("href=\"%3Cb%3E.txt\""), std::string::npos);
  EXPECT_EQ(h.get("/docs/").body, "<h1>docs</h1>");  // an index still wins
}

TEST_F(StaticFilesTest, DotfilesAreHiddenByDefault) {
  StaticHarness h(tree_);
  EXPECT_EQ(h.get("/.env").status, 404);
  EXPECT_EQ(h.get("/sub/.git/config").status, 404);
  EXPECT_EQ(h.get("/%2eenv").status, 404);
  Options deny;
  deny.dotfiles = DotFiles::kDeny;
  StaticHarness d(tree_, deny);
  EXPECT_EQ(d.get("/.env").status, 403);
  Options allow;
  allow.dotfiles = DotFiles::kAllow;
  StaticHarness a(tree_, allow);
  EXPECT_EQ(a.get("/.env").body, "SECRET=1");
}

TEST_F(StaticFilesTest, TraversalIsRefused) {
  StaticHarness h(tree_);
  for (const char* t : {"/../etc/passwd", "/%2e%2e/etc/passwd", "/..%2fetc%2fpasswd",
                        "/docs/../../etc/passwd", "/..\\etc\\passwd", "/hello.txt%00.html"}) {
    Flat r = h.get(t);
    EXPECT_EQ(r.status, 400) << t;
  }
}

TEST_F(StaticFilesTest, SymlinksLeavingTheRootAreRefusedUnlessFollowed) {
  TempTree outside;
  outside.write("secret.txt", "secret");
  tree_.symlink(outside.at("secret.txt"), "abs-link.txt");
  tree_.symlink("hello.txt", "rel-link.txt");
  StaticHarness h(tree_);
  EXPECT_EQ(h.get("/abs-link.txt").status, 403);
  EXPECT_EQ(h.get("/rel-link.txt").body, "hello, world\n");
  Options follow;
  follow.followSymlinks = true;
  StaticHarness f(tree_, follow);
  EXPECT_EQ(f.get("/abs-link.txt").body, "secret");
}

TEST_F(StaticFilesTest, MissingAndNonRegularFiles) {
  StaticHarness h(tree_);
  Flat r = h.get("/nope.txt");
  EXPECT_EQ(r.status, 404);
  EXPECT_TRUE(r.clientError);
  EXPECT_NE(r.body.find("404 Not Found"), std::string::npos);
  EXPECT_EQ(h.get("/hello.txt/").status, 404);
  ASSERT_EQ(::mkfifo(tree_.at("fifo").c_str(), 0644), 0);
  EXPECT_EQ(h.get("/fifo").status, 404);  // and the worker did not block opening it
}

TEST_F(StaticFilesTest, ConditionalRequests) {
  StaticHarness h(tree_);
  Request inm;
  inm.ifNoneMatch = "\"5f5e1000-d\"";
  Flat r = h.get("/hello.txt", inm);
  EXPECT_EQ(r.status, 304);
  EXPECT_EQ(r.field("ETag"), "\"5f5e1000-d\"");
  EXPECT_EQ(r.field("Last-Modified"), "Sun, 13 Sep 2020 12:26:40 GMT");
  EXPECT_EQ(r.field("Content-Length"), "");
  EXPECT_EQ(r.body, "");
  Request ims;
  ims.ifModifiedSince = "Sun, 13 Sep 2020 12:26:40 GMT";
  EXPECT_EQ(h.get("/hello.txt", ims).status, 304);
  ims.ifModifiedSince = "Sun, 13 Sep 2020 12:26:39 GMT";
  EXPECT_EQ(h.get("/hello.txt", ims).status, 200);
  Request im;
  im.ifMatch = "\"nope\"";
  Flat f = h.get("/hello.txt", im);
  EXPECT_EQ(f.status, 412);
  EXPECT_NE(f.body.find("412 Precondition Failed"), std::string::npos);
  EXPECT_EQ(f.field("Content-Length"), std::to_string(f.body.size()));
  Request ius;
  ius.ifUnmodifiedSince = "Sun, 13 Sep 2020 12:26:39 GMT";
  EXPECT_EQ(h.get("/hello.txt", ius).status, 412);
}

TEST_F(StaticFilesTest, SingleRangeFromMemoryAndFromAFile) {
  StaticHarness h(tree_);
  Request r;
  r.range = "bytes=0-4";
  Flat a = h.get("/hello.txt", r);
  EXPECT_EQ(a.status, 206);
  EXPECT_EQ(a.body, "hello");
  EXPECT_EQ(a.field("Content-Range"), "bytes 0-4/13");
  EXPECT_EQ(a.field("Content-Length"), "5");
  r.range = "bytes=-6";
  Flat b = h.get("/hello.txt", r);
  EXPECT_EQ(b.body, "world\n");
  r.range = "bytes=199990-";
  Flat c = h.get("/big.bin", r);
  EXPECT_EQ(c.status, 206);
  EXPECT_EQ(c.body, std::string(10, 'x'));
  EXPECT_EQ(c.field("Content-Range"), "bytes 199990-199999/200000");
}

TEST_F(StaticFilesTest, UnsatisfiableRangeIs416) {
  StaticHarness h(tree_);
  Request r;
  r.range = "bytes=13-";
  Flat a = h.get("/hello.txt", r);
  EXPECT_EQ(a.status, 416);
  EXPECT_EQ(a.field("Content-Range"), "bytes */13");
  EXPECT_NE(a.body.find("416 Range Not Satisfiable"), std::string::npos);
  EXPECT_EQ(a.field("Content-Type"), "text/html; charset=utf-8");
}

TEST_F(StaticFilesTest, HeadIgnoresRangeAndIfRangeMismatchSendsEverything) {
  StaticHarness h(tree_);
  Request r;
  r.method = "HEAD";
  r.range = "bytes=0-4";
  EXPECT_EQ(h.get("/hello.txt", r).status, 200);
  Request g;
  g.range = "bytes=0-4";
  g.ifRange = "\"old\"";
  EXPECT_EQ(h.get("/hello.txt", g).status, 200);
  g.ifRange = "\"5f5e1000-d\"";
  EXPECT_EQ(h.get("/hello.txt", g).status, 206);
  g.ifRange = "Sun, 13 Sep 2020 12:26:40 GMT";
  EXPECT_EQ(h.get("/hello.txt", g).status, 206);
}

std::string expectedMultipart(const std::string& boundary, const std::string& type,
                              const std::string& content,
                              std::initializer_list<std::pair<size_t, size_t>> parts) {
  std::string out;
  for (auto [first, last] : parts) {
    out += "\r\n--" + boundary + "\r\nContent-Type: " + type + "\r\nContent-Range: bytes " +
           std::to_string(first) + "-" + std::to_string(last) + "/" +
           std::to_string(content.size()) + "\r\n\r\n" + content.substr(first, last - first + 1);
  }
  return out + "\r\n--" + boundary + "--\r\n";
}

TEST_F(StaticFilesTest, MultipleRangesAreMultipartFromMemoryAndFile) {
  StaticHarness h(tree_);
  std::string mid;
  for (int i = 0; i < 1000; ++i) {
    mid += char('a' + i % 26);
  }
  tree_.write("mid.txt", mid);
  Request r;
  r.range = "bytes=500-509,0-1";
  Flat a = h.get("/mid.txt", r);
  EXPECT_EQ(a.status, 206);
  std::string ct = a.field("Content-Type");
  ASSERT_EQ(ct.rfind("multipart/byteranges; boundary=", 0), 0u) << ct;
  std::string boundary = ct.substr(31);
  std::string want =
      expectedMultipart(boundary, "text/plain; charset=utf-8", mid, {{0, 1}, {500, 509}});
  EXPECT_EQ(a.body, want);
  EXPECT_EQ(a.field("Content-Length"), std::to_string(want.size()));
  EXPECT_EQ(a.bodyBytes, want.size());

  std::string big(200000, 'x');
  r.range = "bytes=0-9,100000-100009,-5";
  Flat b = h.get("/big.bin", r);
  std::string bb = b.field("Content-Type").substr(31);
  std::string wantB = expectedMultipart(bb, "application/octet-stream", big,
                                        {{0, 9}, {100000, 100009}, {199995, 199999}});
  EXPECT_EQ(b.body, wantB);
  EXPECT_EQ(b.field("Content-Length"), std::to_string(wantB.size()));
  EXPECT_NE(bb, boundary);

  // Ranges closer than a part's overhead are sent as one.
  r.range = "bytes=7-11,0-1";
  Flat c = h.get("/hello.txt", r);
  EXPECT_EQ(c.field("Content-Range"), "bytes 0-11/13");
  EXPECT_EQ(c.body, "hello, world");
}

TEST_F(StaticFilesTest, PrecompressedVariantsByAcceptEncoding) {
  StaticHarness h(tree_);
  Request r;
  r.acceptEncoding = "gzip, deflate, br";
  Flat br = h.get("/app.js", r);
  EXPECT_EQ(br.body, std::string(80, 'b'));
  EXPECT_EQ(br.field("Content-Encoding"), "br");
  EXPECT_EQ(br.field("Content-Length"), "80");
  EXPECT_EQ(br.field("Vary"), "Accept-Encoding");
  EXPECT_EQ(br.field("Content-Type"), "application/javascript; charset=utf-8");
  r.acceptEncoding = "gzip";
  Flat gz = h.get("/app.js", r);
  EXPECT_EQ(gz.body, std::string(100, 'g'));
  EXPECT_EQ(gz.field("Content-Encoding"), "gzip");
  EXPECT_NE(gz.field("ETag"), br.field("ETag"));
  Flat plain = h.get("/app.js");
  EXPECT_EQ(plain.body.size(), 1000u);
  EXPECT_EQ(plain.field("Content-Encoding"), "");
  EXPECT_EQ(plain.field("Vary"), "Accept-Encoding");  // on every response of a varying file
  Request cond;
  cond.acceptEncoding = "br";
  std::string brTag = br.field("ETag");
  cond.ifNoneMatch = brTag;
  Flat nm = h.get("/app.js", cond);
  EXPECT_EQ(nm.status, 304);
  EXPECT_EQ(nm.field("Vary"), "Accept-Encoding");
  EXPECT_EQ(h.get("/hello.txt").field("Vary"), "");
}

TEST_F(StaticFilesTest, ChangedFileIsServedFreshAfterRevalidation) {
  StaticHarness h(tree_);
  EXPECT_EQ(h.get("/hello.txt").body, "hello, world\n");
  tree_.write("hello.txt", "changed!");
  // Within the interval the cached copy is served without touching the disk.
  EXPECT_EQ(h.get("/hello.txt").body, "hello, world\n");
  h.advance(1000);
  Flat r = h.get("/hello.txt");
  EXPECT_TRUE(r.pending);
  EXPECT_EQ(r.body, "changed!");
  EXPECT_NE(r.field("ETag"), "\"5f5e1000-d\"");
  EXPECT_EQ(h.server().stats().invalidations, 1u);
}

TEST_F(StaticFilesTest, RevalidateZeroChecksEveryRequest) {
  Options o;
  o.revalidateMs = 0;
  StaticHarness h(tree_, o);
  EXPECT_EQ(h.get("/hello.txt").body, "hello, world\n");
  tree_.write("hello.txt", "v2");
  EXPECT_EQ(h.get("/hello.txt").body, "v2");
  tree_.remove("hello.txt");
  EXPECT_EQ(h.get("/hello.txt").status, 404);
  EXPECT_EQ(h.server().cache().size(), 0u);
}

TEST_F(StaticFilesTest, NewPrecompressedSiblingIsNoticed) {
  Options o;
  o.revalidateMs = 0;
  StaticHarness h(tree_, o);
  Request r;
  r.acceptEncoding = "gzip";
  EXPECT_EQ(h.get("/hello.txt", r).field("Content-Encoding"), "");
  tree_.write("hello.txt.gz", "gzipped");
  Flat g = h.get("/hello.txt", r);
  EXPECT_EQ(g.field("Content-Encoding"), "gzip");
  EXPECT_EQ(g.body, "gzipped");
}

TEST_F(StaticFilesTest, FileReplacedByADirectory) {
  Options o;
  o.revalidateMs = 0;
  StaticHarness h(tree_, o);
  EXPECT_EQ(h.get("/hello.txt").status, 200);
  tree_.remove("hello.txt");
  tree_.write("hello.txt/index.html", "now a dir");
  EXPECT_EQ(h.get("/hello.txt").status, 301);
  EXPECT_EQ(h.get("/hello.txt/").body, "now a dir");
}

TEST_F(StaticFilesTest, ConcurrentMissesShareOneLookup) {
  StaticHarness h(tree_);
  struct W : StaticFiles::Waiter {
    W() : Waiter(&W::onReady) {}
    static void onReady(Waiter* w) {
      auto* self = static_cast<W*>(w);
      self->server->resume(*self->req, w, &self->response);
      self->status = self->response.status;
    }
    StaticFiles* server = nullptr;
    const Request* req = nullptr;
    Response response;
    int status = 0;
  };
  Request req;
  req.method = "GET";
  req.target = "/docs/page.css";
  W ws[5];
  for (W& w : ws) {
    w.server = &h.server();
    w.req = &req;
    Response r;
    ASSERT_EQ(h.server().serve(req, &r), StaticFiles::Outcome::kMiss);
    h.server().wait(&w);
  }
  while (ws[4].status == 0) {
    h.loop().run(loop::core::Loop::RunMode::kOnce);
  }
  for (W& w : ws) {
    EXPECT_EQ(w.status, 200);
  }
  EXPECT_EQ(h.server().stats().misses, 1u);
  EXPECT_EQ(h.server().stats().joined, 4u);
}

TEST_F(StaticFilesTest, LargeFilesKeepAnFdSmallOnesDoNot) {
  StaticHarness h(tree_);
  Request r;
  (void)h.get("/big.bin");
  (void)h.get("/hello.txt");
  Response resp;
  r.method = "GET";
  r.target = "/big.bin";
  ASSERT_EQ(h.server().serve(r, &resp), StaticFiles::Outcome::kDone);
  EXPECT_NE(resp.file.file, nullptr);
  EXPECT_EQ(resp.file.length, 200000u);
  EXPECT_TRUE(resp.body.empty());
  r.target = "/hello.txt";
  ASSERT_EQ(h.server().serve(r, &resp), StaticFiles::Outcome::kDone);
  EXPECT_EQ(resp.file.file, nullptr);
  EXPECT_EQ(resp.body, "hello, world\n");
}

TEST_F(StaticFilesTest, RedirectOffAnswers404ForADirectoryWithoutSlash) {
  Options o;
  o.redirectDirectories = false;
  StaticHarness h(tree_, o);
  Flat r = h.get("/docs");
  EXPECT_EQ(r.status, 404);
  EXPECT_EQ(r.field("Location"), "");
  EXPECT_EQ(h.get("/docs/").body, "<h1>docs</h1>");
}

TEST_F(StaticFilesTest, IndexFileIsConfigurableAndEmptyDisablesIt) {
  tree_.write("docs/home.htm", "<p>home.htm</p>");
  Options other;
  other.indexFile = "home.htm";
  StaticHarness h(tree_, other);
  Flat r = h.get("/docs/");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body, "<p>home.htm</p>");
  Options none;
  none.indexFile = "";
  StaticHarness n(tree_, none);
  EXPECT_EQ(n.get("/docs/").status, 404);
  EXPECT_EQ(n.get("/docs/index.html").body, "<h1>docs</h1>");  // still a file by its name
  none.listDirectories = true;
  StaticHarness l(tree_, none);
  Flat listing = l.get("/docs/");
  EXPECT_EQ(listing.status, 200);
  EXPECT_NE(listing.body.find("href=\"index.html\""), std::string::npos);
}

TEST_F(StaticFilesTest, PrecompressedOffServesTheFileItself) {
  Options o;
  o.precompressed = false;
  StaticHarness h(tree_, o);
  Request r;
  r.acceptEncoding = "gzip, br";
  Flat f = h.get("/app.js", r);
  EXPECT_EQ(f.status, 200);
  EXPECT_EQ(f.body, std::string(1000, 'j'));
  EXPECT_EQ(f.field("Content-Encoding"), "");
  EXPECT_EQ(f.field("Vary"), "");
  EXPECT_EQ(h.get("/app.js.gz").body, std::string(100, 'g'));  // the variant by its own name
}

TEST_F(StaticFilesTest, MemoryFileMaxBytesChoosesMemoryOrSendfile) {
  Options o;
  o.memoryFileMaxBytes = 4;  // hello.txt (13 bytes) now keeps an fd
  StaticHarness h(tree_, o);
  EXPECT_EQ(h.get("/hello.txt").body, "hello, world\n");
  Request r;
  r.method = "GET";
  r.target = "/hello.txt";
  Response resp;
  ASSERT_EQ(h.server().serve(r, &resp), StaticFiles::Outcome::kDone);
  EXPECT_NE(resp.file.file, nullptr);
  EXPECT_TRUE(resp.body.empty());
  Options big;
  big.memoryFileMaxBytes = 1 << 20;  // big.bin (200,000 bytes) now comes from memory
  StaticHarness m(tree_, big);
  EXPECT_EQ(m.get("/big.bin").body, std::string(200000, 'x'));
  r.target = "/big.bin";
  Response mem;
  ASSERT_EQ(m.server().serve(r, &mem), StaticFiles::Outcome::kDone);
  EXPECT_EQ(mem.file.file, nullptr);
  EXPECT_EQ(mem.body.size(), 200000u);
}

TEST_F(StaticFilesTest, CacheIsBoundedByMemoryBytes) {
  // What each entry costs (contents, precomputed heads, bookkeeping), measured by the cache.
  StaticHarness probe(tree_);
  (void)probe.get("/hello.txt");
  size_t hello = probe.server().cache().memoryBytes();
  (void)probe.get("/docs/page.css");
  size_t css = probe.server().cache().memoryBytes() - hello;
  ASSERT_GT(hello, 13u);
  ASSERT_GT(css, 6u);
  Options o;
  o.cacheMemoryBytes = hello + css + 8;  // two entries fit, a third does not
  StaticHarness h(tree_, o);
  (void)h.get("/hello.txt");
  (void)h.get("/docs/page.css");
  EXPECT_EQ(h.server().cache().size(), 2u);
  EXPECT_EQ(h.get("/docs/index.html").body, "<h1>docs</h1>");
  EXPECT_GE(h.server().cache().size(), 1u);  // the newest is kept, older ones make room
  EXPECT_LE(h.server().cache().size(), 2u);
  EXPECT_LE(h.server().cache().memoryBytes(), o.cacheMemoryBytes);
  EXPECT_TRUE(h.get("/hello.txt").pending);  // the least recently used went
}

TEST_F(StaticFilesTest, CacheIsBoundedByEntries) {
  Options o;
  o.cacheEntries = 2;
  StaticHarness h(tree_, o);
  (void)h.get("/hello.txt");
  (void)h.get("/app.js");
  (void)h.get("/docs/page.css");
  EXPECT_EQ(h.server().cache().size(), 2u);
  EXPECT_TRUE(h.get("/hello.txt").pending);  // the least recently used went
  EXPECT_FALSE(h.get("/hello.txt").pending);
}

}  // namespace
}  // namespace nodecc::staticfiles::core
