// The legacy url.parse/format/resolve; expected values taken from Node 20.
#include <gtest/gtest.h>
#include <nodecc/url.h>

#include <string>
#include <vector>

using nodecc::Error;
using nodecc::TypeError;
namespace url = nodecc::url;

TEST(UrlParse, SplitsAFullUrl) {
  auto u = url::parse("https://user:pa%20ss@Example.COM:8080/p/a/t/h?query=string&x=1#hash", true);
  EXPECT_EQ(u.protocol, "https:");
  EXPECT_TRUE(u.slashes);
  EXPECT_EQ(u.auth, "user:pa ss");
  EXPECT_EQ(u.host, "example.com:8080");
  EXPECT_EQ(u.port, "8080");
  EXPECT_EQ(u.hostname, "example.com");
  EXPECT_EQ(u.hash, "#hash");
  EXPECT_EQ(u.search, "?query=string&x=1");
  EXPECT_EQ(u.rawQuery, "query=string&x=1");
  EXPECT_EQ(u.query["query"], "string");
  EXPECT_EQ(u.query["x"], "1");
  EXPECT_EQ(u.pathname, "/p/a/t/h");
  EXPECT_EQ(u.path, "/p/a/t/h?query=string&x=1");
  EXPECT_EQ(u.href, "https://user:pa%20ss@example.com:8080/p/a/t/h?query=string&x=1#hash");
}

TEST(UrlParse, RequestTargetWithParsedQuery) {
  // The echo benchmark's url.parse(req.url, true).query.
  auto q = url::parse("/echo?value=hello+world&other=%41", true).query;
  EXPECT_EQ(q["value"], "hello world");
  EXPECT_EQ(q["other"], "A");
  EXPECT_TRUE(q["missing"].empty());

  auto u = url::parse("/echo?value=hello+world&value=2", true);
  EXPECT_EQ(u.query.getAll("value"), (std::vector<std::string>{"hello world", "2"}));
  EXPECT_EQ(u.pathname, "/echo");
  EXPECT_EQ(u.href, "/echo?value=hello+world&value=2");
  EXPECT_FALSE(u.protocol.has_value());
  EXPECT_FALSE(u.slashes);
}

TEST(UrlParse, NoQuery) {
  auto plain = url::parse("/echo");
  EXPECT_FALSE(plain.search.has_value());
  EXPECT_FALSE(plain.rawQuery.has_value());
  auto parsed = url::parse("/echo", true);
  EXPECT_FALSE(parsed.search.has_value());
  EXPECT_TRUE(parsed.query.empty());
  EXPECT_EQ(parsed.path, "/echo");
}

TEST(UrlParse, SlashesDenoteHost) {
  auto path = url::parse("//host/p");
  EXPECT_FALSE(path.host.has_value());
  EXPECT_EQ(path.pathname, "//host/p");
  auto host = url::parse("//host/p", false, true);
  EXPECT_EQ(host.host, "host");
  EXPECT_EQ(host.pathname, "/p");
  EXPECT_EQ(host.href, "//host/p");
}

TEST(UrlParse, SchemesWithoutSlashes) {
  auto mail = url::parse("mailto:user@example.com");
  EXPECT_EQ(mail.auth, "user");
  EXPECT_EQ(mail.hostname, "example.com");
  EXPECT_FALSE(mail.pathname.has_value());
  EXPECT_EQ(mail.href, "mailto:user@example.com");
  auto js = url::parse("javascript:alert(1)");
  EXPECT_FALSE(js.host.has_value());
  EXPECT_EQ(js.pathname, "alert(1)");
}

TEST(UrlParse, Ipv6Host) {
  auto u = url::parse("http://[::1]:3000/x");
  EXPECT_EQ(u.host, "[::1]:3000");
  EXPECT_EQ(u.hostname, "::1");
  EXPECT_EQ(u.port, "3000");
}

TEST(UrlParse, TrimsAndTurnsBackslashesIntoSlashesBeforeTheQuery) {
  auto u = url::parse("  HTTP://x.com\\a\\b?c\\d  ");
  EXPECT_EQ(u.pathname, "/a/b");
  EXPECT_EQ(u.search, "?c%5Cd");
  EXPECT_EQ(u.href, "http://x.com/a/b?c%5Cd");
}

TEST(UrlParse, EscapesUnsafeCharacters) {
  EXPECT_EQ(url::parse("http://x.com/a b<c>").pathname, "/a%20b%3Cc%3E");
  auto u = url::parse("http://a b/x");  // the space ends the host
  EXPECT_EQ(u.hostname, "a");
  EXPECT_EQ(u.href, "http://a/%20b/x");
  EXPECT_EQ(url::parse("http://x:abc/").href, "http://x/:abc/");
}

