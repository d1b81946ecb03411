// The handshake's accept key (RFC 6455 §1.3), key syntax and Sec-WebSocket-Protocol parsing as
// ws's subprotocol.parse.
#include "ws/handshake.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace nodecc::ws::core {
namespace {

TEST(Handshake, ComputesRfc6455sAcceptKeyExample) {
  EXPECT_EQ(acceptKey("dGhlIHNhbXBsZSBub25jZQ=="), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
}

TEST(Handshake, AcceptsOnlyKeysOf22Base64CharactersAndTwoPads) {
  EXPECT_TRUE(isValidKey("dGhlIHNhbXBsZSBub25jZQ=="));
  EXPECT_TRUE(isValidKey("+/+/+/+/+/+/+/+/+/+/+/=="));
  EXPECT_FALSE(isValidKey(""));
  EXPECT_FALSE(isValidKey("dGhlIHNhbXBsZSBub25jZQ="));
  EXPECT_FALSE(isValidKey("dGhlIHNhbXBsZSBub25jZQ==="));
  EXPECT_FALSE(isValidKey("dGhlIHNhbXBsZSBub25jZ==="));
  EXPECT_FALSE(isValidKey("dGhlIHNhbXBsZSBub25jZ-=="));
  EXPECT_FALSE(isValidKey(" GhlIHNhbXBsZSBub25jZQ=="));
}

TEST(Handshake, MakesFreshValidClientKeys) {
  const std::string a = makeClientKey();
  const std::string b = makeClientKey();
  EXPECT_TRUE(isValidKey(a)) << a;
  EXPECT_TRUE(isValidKey(b)) << b;
  EXPECT_NE(a, b);
}

std::vector<std::string_view> protocols(std::string_view header, bool* ok) {
  std::vector<std::string_view> out;
  *ok = parseProtocols(header, out);
  return out;
}

TEST(Handshake, ParsesProtocolListsAsWs) {
  bool ok = false;
  EXPECT_EQ(protocols("chat", &ok), std::vector<std::string_view>{"chat"});
  EXPECT_TRUE(ok);
  EXPECT_EQ(protocols("chat, superchat", &ok),
            (std::vector<std::string_view>{"chat", "superchat"}));
  EXPECT_TRUE(ok);
  EXPECT_EQ(protocols("a ,\tb  ,c", &ok), (std::vector<std::string_view>{"a", "b", "c"}));
  EXPECT_TRUE(ok);
}

TEST(Handshake, RejectsProtocolListsWsRejects) {
  bool ok = true;
  for (std::string_view bad : {"", " chat", "chat,", ",chat", "chat,,b", "chat ", "a b", "a;b",
                               "chat, chat", "a,b,a", "\"q\""}) {
    protocols(bad, &ok);
    EXPECT_FALSE(ok) << '"' << bad << '"';
  }
}

}  // namespace
}  // namespace nodecc::ws::core
