// PerMessageDeflate: RFC 7692's examples, round trips under every parameter combination, the
// bound on a deflate bomb, corrupt input, and who holds a z_stream when (the memory design).
#include "ws/deflate.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace nodecc::ws::core {
namespace {

using Result = PerMessageDeflate::Result;

std::string inflateAll(PerMessageDeflate& d, std::string_view data, size_t limit = SIZE_MAX) {
  std::string out;
  EXPECT_EQ(d.decompress(data, true, out, limit), Result::kOk);
  return out;
}

TEST(Deflate, CompressesRfc7692sHelloExample) {
  PerMessageDeflate d(Role::kServer, {}, {});
  std::string out;
  d.compress("Hello", true, out);
  EXPECT_EQ(out, std::string("\xf2\x48\xcd\xc9\xc9\x07\x00", 7));  // §7.2.3.1
  // With context takeover the second "Hello" refers back to the first (§7.2.3.2).
  std::string second;
  d.compress("Hello", true, second);
  EXPECT_EQ(second, std::string("\xf2\x00\x11\x00\x00", 5));
}

TEST(Deflate, InflatesRfc7692sExamples) {
  PerMessageDeflate d(Role::kClient, {}, {});
  EXPECT_EQ(inflateAll(d, std::string("\xf2\x48\xcd\xc9\xc9\x07\x00", 7)), "Hello");
  EXPECT_EQ(inflateAll(d, std::string("\xf2\x00\x11\x00\x00", 5)), "Hello");
  // §7.2.3.3: a message compressed in two fragments.
  PerMessageDeflate e(Role::kClient, {}, {});
  std::string out;
  EXPECT_EQ(e.decompress(std::string("\xf2\x48\xcd", 3), false, out, SIZE_MAX), Result::kOk);
  EXPECT_EQ(e.decompress(std::string("\xc9\xc9\x07\x00", 4), true, out, SIZE_MAX), Result::kOk);
  EXPECT_EQ(out, "Hello");
  // §7.2.3.4: a stored (uncompressed) block; §7.2.3.5: a final block and data after it.
  PerMessageDeflate f(Role::kClient, {}, {});
  EXPECT_EQ(inflateAll(f, std::string("\x00\x05\x00\xfa\xffHello\x00", 11)), "Hello");
  EXPECT_EQ(inflateAll(f, std::string("\xf3\x48\xcd\xc9\xc9\x07\x00\x00", 8)), "Hello");
  EXPECT_EQ(inflateAll(f, std::string("\xf2\x48\xcd\xc9\xc9\x07\x00", 7)), "Hello");
}

TEST(Deflate, SendsAnEmptyMessageAsOneZeroByte) {
  PerMessageDeflate d(Role::kServer, {}, {});
  std::string out;
  d.compress("", true, out);
  EXPECT_EQ(out, std::string("\x00", 1));
  PerMessageDeflate r(Role::kClient, {}, {});
  EXPECT_EQ(inflateAll(r, out), "");
  EXPECT_EQ(inflateAll(r, ""), "");
}

TEST(Deflate, SendsAnEmptyMessageAfterAnotherOnAKeptContextAsOneZeroByte) {
  // zlib writes nothing for an empty sync flush right after another: the frame must still be
  // 0x00 (RFC 7692 §7.2.3.6), or the peer's inflater is left inside a block and the next
  // message fails ("invalid stored block lengths"; found by the interop tests).
  PerMessageDeflate d(Role::kClient, {}, {});
  PerMessageDeflate r(Role::kServer, {}, {});
  std::string first, empty, next;
  d.compress("small", true, first);
  d.compress("", true, empty);
  d.compress(std::string(2065, 'x'), true, next);
  EXPECT_EQ(empty, std::string("\x00", 1));
  EXPECT_EQ(inflateAll(r, first), "small");
  EXPECT_EQ(inflateAll(r, empty), "");
  EXPECT_EQ(inflateAll(r, next), std::string(2065, 'x'));
}

std::string sampleMessage(std::mt19937& rng, size_t n) {
  static const std::string words[] = {"lorem ", "ipsum ", "dolor ", "sit ", "amet ", "\xce\xba "};
  std::string s;
  while (s.size() < n) {
    s += rng() % 7 == 0 ? std::string(1, static_cast<char>(rng())) : words[rng() % 6];
  }
  s.resize(n);
  return s;
}

TEST(Deflate, RoundTripsUnderEveryParameterCombination) {
  std::mt19937 rng(7692);
  for (int mask = 0; mask < 16; ++mask) {
    for (int bits : {8, 9, 12, 15}) {
      DeflateParams p;
      p.serverNoContextTakeover = (mask & 1) != 0;
      p.clientNoContextTakeover = (mask & 2) != 0;
      p.serverMaxWindowBits = (mask & 4) != 0 ? bits : 15;
      p.clientMaxWindowBits = (mask & 8) != 0 ? bits : 15;
      PerMessageDeflate server(Role::kServer, p, {});
      PerMessageDeflate client(Role::kClient, p, {});
      for (size_t n : {0, 1, 5, 100, 2000, 40000, 200000}) {
        const std::string message = sampleMessage(rng, n);
        std::string wire;
        server.compress(message, true, wire);
        ASSERT_EQ(inflateAll(client, wire), message) << mask << " " << bits << " " << n;
        wire.clear();
        client.compress(message, true, wire);
        ASSERT_EQ(inflateAll(server, wire), message) << mask << " " << bits << " " << n;
      }
      // A message compressed in fragments, inflated in different pieces.
      const std::string message = sampleMessage(rng, 5000);
      std::string a;
      std::string b;
      server.compress(std::string_view(message).substr(0, 1234), false, a);
      server.compress(std::string_view(message).substr(1234), true, b);
      std::string out;
      ASSERT_EQ(client.decompress(a + b.substr(0, 7), false, out, SIZE_MAX), Result::kOk);
      ASSERT_EQ(client.decompress(b.substr(7), true, out, SIZE_MAX), Result::kOk);
      ASSERT_EQ(out, message) << mask << " " << bits;
    }
  }
}

TEST(Deflate, StopsADeflateBombWithinTheLimit) {
  PerMessageDeflate d(Role::kClient, {}, {});
  std::string bomb;
  d.compress(std::string(64 << 20, '\0'), true, bomb);  // 64 MiB of zeros, ~64 KB compressed
  ASSERT_LT(bomb.size(), 100000u);
  PerMessageDeflate r(Role::kServer, {}, {});
  const size_t limit = 1 << 20;
  std::string out;
  EXPECT_EQ(r.decompress(bomb, true, out, limit), Result::kTooBig);
  EXPECT_EQ(out.size(), limit + 1);
  EXPECT_LE(out.capacity(), 2 * (limit + 16 * 1024));
  // Exactly at the limit is fine.
  std::string exact;
  PerMessageDeflate e(Role::kClient, {}, {});
  std::string wire;
  e.compress(std::string(1000, 'x'), true, wire);
  PerMessageDeflate f(Role::kServer, {}, {});
  EXPECT_EQ(f.decompress(wire, true, exact, 1000), Result::kOk);
  EXPECT_EQ(exact.size(), 1000u);
}

TEST(Deflate, ReportsCorruptDataWithZlibsMessageAndCode) {
  PerMessageDeflate d(Role::kServer, {}, {});
  std::string out;
  EXPECT_EQ(d.decompress("\xff", true, out, SIZE_MAX), Result::kError);
  EXPECT_EQ(d.errorMessage(), "invalid block type");
  EXPECT_EQ(d.errorCode(), "Z_DATA_ERROR");
  // The next message starts clean.
  out.clear();
  EXPECT_EQ(d.decompress(std::string("\xf2\x48\xcd\xc9\xc9\x07\x00", 7), true, out, SIZE_MAX),
            Result::kOk);
  EXPECT_EQ(out, "Hello");
}

TEST(Deflate, AnAbandonedMessageLeavesTheSharedStreamClean) {
  // Found by fuzz-ws_frame: zlib's reset keeps avail_in, so a message abandoned with input left
  // made the next borrower of the thread's inflater read the old (freed) bytes.
  DeflateParams p;
  p.clientNoContextTakeover = true;
  PerMessageDeflate client(Role::kClient, p, {});
  std::string bomb;
  client.compress(std::string(1 << 20, 'z'), true, bomb);
  {
    PerMessageDeflate a(Role::kServer, p, {});
    std::string out;
    ASSERT_EQ(a.decompress(bomb, true, out, 1000), Result::kTooBig);
    out.clear();
    ASSERT_EQ(a.decompress("\xff" + bomb, true, out, SIZE_MAX), Result::kError);
  }
  PerMessageDeflate b(Role::kServer, p, {});
  EXPECT_EQ(inflateAll(b, std::string("\xf2\x48\xcd\xc9\xc9\x07\x00", 7)), "Hello");
}

TEST(Deflate, HoldsNoStreamBetweenMessagesWithoutContextTakeover) {
  DeflateParams p;
  p.serverNoContextTakeover = true;
  p.clientNoContextTakeover = true;
  PerMessageDeflate server(Role::kServer, p, {});
  PerMessageDeflate client(Role::kClient, p, {});
  std::string wire;
  client.compress("a message from the client", true, wire);
  EXPECT_EQ(inflateAll(server, wire), "a message from the client");
  wire.clear();
  server.compress("an answer", true, wire);
  EXPECT_EQ(inflateAll(client, wire), "an answer");
  EXPECT_FALSE(server.holdsDeflater());
  EXPECT_FALSE(server.holdsInflater());
  EXPECT_FALSE(client.holdsDeflater());
  EXPECT_FALSE(client.holdsInflater());
}

TEST(Deflate, MakesItsOwnStreamOnlyOnFirstUseWithContextTakeover) {
  PerMessageDeflate server(Role::kServer, {}, {});
  EXPECT_FALSE(server.holdsDeflater());
  EXPECT_FALSE(server.holdsInflater());
  std::string wire;
  server.compress("x", true, wire);
  EXPECT_TRUE(server.holdsDeflater());
  EXPECT_FALSE(server.holdsInflater());
}

TEST(Deflate, AMessageInProgressDoesNotDisturbAnotherConnectionOnTheThread) {
  DeflateParams p;
  p.serverNoContextTakeover = true;
  p.clientNoContextTakeover = true;
  PerMessageDeflate sender(Role::kClient, p, {});
  std::string one;
  std::string two;
  sender.compress("first message, fragmented over two frames", true, one);
  sender.compress("second message", true, two);
  // Server A has the shared inflater mid-message; server B inflates a whole message meanwhile.
  PerMessageDeflate a(Role::kServer, p, {});
  PerMessageDeflate b(Role::kServer, p, {});
  std::string outA;
  ASSERT_EQ(a.decompress(std::string_view(one).substr(0, 10), false, outA, SIZE_MAX), Result::kOk);
  EXPECT_EQ(inflateAll(b, two), "second message");
  EXPECT_FALSE(b.holdsInflater());  // its private stream lived for its message only
  ASSERT_EQ(a.decompress(std::string_view(one).substr(10), true, outA, SIZE_MAX), Result::kOk);
  EXPECT_EQ(outA, "first message, fragmented over two frames");
  // Both compress mid-message on the same thread, too.
  PerMessageDeflate c(Role::kServer, p, {});
  PerMessageDeflate e(Role::kServer, p, {});
  std::string wc;
  std::string we;
  c.compress("part one, ", false, wc);
  e.compress("other connection", true, we);
  c.compress("part two", true, wc);
  PerMessageDeflate reader(Role::kClient, p, {});
  EXPECT_EQ(inflateAll(reader, wc), "part one, part two");
  EXPECT_EQ(inflateAll(reader, we), "other connection");
}

}  // namespace
}  // namespace nodecc::ws::core
