// url::URL (the WHATWG URL Standard API); expected values taken from Node 20.
#include <gtest/gtest.h>
#include <nodecc/url.h>

#include <string>
#include <vector>

using nodecc::TypeError;
using nodecc::URL;
namespace url = nodecc::url;

namespace {

std::vector<std::string> partsOf(const URL& u) {
  return {u.href(),     u.origin(), u.protocol(), u.username(), u.password(), u.host(),
          u.hostname(), u.port(),   u.pathname(), u.search(),   u.hash()};
}

}  // namespace

TEST(Url, ParsesAndNormalizes) {
  URL u("HTTPS://User:Pa ss@EXAMPLE.com:443/a/./b/../c?q=1 2#f g");
  EXPECT_EQ(partsOf(u), (std::vector<std::string>{
                            "https://User:Pa%20ss@example.com/a/c?q=1%202#f%20g",
                            "https://example.com", "https:", "User", "Pa%20ss", "example.com",
                            "example.com", "", "/a/c", "?q=1%202", "#f%20g"}));
  EXPECT_EQ(u.toString(), u.href());
  EXPECT_EQ(u.toJSON(), u.href());
}

TEST(Url, ResolvesAgainstABase) {
  EXPECT_EQ(URL("../x?y#z", "http://h/a/b/c").href(), "http://h/a/x?y#z");
  URL base("http://h/a/b/c");
  EXPECT_EQ(URL("/root", base).href(), "http://h/root");
  EXPECT_EQ(URL("//other/p", base).href(), "http://other/p");
  EXPECT_EQ(URL("https:x", base).href(), "https://x/");
}

TEST(Url, Hosts) {
  EXPECT_EQ(URL("http://0x7f.1/").hostname(), "127.0.0.1");
  EXPECT_EQ(URL("http://2130706433/").hostname(), "127.0.0.1");
  EXPECT_EQ(URL("http://0177.0.0.1/").hostname(), "127.0.0.1");
  EXPECT_EQ(URL("http://[0:0:0:0:0:ffff:c0a8:101]/").host(), "[::ffff:c0a8:101]");
  EXPECT_EQ(URL("http://[2001:db8:0:0:1:0:0:1]/").host(), "[2001:db8::1:0:0:1]");
  EXPECT_EQ(URL("http://[::1.2.3.4]/").host(), "[::102:304]");
  EXPECT_EQ(URL("http://\xC3\x9C"
                "BER.de/")
                .host(),
            "xn--ber-goa.de");
  EXPECT_EQ(URL("sc://H%41/p q").host(), "H%41");  // an opaque host keeps its case
  EXPECT_EQ(URL("ws://x:80/").href(), "ws://x/");  // the default port is dropped
  EXPECT_FALSE(URL::canParse("http://1.2.3.4.5/"));
  EXPECT_FALSE(URL::canParse("http://256.0.0.1/"));
  EXPECT_FALSE(URL::canParse("http://[1::2::3]/"));
  EXPECT_FALSE(URL::canParse("http://a b/"));
  EXPECT_FALSE(URL::canParse("http://xn--a.com/"));
  EXPECT_FALSE(URL::canParse("http://x:65536/"));
}

TEST(Url, FileAndOpaqueUrls) {
  URL f("file:///C|/x/../y");
  EXPECT_EQ(f.href(), "file:///C:/y");
  EXPECT_EQ(f.origin(), "null");
  EXPECT_EQ(URL("file://localhost/etc").href(), "file:///etc");
  URL m("mailto:a@b?subject=hi");
  EXPECT_EQ(m.pathname(), "a@b");
  EXPECT_EQ(m.search(), "?subject=hi");
  EXPECT_EQ(URL("blob:https://a.com:8/x").origin(), "https://a.com:8");
}

TEST(Url, InvalidInputThrowsTypeErrorWithInputAndBase) {
  try {
    URL("x", "not a base");
    FAIL() << "no throw";
  } catch (const TypeError& e) {
    EXPECT_EQ(e.name, "TypeError");
    EXPECT_EQ(e.code, "ERR_INVALID_URL");
    EXPECT_EQ(e.message, "Invalid URL");
    EXPECT_EQ(e.path, "x");
    EXPECT_EQ(e.dest, "not a base");
  }
  EXPECT_THROW(URL("x"), TypeError);
  EXPECT_THROW(URL(""), TypeError);
}

TEST(Url, CanParseAndParse) {
  EXPECT_FALSE(URL::canParse("x"));
  EXPECT_TRUE(URL::canParse("x", "http://a/"));
  EXPECT_FALSE(URL::parse("x").has_value());
  EXPECT_EQ(URL::parse("x", "http://a/b")->href(), "http://a/x");
}

TEST(Url, Setters) {
  URL u("http://a/b");
  u.protocol("https");
  u.host("example.com:8080");
  u.pathname("/x y");
  u.search("a=1");
  u.hash("h");
  u.username("u@");
  u.password("p:");
  EXPECT_EQ(partsOf(u), (std::vector<std::string>{"https://u%40:p%3A@example.com:8080/x%20y?a=1#h",
                                                  "https://example.com:8080", "https:", "u%40",
                                                  "p%3A", "example.com:8080", "example.com", "8080",
                                                  "/x%20y", "?a=1", "#h"}));
}

