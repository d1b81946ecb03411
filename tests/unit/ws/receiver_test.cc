// Receiver: messages, fragmentation, control frames, and every protocol violation with ws's
// close code, message and error code (ws 8's lib/receiver.js is the oracle); feeding split at
// every byte gives the same events as feeding whole.
#include "ws/receiver.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "unit/ws/ws_test_util.h"

namespace nodecc::ws::core {
namespace {

using testing::clientFrame;
using testing::feedPieces;
using testing::Recorder;
using testing::serverFrame;

std::vector<std::string> serverReads(std::string wire, const Limits& limits = {}) {
  Receiver r(Role::kServer, limits, nullptr);
  return feedPieces(r, std::move(wire), {});
}

std::vector<std::string> clientReads(std::string wire, const Limits& limits = {}) {
  Receiver r(Role::kClient, limits, nullptr);
  return feedPieces(r, std::move(wire), {});
}

using Events = std::vector<std::string>;

TEST(Receiver, DeliversRfc6455sMaskedHelloInPlace) {
  std::string wire("\x81\x85\x37\xfa\x21\x3d\x7f\x9f\x4d\x51\x58", 11);
  Receiver r(Role::kServer, {}, nullptr);
  Recorder rec;
  r.feed(wire.data(), wire.size(), rec);
  EXPECT_EQ(rec.events, Events{"text Hello"});
  EXPECT_EQ(rec.lastData, wire.data() + 6);  // a view into the fed bytes, unmasked there
  EXPECT_EQ(r.bufferedBytes(), 0u);
}

TEST(Receiver, ClientReadsUnmaskedFrames) {
  EXPECT_EQ(clientReads(std::string("\x81\x05Hello", 7)), Events{"text Hello"});
  EXPECT_EQ(clientReads(serverFrame(0x82, std::string("\0\1\2", 3))),
            Events{std::string("binary \0\1\2", 10)});
}

TEST(Receiver, AssemblesRfc6455sFragmentedHello) {
  EXPECT_EQ(clientReads(std::string("\x01\x03Hel\x80\x02lo", 9)), Events{"text Hello"});
}

TEST(Receiver, ReadsSixteenAndSixtyFourBitLengths) {
  const std::string medium(300, 'm');
  const std::string large(70000, 'L');
  EXPECT_EQ(serverReads(clientFrame(0x82, medium)), Events{"binary " + medium});
  EXPECT_EQ(serverReads(clientFrame(0x82, large)), Events{"binary " + large});
}

TEST(Receiver, DeliversEmptyMessagesAndControlFrames) {
  EXPECT_EQ(serverReads(clientFrame(0x81, "") + clientFrame(0x89, "") + clientFrame(0x8a, "p")),
            (Events{"text ", "ping ", "pong p"}));
}

TEST(Receiver, HandlesControlFramesBetweenFragments) {
  const std::string wire = clientFrame(0x01, "frag") + clientFrame(0x89, "ping!") +
                           clientFrame(0x00, "ment") + clientFrame(0x8a, "pong!") +
                           clientFrame(0x80, "ed");
  EXPECT_EQ(serverReads(wire), (Events{"ping ping!", "pong pong!", "text fragmented"}));
}

TEST(Receiver, ReportsCloseWithAndWithoutACodeThenIgnoresInput) {
  EXPECT_EQ(serverReads(clientFrame(0x88, "") + clientFrame(0x81, "late")), Events{"close 1005 "});
  EXPECT_EQ(serverReads(clientFrame(0x88,
                                    "\x03\xe8"
                                    "bye") +
                        clientFrame(0x81, "late")),
            Events{"close 1000 bye"});
  EXPECT_EQ(serverReads(clientFrame(0x88, "\x0f\xa0")), Events{"close 4000 "});
}

// ws's createError for each violation: "error <close code> <message> <err.code>".
struct Violation {
  const char* name;
  Role role;
  std::string wire;
  std::string expected;
  Limits limits;
};

std::vector<Violation> violations() {
  const std::string prefix = "Invalid WebSocket frame: ";
  const std::string rsv1 = "error 1002 " + prefix + "RSV1 must be clear WS_ERR_UNEXPECTED_RSV_1";
  Limits small;
  small.maxPayload = 10;
  Limits fewFragments;
  fewFragments.maxFragments = 3;
  return {
      {"Rsv2",
       Role::kServer,
       clientFrame(0xa1, "x"),
       "error 1002 " + prefix + "RSV2 and RSV3 must be clear WS_ERR_UNEXPECTED_RSV_2_3",
       {}},
      {"Rsv3",
       Role::kServer,
       clientFrame(0x91, "x"),
       "error 1002 " + prefix + "RSV2 and RSV3 must be clear WS_ERR_UNEXPECTED_RSV_2_3",
       {}},
      {"Rsv1WithoutDeflate", Role::kServer, clientFrame(0xc1, "x"), rsv1, {}},
      {"Rsv1OnControlWithoutDeflate", Role::kServer, clientFrame(0xc9, ""), rsv1, {}},
      {"ReservedDataOpcode",
       Role::kServer,
       clientFrame(0x83, "x"),
       "error 1002 " + prefix + "invalid opcode 3 WS_ERR_INVALID_OPCODE",
       {}},
      {"ReservedControlOpcode",
       Role::kServer,
       clientFrame(0x8b, "x"),
       "error 1002 " + prefix + "invalid opcode 11 WS_ERR_INVALID_OPCODE",
       {}},
      {"ContinuationWithoutStart",
       Role::kServer,
       clientFrame(0x80, "x"),
       "error 1002 " + prefix + "invalid opcode 0 WS_ERR_INVALID_OPCODE",
       {}},
      {"NewMessageInsideFragmented",
       Role::kServer,
       clientFrame(0x01, "a") + clientFrame(0x82, "b"),
       "error 1002 " + prefix + "invalid opcode 2 WS_ERR_INVALID_OPCODE",
       {}},
      {"FragmentedControl",
       Role::kServer,
       clientFrame(0x09, "x"),
       "error 1002 " + prefix + "FIN must be set WS_ERR_EXPECTED_FIN",
       {}},
      {"LongControl",
       Role::kServer,
       clientFrame(0x89, std::string(126, 'p')),
       "error 1002 " + prefix + "invalid payload length 126 WS_ERR_INVALID_CONTROL_PAYLOAD_LENGTH",
       {}},
      {"CloseOfLengthOne",
       Role::kServer,
       clientFrame(0x88, "x"),
       "error 1002 " + prefix + "invalid payload length 1 WS_ERR_INVALID_CONTROL_PAYLOAD_LENGTH",
       {}},
      {"UnmaskedToServer",
       Role::kServer,
       serverFrame(0x81, "x"),
       "error 1002 " + prefix + "MASK must be set WS_ERR_EXPECTED_MASK",
       {}},
      {"MaskedToClient",
       Role::kClient,
       clientFrame(0x81, "x"),
       "error 1002 " + prefix + "MASK must be clear WS_ERR_UNEXPECTED_MASK",
       {}},
      {"LengthPast2To53",
       Role::kClient,
       std::string("\x82\x7f\x80\0\0\0\0\0\0\0", 10),
       "error 1009 Unsupported WebSocket frame: payload length > 2^53 - 1 "
       "WS_ERR_UNSUPPORTED_DATA_PAYLOAD_LENGTH",
       {}},
      {"FrameOverMaxPayload", Role::kServer, clientFrame(0x82, std::string(11, 'x')),
       "error 1009 Max payload size exceeded WS_ERR_UNSUPPORTED_MESSAGE_LENGTH", small},
      {"MessageOverMaxPayload", Role::kServer,
       clientFrame(0x02, std::string(6, 'x')) + clientFrame(0x80, std::string(6, 'x')),
       "error 1009 Max payload size exceeded WS_ERR_UNSUPPORTED_MESSAGE_LENGTH", small},
      {"TooManyFragments", Role::kServer,
       clientFrame(0x01, "a") + clientFrame(0x00, "b") + clientFrame(0x00, "") +
           clientFrame(0x80, "d"),
       "error 1008 Too many message fragments WS_ERR_TOO_MANY_BUFFERED_PARTS", fewFragments},
      {"InvalidUtf8Text",
       Role::kServer,
       clientFrame(0x81, "ab\xff"),
       "error 1007 " + prefix + "invalid UTF-8 sequence WS_ERR_INVALID_UTF8",
       {}},
      {"TruncatedUtf8AtMessageEnd",
       Role::kServer,
       clientFrame(0x01, "ab") + clientFrame(0x80, "\xe2\x82"),
       "error 1007 " + prefix + "invalid UTF-8 sequence WS_ERR_INVALID_UTF8",
       {}},
      {"ReservedCloseCode",
       Role::kServer,
       clientFrame(0x88, "\x03\xed"),
       "error 1002 " + prefix + "invalid status code 1005 WS_ERR_INVALID_CLOSE_CODE",
       {}},
      {"CloseCodeBelow1000",
       Role::kServer,
       clientFrame(0x88, "\x03\xe7"),
       "error 1002 " + prefix + "invalid status code 999 WS_ERR_INVALID_CLOSE_CODE",
       {}},
      {"CloseCode5000",
       Role::kServer,
       clientFrame(0x88, "\x13\x88"),
       "error 1002 " + prefix + "invalid status code 5000 WS_ERR_INVALID_CLOSE_CODE",
       {}},
      {"InvalidUtf8CloseReason",
       Role::kServer,
       clientFrame(0x88, "\x03\xe8\xc0\xaf"),
       "error 1007 " + prefix + "invalid UTF-8 sequence WS_ERR_INVALID_UTF8",
       {}},
  };
}

TEST(Receiver, ReportsEachViolationWithWsCodeAndMessageThenStops) {
  for (const Violation& v : violations()) {
    Receiver r(v.role, v.limits, nullptr);
    // A valid frame after the bad one must not be read.
    const std::string after =
        v.role == Role::kServer ? clientFrame(0x81, "after") : serverFrame(0x81, "after");
    EXPECT_EQ(feedPieces(r, v.wire + after, {}), Events{v.expected}) << v.name;
    EXPECT_TRUE(r.stopped()) << v.name;
  }
}

TEST(Receiver, ReportsEachViolationTheSameWhenFedByteByByte) {
  for (const Violation& v : violations()) {
    Receiver r(v.role, v.limits, nullptr);
    std::vector<size_t> cuts;
    for (size_t i = 1; i < v.wire.size(); ++i) {
      cuts.push_back(i);
    }
    EXPECT_EQ(feedPieces(r, v.wire, cuts), Events{v.expected}) << v.name;
  }
}

TEST(Receiver, FailsFastOnTheFirstInvalidFragment) {
  // The message never ends: the bad first fragment is reported without waiting for it.
  EXPECT_EQ(serverReads(clientFrame(0x01, "\xce\xba\xed\xa0\x80")),
            Events{"error 1007 Invalid WebSocket frame: invalid UTF-8 sequence "
                   "WS_ERR_INVALID_UTF8"});
  // Even before the fragment's own end.
  Receiver r(Role::kServer, {}, nullptr);
  const std::string frame = clientFrame(0x01, "ok\xff" + std::string(100, 'x'));
  EXPECT_EQ(feedPieces(r, frame.substr(0, 12), {}),
            Events{"error 1007 Invalid WebSocket frame: invalid UTF-8 sequence "
                   "WS_ERR_INVALID_UTF8"});
}

TEST(Receiver, AcceptsACharacterSplitAcrossFragments) {
  EXPECT_EQ(serverReads(clientFrame(0x01, "\xe2") + clientFrame(0x00, "\x82") +
                        clientFrame(0x80, "\xac")),
            Events{"text \xe2\x82\xac"});
}

TEST(Receiver, LimitsDoNotApplyWhenZero) {
  Limits none;
  none.maxPayload = 0;
  none.maxFragments = 0;
  std::string wire = clientFrame(0x02, "a");
  for (int i = 0; i < 20; ++i) {
    wire += clientFrame(0x00, "b");
  }
  wire += clientFrame(0x80, "c");
  EXPECT_EQ(serverReads(wire, none), Events{"binary a" + std::string(20, 'b') + "c"});
}

TEST(Receiver, SkipsUtf8ValidationWhenAskedAsWsOption) {
  Limits skip;
  skip.skipUtf8Validation = true;
  EXPECT_EQ(serverReads(clientFrame(0x81, "\xff") + clientFrame(0x01, "\xc0") +
                            clientFrame(0x80, "\xaf") + clientFrame(0x88, "\x03\xe8\xff"),
                        skip),
            (Events{"text \xff", "text \xc0\xaf", "close 1000 \xff"}));
}

TEST(Receiver, ControlFramesDoNotCountTowardsMaxPayload) {
  Limits small;
  small.maxPayload = 4;
  EXPECT_EQ(serverReads(
                clientFrame(0x01, "ab") + clientFrame(0x89, "0123456789") + clientFrame(0x80, "cd"),
                small),
            (Events{"ping 0123456789", "text abcd"}));
}

// A stream that exercises every path: small and large frames, fragments with control frames
// between them, an empty message, a close.
std::string mixedStream(bool masked) {
  auto f = [&](uint8_t b0, std::string_view payload) {
    return testing::rawFrame(b0, payload, masked);
  };
  return f(0x81, "hello") + f(0x82, std::string(200, '\x05')) + f(0x01, "κό") + f(0x89, "p") +
         f(0x00, "σμ") + f(0x8a, "") + f(0x80, "ε") + f(0x81, "") +
         f(0x82, std::string(70000, 'z')) + f(0x02, "x") + f(0x80, "y") + f(0x88, "\x03\xe9going");
}

TEST(Receiver, GivesTheSameEventsWhenSplitAtAnyByte) {
  for (Role role : {Role::kServer, Role::kClient}) {
    const std::string wire = mixedStream(role == Role::kServer);
    Receiver whole(role, {}, nullptr);
    const Events expected = feedPieces(whole, wire, {});
    ASSERT_EQ(expected.size(), 9u);
    EXPECT_EQ(expected.back(), "close 1001 going");
    // Every two-piece split, and every three-piece split around the frames' boundaries.
    for (size_t cut = 1; cut < wire.size(); cut += cut < 400 || cut > wire.size() - 400 ? 1 : 997) {
      Receiver r(role, {}, nullptr);
      ASSERT_EQ(feedPieces(r, wire, {cut}), expected) << cut;
    }
    for (size_t a = 1; a < 300; a += 3) {
      for (size_t b = a + 1; b < 320; b += 5) {
        Receiver r(role, {}, nullptr);
        ASSERT_EQ(feedPieces(r, wire, {a, b}), expected) << a << " " << b;
      }
    }
  }
}

TEST(Receiver, GivesTheSameEventsWhenFedByteByByte) {
  const std::string wire = mixedStream(true);
  Receiver whole(Role::kServer, {}, nullptr);
  const Events expected = feedPieces(whole, wire, {});
  std::vector<size_t> cuts;
  for (size_t i = 1; i < wire.size(); ++i) {
    cuts.push_back(i);
  }
  Receiver r(Role::kServer, {}, nullptr);
  EXPECT_EQ(feedPieces(r, wire, cuts), expected);
}

TEST(Receiver, HoldsOnlyThePartialFrameAndReleasesLargeBuffers) {
  Receiver r(Role::kServer, {}, nullptr);
  Recorder rec;
  std::string head = clientFrame(0x82, std::string(100, 'a')).substr(0, 5);  // partial header
  r.feed(head.data(), head.size(), rec);
  EXPECT_EQ(r.bufferedBytes(), 5u);
  Receiver big(Role::kServer, {}, nullptr);
  std::string wire = clientFrame(0x82, std::string(200000, 'b'));
  std::string first = wire.substr(0, 1000);
  std::string rest = wire.substr(1000);
  big.feed(first.data(), first.size(), rec);
  EXPECT_GE(big.bufferedBytes(), 1000u - 14u);
  big.feed(rest.data(), rest.size(), rec);
  ASSERT_EQ(rec.events.size(), 1u);
  EXPECT_EQ(rec.events[0].size(), 7u + 200000u);
  EXPECT_EQ(big.bufferedBytes(), 0u);  // the 200 KB buffer was not kept
}

TEST(Receiver, HoldsNoBufferBetweenFragmentedMessages) {
  // The assembly buffer is the thread's, lent for a message and given back after it: an idle
  // connection holds none (alloc_test checks that a steady stream allocates nothing).
  Receiver r(Role::kServer, {}, nullptr);
  Recorder rec;
  std::string wire =
      clientFrame(0x01, std::string(100, 'a')) + clientFrame(0x80, std::string(100, 'b'));
  std::string first = clientFrame(0x01, std::string(100, 'a'));
  r.feed(first.data(), first.size(), rec);
  EXPECT_GT(r.bufferedBytes(), 0u);  // mid-message: the buffer is held
  std::string last = clientFrame(0x80, std::string(100, 'b'));
  r.feed(last.data(), last.size(), rec);
  EXPECT_EQ(r.bufferedBytes(), 0u);
  for (int i = 0; i < 10; ++i) {
    std::string copy = wire;
    r.feed(copy.data(), copy.size(), rec);
    EXPECT_EQ(r.bufferedBytes(), 0u);
  }
  EXPECT_EQ(rec.events.size(), 11u);
}

// Throws from onMessage for messages starting with '!', as a listener of the API layer may.
class ThrowingRecorder : public Recorder {
 public:
  void onMessage(std::string_view data, bool binary) override {
    Recorder::onMessage(data, binary);
    if (!data.empty() && data[0] == '!') {
      throw std::runtime_error("listener threw");
    }
  }
};

TEST(Receiver, KeepsItsPlaceWhenACallbackThrows) {
  const std::string tail = clientFrame(0x81, "fourth, split across reads");
  std::string wire = clientFrame(0x81, "first") + clientFrame(0x01, "!sec") +
                     clientFrame(0x89, "between") + clientFrame(0x80, "ond") +
                     clientFrame(0x81, "third") + tail.substr(0, 9);
  std::string rest = tail.substr(9);
  Receiver r(Role::kServer, {}, nullptr);
  ThrowingRecorder rec;
  EXPECT_THROW(r.feed(wire.data(), wire.size(), rec), std::runtime_error);
  EXPECT_EQ(rec.events, (Events{"text first", "ping between", "text !second"}));
  // What followed the throwing frame is parsed on resume, once, and the assembly buffer was
  // emptied despite the throw.
  r.feed(nullptr, 0, rec);
  r.feed(rest.data(), rest.size(), rec);
  EXPECT_EQ(rec.events, (Events{"text first", "ping between", "text !second", "text third",
                                "text fourth, split across reads"}));
  std::string again = clientFrame(0x01, "frag") + clientFrame(0x80, "ment");
  r.feed(again.data(), again.size(), rec);
  EXPECT_EQ(rec.events.back(), "text fragment");
}

TEST(Receiver, ParsesBytesLeftByAThrowBeforeTheNextRead) {
  std::string wire = clientFrame(0x82, "!boom") + clientFrame(0x82, "after");
  std::string next = clientFrame(0x82, "next read");
  Receiver r(Role::kServer, {}, nullptr);
  ThrowingRecorder rec;
  EXPECT_THROW(r.feed(wire.data(), wire.size(), rec), std::runtime_error);
  EXPECT_GT(r.bufferedBytes(), 0u);
  r.feed(next.data(), next.size(), rec);
  EXPECT_EQ(rec.events, (Events{"binary !boom", "binary after", "binary next read"}));
}

TEST(Receiver, SaysWhichErrorsWsRaisesAsRangeError) {
  EXPECT_TRUE(Receiver::isRangeError("WS_ERR_INVALID_OPCODE"));
  EXPECT_TRUE(Receiver::isRangeError("WS_ERR_UNSUPPORTED_MESSAGE_LENGTH"));
  EXPECT_FALSE(Receiver::isRangeError("WS_ERR_INVALID_UTF8"));
  EXPECT_FALSE(Receiver::isRangeError("Z_DATA_ERROR"));
}

}  // namespace
}  // namespace nodecc::ws::core
