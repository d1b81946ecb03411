// The Receiver and Sender with permessage-deflate negotiated: compressed messages whole,
// fragmented and split anywhere, RSV1's rules, the inflated size against maxPayload, inflate
// errors, and ws's rule for which messages the Sender compresses.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "unit/ws/ws_test_util.h"
#include "ws/deflate.h"
#include "ws/receiver.h"
#include "ws/sender.h"

namespace nodecc::ws::core {
namespace {

using testing::clientFrame;
using testing::feedPieces;
using testing::serverFrame;
using Events = std::vector<std::string>;

const std::string kHelloDeflated("\xf2\x48\xcd\xc9\xc9\x07\x00", 7);

Events serverReads(const std::string& wire, const DeflateParams& p = {}, const Limits& l = {}) {
  PerMessageDeflate d(Role::kServer, p, {});
  Receiver r(Role::kServer, l, &d);
  return feedPieces(r, wire, {});
}

TEST(ReceiverDeflate, InflatesACompressedMessage) {
  EXPECT_EQ(serverReads(clientFrame(0xc1, kHelloDeflated)), Events{"text Hello"});
  // Uncompressed messages still work with the extension negotiated.
  EXPECT_EQ(serverReads(clientFrame(0x81, "plain") + clientFrame(0xc2, kHelloDeflated)),
            (Events{"text plain", "binary Hello"}));
}

TEST(ReceiverDeflate, InflatesAFragmentedMessageWithControlFramesBetween) {
  // RFC 7692 §7.2.3.3's fragments, with a ping between.
  EXPECT_EQ(serverReads(clientFrame(0x41, kHelloDeflated.substr(0, 3)) + clientFrame(0x89, "p") +
                        clientFrame(0x80, kHelloDeflated.substr(3))),
            (Events{"ping p", "text Hello"}));
}

TEST(ReceiverDeflate, RefusesRsv1OnContinuationAndControlFrames) {
  const std::string rsv1 =
      "error 1002 Invalid WebSocket frame: RSV1 must be clear WS_ERR_UNEXPECTED_RSV_1";
  EXPECT_EQ(serverReads(clientFrame(0x41, "\xf2") + clientFrame(0xc0, "\x48")), Events{rsv1});
  EXPECT_EQ(serverReads(clientFrame(0xc9, "")), Events{rsv1});
}

TEST(ReceiverDeflate, AppliesMaxPayloadToTheInflatedSize) {
  PerMessageDeflate c(Role::kClient, {}, {});
  std::string bomb;
  c.compress(std::string(10 << 20, 'a'), true, bomb);
  Limits l;
  l.maxPayload = 1 << 20;
  EXPECT_EQ(serverReads(clientFrame(0xc2, bomb), {}, l),
            Events{"error 1009 Max payload size exceeded WS_ERR_UNSUPPORTED_MESSAGE_LENGTH"});
  PerMessageDeflate d(Role::kServer, {}, {});
  Receiver r(Role::kServer, l, &d);
  feedPieces(r, clientFrame(0xc2, bomb), {});
  EXPECT_EQ(r.bufferedBytes(), 0u);  // released once stopped
}

TEST(ReceiverDeflate, ReportsInflateErrorsWithCode1007) {
  EXPECT_EQ(serverReads(clientFrame(0xc1, "\xff")),
            Events{"error 1007 invalid block type Z_DATA_ERROR"});
}

TEST(ReceiverDeflate, ChecksTheUtf8OfInflatedText) {
  PerMessageDeflate c(Role::kClient, {}, {});
  std::string bad;
  c.compress("ok \xc0\xaf", true, bad);
  EXPECT_EQ(serverReads(clientFrame(0xc1, bad)),
            Events{"error 1007 Invalid WebSocket frame: invalid UTF-8 sequence "
                   "WS_ERR_INVALID_UTF8"});
}

TEST(ReceiverDeflate, ReportsBadTextBeforeTheCorruptionThatFollowsItHoweverSplit) {
  // Found by fuzz-ws_frame: whole, the inflate error came first; byte by byte, the UTF-8 error
  // of what inflated before it. Both now report the UTF-8 error.
  PerMessageDeflate c(Role::kClient, {}, {});
  std::string payload;
  c.compress("ok \xff", false, payload);
  payload += "\xff";
  const std::string wire = clientFrame(0xc1, payload);
  const Events expected{
      "error 1007 Invalid WebSocket frame: invalid UTF-8 sequence WS_ERR_INVALID_UTF8"};
  EXPECT_EQ(serverReads(wire), expected);
  std::vector<size_t> everyByte;
  for (size_t i = 1; i < wire.size(); ++i) {
    everyByte.push_back(i);
  }
  PerMessageDeflate d(Role::kServer, {}, {});
  Receiver r(Role::kServer, {}, &d);
  EXPECT_EQ(feedPieces(r, wire, everyByte), expected);
}

// A client's compressed stream: messages large and small, fragmented, with control frames.
std::string compressedStream(const DeflateParams& p) {
  PerMessageDeflate d(Role::kClient, p, {});
  Sender s(Role::kClient, &d);
  std::string wire;
  s.send(wire, Opcode::kText, std::string(3000, 'a') + "end");
  s.send(wire, Opcode::kBinary, "small");
  s.send(wire, Opcode::kText, "fragmented ", false);
  s.ping(wire, "between");
  s.send(wire, Opcode::kText, std::string(2000, 'b'), false);
  s.send(wire, Opcode::kText, " message", true);
  s.send(wire, Opcode::kBinary, std::string(5000, 'c'), true, false);  // compress: false
  s.send(wire, Opcode::kText, "κόσμε κόσμε κόσμε", true);
  s.close(wire, 1000, "done");
  return wire;
}

TEST(ReceiverDeflate, GivesTheSameEventsWhenSplitAtAnyByte) {
  for (int mask = 0; mask < 4; ++mask) {
    DeflateParams p;
    p.serverNoContextTakeover = (mask & 1) != 0;
    p.clientNoContextTakeover = (mask & 2) != 0;
    const std::string wire = compressedStream(p);
    const Events expected = serverReads(wire, p);
    ASSERT_EQ(expected.size(), 7u) << mask;
    EXPECT_EQ(expected[0], "text " + std::string(3000, 'a') + "end");
    EXPECT_EQ(expected[2], "ping between");
    EXPECT_EQ(expected[3], "text fragmented " + std::string(2000, 'b') + " message");
    EXPECT_EQ(expected[6], "close 1000 done");
    for (size_t cut = 1; cut < wire.size(); ++cut) {
      PerMessageDeflate d(Role::kServer, p, {});
      Receiver r(Role::kServer, {}, &d);
      ASSERT_EQ(feedPieces(r, wire, {cut}), expected) << mask << " " << cut;
    }
    std::vector<size_t> everyByte;
    for (size_t i = 1; i < wire.size(); ++i) {
      everyByte.push_back(i);
    }
    PerMessageDeflate d(Role::kServer, p, {});
    Receiver r(Role::kServer, {}, &d);
    EXPECT_EQ(feedPieces(r, wire, everyByte), expected) << mask;
  }
}

bool firstFrameCompressed(const std::string& wire) {
  return (static_cast<uint8_t>(wire[0]) & 0x40) != 0;
}

TEST(SenderDeflate, AppliesTheThresholdOnlyWhenItsContextIsDroppedPerMessage) {
  DeflateParams reset;
  reset.serverNoContextTakeover = true;
  PerMessageDeflate d(Role::kServer, reset, {});
  Sender s(Role::kServer, &d);
  std::string small;
  std::string large;
  s.send(small, Opcode::kText, std::string(1023, 'x'));
  s.send(large, Opcode::kText, std::string(1024, 'x'));
  EXPECT_FALSE(firstFrameCompressed(small));
  EXPECT_TRUE(firstFrameCompressed(large));
  // With the context kept ws compresses every size.
  PerMessageDeflate k(Role::kServer, {}, {});
  Sender t(Role::kServer, &k);
  std::string tiny;
  t.send(tiny, Opcode::kText, "hi");
  EXPECT_TRUE(firstFrameCompressed(tiny));
  std::string plain;
  t.send(plain, Opcode::kText, "hi", true, false);
  EXPECT_FALSE(firstFrameCompressed(plain));
  PerMessageDeflate reader(Role::kClient, {}, {});
  Receiver r(Role::kClient, {}, &reader);
  EXPECT_EQ(feedPieces(r, tiny + plain, {}), (Events{"text hi", "text hi"}));
}

TEST(SenderDeflate, KeepsTheFirstFramesDecisionForTheWholeMessage) {
  PerMessageDeflate d(Role::kServer, {}, {});
  Sender s(Role::kServer, &d);
  std::string first;
  std::string rest;
  s.send(first, Opcode::kBinary, "abc", false);
  s.send(rest, Opcode::kBinary, "def", true);
  EXPECT_EQ(static_cast<uint8_t>(first[0]), 0x42);  // RSV1, binary, not FIN
  EXPECT_EQ(static_cast<uint8_t>(rest[0]), 0x80);   // FIN continuation, RSV1 clear
  PerMessageDeflate reader(Role::kClient, {}, {});
  Receiver r(Role::kClient, {}, &reader);
  EXPECT_EQ(feedPieces(r, first + rest, {}), Events{"binary abcdef"});
}

}  // namespace
}  // namespace nodecc::ws::core