TEST(UrlParse, PunycodesHostnames) {
  EXPECT_EQ(url::parse("http://m\xC3\xBCnchen.de/").hostname, "xn--mnchen-3ya.de");
  EXPECT_EQ(url::parse("http://\xC3\x9C"
                       "BER.de/")
                .hostname,
            "xn--ber-goa.de");
}

TEST(UrlParse, MalformedAuthThrowsUriError) {
  try {
    url::parse("http://%zz@x/");
    FAIL() << "no throw";
  } catch (const Error& e) {
    EXPECT_EQ(e.name, "URIError");
    EXPECT_EQ(e.message, "URI malformed");
  }
}

TEST(UrlParse, InvalidIdnaHostThrowsInvalidUrl) {
  try {
    url::parse("http://xn--/");
    FAIL() << "no throw";
  } catch (const TypeError& e) {
    EXPECT_EQ(e.code, "ERR_INVALID_URL");
    EXPECT_EQ(e.message, "Invalid URL");
    EXPECT_EQ(e.path, "http://xn--/");
    EXPECT_EQ(e.toString(), "TypeError [ERR_INVALID_URL]: Invalid URL");
  }
}

TEST(UrlFormat, BuildsFromFields) {
  url::Url u;
  u.protocol = "https";
  u.hostname = "example.com";
  u.port = "8080";
  u.pathname = "/a?b#c";
  u.query.set("x", "1");
  u.query.set("y", std::vector<std::string>{"2", "3"});
  u.hash = "h";
  EXPECT_EQ(url::format(u), "https://example.com:8080/a%3Fb%23c?x=1&y=2&y=3#h");

  url::Url v;
  v.protocol = "http:";
  v.host = "x.com";
  v.auth = "us er:p@ss";
  v.search = "?a=1#";
  EXPECT_EQ(v.format(), "http://us%20er:p%40ss@x.com?a=1%23");

  url::Url file;
  file.protocol = "file";
  file.pathname = "/etc/x";
  EXPECT_EQ(url::format(file), "file:///etc/x");

  url::Url v6;
  v6.hostname = "::1";
  v6.port = "80";
  v6.pathname = "x";
  EXPECT_EQ(url::format(v6), "[::1]:80x");
}

TEST(UrlFormat, SearchWinsOverQuery) {
  url::Url u;
  u.pathname = "/p";
  u.search = "?s=1";
  u.query.set("q", "2");
  EXPECT_EQ(url::format(u), "/p?s=1");
}

TEST(UrlFormat, FormatsAString) {
  EXPECT_EQ(url::format("HTTP://x.com"), "http://x.com/");
}

TEST(UrlResolve, ResolvesLikeABrowser) {
  const std::vector<std::vector<std::string>> cases = {
      {"http://a/b/c/d;p?q", "../g", "http://a/b/g"},
      {"http://a/b/c/d;p?q", "//g/x", "http://g/x"},
      {"http://a/b/c/d;p?q", "?y", "http://a/b/c/d;p?y"},
      {"http://a/b/c/d;p?q", "#s", "http://a/b/c/d;p?q#s"},
      {"http://a/b/c/d;p?q", "https:g", "https://g/"},
      {"http://a/b/c/d;p?q", "mailto:x@y", "mailto:x@y"},
      {"/one/two/three", "four", "/one/two/four"},
      {"http://example.com/", "/one", "http://example.com/one"},
      {"http://example.com/one", "/two", "http://example.com/two"},
      {"mailto:a@b", "c@d", "mailto:c@d"},
      {"http://a/b", "../../../..", "http://a/"},
      {"http://u:p@a/b", "//x/y", "http://x/y"},
      {"", "x", "x"},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(url::resolve(c[0], c[1]), c[2]) << c[0] << " + " << c[1];
  }
}

TEST(UrlResolve, ResolveObjectKeepsFields) {
  auto r = url::resolveObject("http://a/b/c", "../d?x#y");
  EXPECT_EQ(r.pathname, "/d");
  EXPECT_EQ(r.search, "?x");
  EXPECT_EQ(r.hash, "#y");
  EXPECT_EQ(r.path, "/d?x");
  EXPECT_EQ(r.href, "http://a/d?x#y");
  EXPECT_EQ(url::parse("http://a/b/c").resolve("../d"), "http://a/d");
}
