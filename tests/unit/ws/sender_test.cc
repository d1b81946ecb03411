// Sender: frames as ws's Sender.frame lays them out, masked by a client only, fragmented
// messages as ws's send(data, {fin}), and read back by a Receiver of the other role.
#include "ws/sender.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "unit/ws/ws_test_util.h"

namespace nodecc::ws::core {
namespace {

using Events = std::vector<std::string>;

Events readAs(Role role, const std::string& wire) {
  Receiver r(role, {}, nullptr);
  return testing::feedPieces(r, wire, {});
}

TEST(Sender, ServerSendsUnmaskedFrames) {
  Sender s(Role::kServer, nullptr);
  std::string out;
  s.send(out, Opcode::kText, "Hello");
  EXPECT_EQ(out, std::string("\x81\x05Hello", 7));
  out.clear();
  s.send(out, Opcode::kBinary, std::string(300, 'b'));
  EXPECT_EQ(out.substr(0, 4), std::string("\x82\x7e\x01\x2c", 4));
  EXPECT_EQ(out.size(), 304u);
}

TEST(Sender, ClientMasksEachFrameWithAFreshKey) {
  Sender s(Role::kClient, nullptr);
  std::string a;
  std::string b;
  s.send(a, Opcode::kText, "Hello");
  s.send(b, Opcode::kText, "Hello");
  ASSERT_EQ(a.size(), 11u);
  EXPECT_EQ(static_cast<uint8_t>(a[1]), 0x85);
  EXPECT_NE(a.substr(2, 4), b.substr(2, 4));  // 2^-32 to fail by chance
  EXPECT_EQ(readAs(Role::kServer, a + b), (Events{"text Hello", "text Hello"}));
}

TEST(Sender, FragmentsAMessageAsWsSendWithFin) {
  Sender s(Role::kServer, nullptr);
  std::string out;
  s.send(out, Opcode::kText, "frag", false);
  EXPECT_TRUE(s.midMessage());
  s.ping(out, "between");
  s.send(out, Opcode::kBinary, "men", false);  // opcode ignored: a continuation
  s.send(out, Opcode::kText, "ted", true);
  EXPECT_FALSE(s.midMessage());
  EXPECT_EQ(out.substr(0, 2), std::string("\x01\x04", 2));
  EXPECT_EQ(readAs(Role::kClient, out), (Events{"ping between", "text fragmented"}));
}

TEST(Sender, SendsControlFrames) {
  Sender s(Role::kServer, nullptr);
  std::string out;
  s.ping(out, "");
  s.pong(out, "p");
  s.close(out, 1000, "bye");
  EXPECT_EQ(out, std::string("\x89\x00\x8a\x01p\x88\x05\x03\xe8"
                             "bye",
                             12));
  std::string empty;
  s.close(empty, 0, "");
  EXPECT_EQ(empty, std::string("\x88\x00", 2));
  for (Role role : {Role::kServer, Role::kClient}) {
    Sender t(role, nullptr);
    std::string wire;
    t.ping(wire, std::string(125, 'x'));
    t.close(wire, 4321, std::string(123, 'r'));
    const Role peer = role == Role::kServer ? Role::kClient : Role::kServer;
    EXPECT_EQ(readAs(peer, wire),
              (Events{"ping " + std::string(125, 'x'), "close 4321 " + std::string(123, 'r')}));
  }
}

TEST(SenderDeathTest, AbortsOnAnInvalidCloseCodeOrOversizedControlData) {
  Sender s(Role::kServer, nullptr);
  std::string out;
  EXPECT_DEATH(s.close(out, 1005, ""), "invalid close code");
  EXPECT_DEATH(s.close(out, 1000, std::string(124, 'r')), "over 123");
  EXPECT_DEATH(s.ping(out, std::string(126, 'p')), "over 125");
}

TEST(Sender, RoundTripsMessagesOfEveryLengthClassBothWays) {
  for (Role role : {Role::kServer, Role::kClient}) {
    Sender s(role, nullptr);
    std::string wire;
    Events expected;
    for (size_t n : {0, 1, 125, 126, 65535, 65536, 100000}) {
      std::string data(n, static_cast<char>('a' + n % 26));
      s.send(wire, Opcode::kBinary, data);
      expected.push_back("binary " + data);
    }
    EXPECT_EQ(readAs(role == Role::kServer ? Role::kClient : Role::kServer, wire), expected);
  }
}

}  // namespace
}  // namespace nodecc::ws::core
