#include "recorder/recorded_connections.h"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <unistd.h>

#include <string>

#include "recorder/frame_writer.h"
#include "recorder/trace_format.h"

namespace nodecc::recorder::core {
namespace {

sockaddr_in peer(uint16_t port) {
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return a;
}

// Writes frames through `emit` into a file-mode trace and reads it back.
template <typename Emit>
TraceReader traceOf(const std::string& name, Emit emit) {
  const std::string path =
      ::testing::TempDir() + "/" + name + "." + std::to_string(::getpid()) + ".trace";
  {
    TraceSink sink(TraceSink::Mode::kFile, path, encodeHeader(TraceHeader{}), 0, 0);
    emit(sink);
  }
  TraceReader reader;
  EXPECT_TRUE(reader.open(path)) << reader.error();
  ::unlink(path.c_str());
  return reader;
}

TEST(RecordedConnections, AttributesReadsToTheConnectionOfTheirFd) {
  TraceReader r = traceOf("interleaved", [](TraceSink& s) {
    const sockaddr_in a = peer(1001), b = peer(1002);
    emitUnsigned(s, FrameType::kAdd, 3);  // the listener
    emitResultBytes(s, FrameType::kAccept, 9, &a, sizeof a);
    emitUnsigned(s, FrameType::kAdd, 9);
    emitResultBytes(s, FrameType::kAccept, 10, &b, sizeof b);
    emitUnsigned(s, FrameType::kAdd, 10);
    emitRecv(s, 9, 4, "GET ", 4);
    emitRecv(s, 10, 4, "POST", 4);
    emitRecv(s, 9, -11, nullptr, 0);
    emitRecv(s, 9, 2, "/a", 2);
    emitRecv(s, 10, 0, nullptr, 0);
  });
  const auto conns = recordedConnections(r);
  ASSERT_EQ(conns.size(), 2u);
  EXPECT_EQ(conns[0].peer, "127.0.0.1:1001");
  EXPECT_EQ(conns[0].received, "GET /a");
  ASSERT_EQ(conns[0].reads.size(), 2u);
  EXPECT_EQ(conns[0].reads[1].first, 4u);
  EXPECT_EQ(conns[0].reads[1].second, 8u);  // the frame index of the second read
  EXPECT_FALSE(conns[0].peerClosed);
  EXPECT_EQ(conns[1].received, "POST");
  EXPECT_TRUE(conns[1].peerClosed);
}

// fds are reused: after a connection's fd is closed (not recorded), a socket the program
// opened itself (a client) may get the number; its reads are not a server's input, and a
// later accept of the number is a new connection.
TEST(RecordedConnections, AnFdReusedByAnotherSocketEndsTheConnection) {
  TraceReader r = traceOf("reused", [](TraceSink& s) {
    const sockaddr_in a = peer(2001), b = peer(2002);
    emitResultBytes(s, FrameType::kAccept, 9, &a, sizeof a);
    emitUnsigned(s, FrameType::kAdd, 9);
    emitRecv(s, 9, 3, "one", 3);
    emitUnsigned(s, FrameType::kAdd, 9);  // an outgoing socket on the same number
    emitRecv(s, 9, 8, "upstream", 8);
    emitResultBytes(s, FrameType::kAccept, 9, &b, sizeof b);
    emitUnsigned(s, FrameType::kAdd, 9);
    emitRecv(s, 9, 3, "two", 3);
  });
  const auto conns = recordedConnections(r);
  ASSERT_EQ(conns.size(), 2u);
  EXPECT_EQ(conns[0].received, "one");
  EXPECT_EQ(conns[1].peer, "127.0.0.1:2002");
  EXPECT_EQ(conns[1].received, "two");
}

TEST(RecordedConnections, FailedAcceptsOpenNothing) {
  TraceReader r = traceOf("eagain", [](TraceSink& s) {
    emitResultBytes(s, FrameType::kAccept, -11, nullptr, 0);
    emitRecv(s, 9, 3, "GET", 3);
  });
  EXPECT_TRUE(recordedConnections(r).empty());
}

}  // namespace
}  // namespace nodecc::recorder::core
