// Steady state allocates nothing: a counting operator new around thousands of echoed messages
// (whole 32-byte frames, fragmented messages split across reads, control frames between
// fragments, compressed messages with and without context takeover). zlib allocates with
// malloc, and only when a stream is made: the shared streams once per thread, a connection's
// own once per connection, all during the warm-up.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

#include "unit/ws/ws_test_util.h"
#include "ws/deflate.h"
#include "ws/receiver.h"
#include "ws/sender.h"

namespace {
std::atomic<uint64_t> gAllocations{0};
}  // namespace

void* operator new(size_t n) {
  gAllocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n == 0 ? 1 : n)) {
    return p;
  }
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, size_t) noexcept {
  std::free(p);
}

namespace nodecc::ws::core {
namespace {

// Echoes every message, ping and pong back through the sender: the echo server's whole work.
class Echo : public Receiver::Handler {
 public:
  Echo(Sender& sender, std::string& out) : sender_(sender), out_(out) {}
  size_t messages = 0;
  void onMessage(std::string_view data, bool binary) override {
    ++messages;
    sender_.send(out_, binary ? Opcode::kBinary : Opcode::kText, data);
  }
  void onPing(std::string_view data) override { sender_.pong(out_, data); }
  void onPong(std::string_view) override {}
  void onClose(uint16_t, std::string_view) override {}
  void onError(uint16_t, std::string_view, std::string_view) override {}

 private:
  Sender& sender_;
  std::string& out_;
};

// Feeds `wire` in reads of `readSize` bytes from a reused buffer, `rounds` times; returns the
// allocations made after the first two rounds (the warm-up).
uint64_t steadyAllocations(Receiver& r, Echo& echo, std::string& out, const std::string& wire,
                           size_t readSize, int rounds) {
  std::string buffer(wire.size(), '\0');
  uint64_t before = 0;
  for (int round = 0; round < rounds; ++round) {
    if (round == 2) {
      before = gAllocations.load();
    }
    std::memcpy(buffer.data(), wire.data(), wire.size());
    out.clear();
    for (size_t at = 0; at < buffer.size(); at += readSize) {
      r.feed(buffer.data() + at, std::min(readSize, buffer.size() - at), echo);
    }
  }
  return gAllocations.load() - before;
}

TEST(WsAllocations, EchoingWholeSmallFramesAllocatesNothing) {
  std::string wire;
  for (int i = 0; i < 1000; ++i) {
    wire += testing::clientFrame(0x81, std::string(32, 'a' + i % 26));
  }
  Receiver r(Role::kServer, {}, nullptr);
  Sender s(Role::kServer, nullptr);
  std::string out;
  Echo echo(s, out);
  EXPECT_EQ(steadyAllocations(r, echo, out, wire, 16 * 1024, 10), 0u);
  EXPECT_EQ(echo.messages, 10000u);
}

TEST(WsAllocations, FragmentsSplitReadsAndControlFramesAllocateNothing) {
  std::string wire;
  for (int i = 0; i < 200; ++i) {
    wire += testing::clientFrame(0x01, std::string(300, 'x')) + testing::clientFrame(0x89, "p") +
            testing::clientFrame(0x80, std::string(200, 'y')) +
            testing::clientFrame(0x82, std::string(1000, 'z'));
  }
  Receiver r(Role::kServer, {}, nullptr);
  Sender s(Role::kServer, nullptr);
  std::string out;
  Echo echo(s, out);
  EXPECT_EQ(steadyAllocations(r, echo, out, wire, 97, 6), 0u);  // 97: frames straddle reads
  EXPECT_EQ(echo.messages, 6 * 400u);
}

TEST(WsAllocations, AClientMaskingItsFramesAllocatesNothing) {
  std::string wire;
  for (int i = 0; i < 1000; ++i) {
    wire += testing::serverFrame(0x82, std::string(64, 'b'));
  }
  Receiver r(Role::kClient, {}, nullptr);
  Sender s(Role::kClient, nullptr);
  std::string out;
  Echo echo(s, out);
  EXPECT_EQ(steadyAllocations(r, echo, out, wire, 4096, 6), 0u);
}

TEST(WsAllocations, CompressedMessagesAllocateNothingWithOrWithoutContextTakeover) {
  for (bool takeover : {false, true}) {
    DeflateParams p;
    p.serverNoContextTakeover = !takeover;
    p.clientNoContextTakeover = !takeover;
    DeflateOptions o;
    o.threshold = 0;  // compress the small ones too
    PerMessageDeflate client(Role::kClient, p, o);
    Sender clientSender(Role::kClient, &client);
    std::string wire;
    for (int i = 0; i < 300; ++i) {
      clientSender.send(wire, Opcode::kText,
                        "a compressible message, message " + std::to_string(i));
    }
    PerMessageDeflate server(Role::kServer, p, o);
    Receiver r(Role::kServer, {}, &server);
    Sender s(Role::kServer, &server);
    std::string out;
    Echo echo(s, out);
    if (takeover) {
      // The client's context runs across messages: the same bytes cannot be fed twice. Feed
      // half as warm-up, count the other half.
      std::string first = wire.substr(0, wire.size() / 2);
      std::string second = wire.substr(wire.size() / 2);
      r.feed(first.data(), first.size(), echo);
      out.clear();
      const uint64_t before = gAllocations.load();
      r.feed(second.data(), second.size(), echo);
      EXPECT_EQ(gAllocations.load() - before, 0u) << "takeover";
    } else {
      EXPECT_EQ(steadyAllocations(r, echo, out, wire, 8192, 6), 0u) << "no takeover";
    }
  }
}

TEST(WsAllocations, AStalledCompressedMessageCostsOthersNoAllocations) {
  DeflateParams p;
  p.serverNoContextTakeover = true;
  p.clientNoContextTakeover = true;
  DeflateOptions o;
  o.threshold = 0;
  PerMessageDeflate client(Role::kClient, p, o);
  Sender clientSender(Role::kClient, &client);
  // A peer that sends half of a compressed frame and stops: its connection keeps a stream.
  std::string stalled;
  clientSender.send(stalled, Opcode::kText, std::string(5000, 'q'));
  stalled.resize(stalled.size() / 2);
  PerMessageDeflate stuck(Role::kServer, p, o);
  Receiver stuckReceiver(Role::kServer, {}, &stuck);
  testing::Recorder ignored;
  stuckReceiver.feed(stalled.data(), stalled.size(), ignored);
  ASSERT_TRUE(stuck.holdsInflater());
  std::string wire;
  for (int i = 0; i < 300; ++i) {
    clientSender.send(wire, Opcode::kText, "another connection's message " + std::to_string(i));
  }
  PerMessageDeflate server(Role::kServer, p, o);
  Receiver r(Role::kServer, {}, &server);
  Sender s(Role::kServer, &server);
  std::string out;
  Echo echo(s, out);
  EXPECT_EQ(steadyAllocations(r, echo, out, wire, 8192, 6), 0u);
  EXPECT_TRUE(stuck.holdsInflater());
}

}  // namespace
}  // namespace nodecc::ws::core