TEST(Url, PortSetter) {
  URL u("http://a:81/b");
  u.port("80");
  EXPECT_EQ(u.href(), "http://a/b");
  u.port("8080x");
  EXPECT_EQ(u.href(), "http://a:8080/b");
  u.port(9090);
  EXPECT_EQ(u.port(), "9090");
  u.port("");
  EXPECT_EQ(u.href(), "http://a/b");
  u.port("99999");
  EXPECT_EQ(u.href(), "http://a/b");
}

TEST(Url, HostSetterRejectsWhatIsNotAHost) {
  URL u("http://a/b");
  u.hostname("c:1");  // a port is not a hostname: ignored
  EXPECT_EQ(u.href(), "http://a/b");
  u.host("d:99999");  // the host is taken, the bad port is not
  EXPECT_EQ(u.href(), "http://d/b");
  u.host("");
  EXPECT_EQ(u.href(), "http://d/b");
  u.host("bad host");
  EXPECT_EQ(u.href(), "http://d/b");
  u.host("::1");  // no host before the ':'
  EXPECT_EQ(u.href(), "http://d/b");
}

TEST(Url, ProtocolSetterKeepsSpecialness) {
  URL u("http://a/b");
  u.protocol("sc");
  EXPECT_EQ(u.protocol(), "http:");
  u.protocol("wss:ignored");
  EXPECT_EQ(u.href(), "wss://a/b");
}

TEST(Url, HrefSetterThrowsOnInvalidUrl) {
  URL u("http://a/");
  try {
    u.href("x");
    FAIL() << "no throw";
  } catch (const TypeError& e) {
    EXPECT_EQ(e.code, "ERR_INVALID_URL");
    EXPECT_EQ(e.path, "x");
  }
  EXPECT_EQ(u.href(), "http://a/");
  u.href("https://b/c?d");
  EXPECT_EQ(u.host(), "b");
}

TEST(Url, EmptyHashStripsTrailingSpacesOfAnOpaquePath) {
  URL u("data:a b #x");
  u.hash("");
  EXPECT_EQ(u.href(), "data:a b");
}

TEST(Url, FormatOptions) {
  URL u("https://u:p@xn--mnchen-3ya.de/p?q#f");
  url::URLFormatOptions o;
  o.unicode = true;
  o.auth = o.search = o.fragment = false;
  EXPECT_EQ(url::format(u, o), "https://m\xC3\xBCnchen.de/p");
  EXPECT_EQ(url::format(u), u.href());
}

TEST(Url, DomainToAsciiAndUnicode) {
  EXPECT_EQ(url::domainToASCII("\xC3\x9C"
                               "BER.de"),
            "xn--ber-goa.de");
  EXPECT_EQ(url::domainToASCII("xn--"), "");
  EXPECT_EQ(url::domainToASCII("0x7f.1"), "127.0.0.1");
  EXPECT_EQ(url::domainToUnicode("xn--mnchen-3ya.de"), "m\xC3\xBCnchen.de");
}

TEST(Url, CopiesAndMovesAreIndependent) {
  URL a("http://a/?x=1");
  URL b = a;
  b.searchParams().append("y", "2");
  EXPECT_EQ(a.href(), "http://a/?x=1");
  EXPECT_EQ(b.href(), "http://a/?x=1&y=2");
  URL c = std::move(b);
  c.searchParams().set("x", "9");
  EXPECT_EQ(c.href(), "http://a/?x=9&y=2");
  a = c;
  a.searchParams().remove("y");
  EXPECT_EQ(a.href(), "http://a/?x=9");
  EXPECT_EQ(c.href(), "http://a/?x=9&y=2");
}

TEST(Url, NodeccAliases) {
  nodecc::URL u("http://a/");
  nodecc::URLSearchParams p("a=1");
  EXPECT_EQ(u.host(), "a");
  EXPECT_EQ(p.get("a"), "1");
}

TEST(Url, HostileInputsStayBounded) {
  std::string dots = "http://h/";
  for (int i = 0; i < 100000; ++i) {
    dots += "../";
  }
  EXPECT_EQ(URL(dots + "x").href(), "http://h/x");
  std::string port = "http://h:" + std::string(10000, '0') + "81/";
  EXPECT_EQ(URL(port).port(), "81");
  EXPECT_FALSE(URL::canParse("http://h:" + std::string(10000, '9') + "/"));
  std::string labels;
  for (int i = 0; i < 10000; ++i) {
    labels += "a.";
  }
  EXPECT_TRUE(URL::canParse("http://" + labels + "com/"));
  std::string wide = "http://";
  for (int i = 0; i < 2000; ++i) {
    wide += "\xC3\xBC";  // ü: one 2000-code-point label for Punycode
  }
  EXPECT_TRUE(URL::canParse(wide + "/"));
  EXPECT_FALSE(URL::canParse("http://xn--" + std::string(5000, '9') + "/"));
  EXPECT_FALSE(URL::canParse("http://[" + std::string(10000, ':') + "]/"));
}
