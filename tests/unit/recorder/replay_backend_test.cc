#include "loop/replay_backend.h"

#include <gtest/gtest.h>
#include <sys/uio.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "recorder/frame_writer.h"
#include "recorder/recorder.h"
#include "recorder/trace_format.h"

namespace nodecc::loop::core {
namespace {

using namespace recorder::core;

// A recording of one connection: registered as fd 9, readable, "GET", answered "OK".
Replayer* replayerFor(const std::string& name, bool keepWrites) {
  const std::string path = ::testing::TempDir() + "/" + name + ".trace";
  {
    TraceHeader h;
    h.flags = keepWrites ? kWriteData : 0;
    TraceSink sink(TraceSink::Mode::kFile, path, encodeHeader(h), 0, 0);
    emitUnsigned(sink, FrameType::kAdd, 9);
    uint8_t* p = sink.reserve(16);
    p = frameStart(p, FrameType::kWait, 3);
    *p++ = 1;
    *p++ = 9;
    *p++ = kReadable;
    sink.commit(p);
    emitRecv(sink, 9, 3, "GET", 3);
    emitRecv(sink, 9, -EAGAIN, nullptr, 0);
    emitWrite(sink, 2, hashBytes("OK", 2, 0));
    if (keepWrites) {
      iovec iov{const_cast<char*>("OK"), 2};
      emitWriteData(sink, &iov, 1, 2);
    }
  }
  TraceReader reader;
  EXPECT_TRUE(reader.open(path)) << reader.error();
  ::unlink(path.c_str());
  return new Replayer(std::move(reader));
}

struct Conn : IoWatcher {
  ReplayBackend* backend = nullptr;
  std::string got;
  std::string reply = "OK";
};

void onConn(IoWatcher* w, uint32_t events) {
  auto* c = static_cast<Conn*>(w);
  char buf[64];
  for (;;) {
    auto r = c->backend->recv(*c, buf, sizeof buf);
    if (!r) {
      break;
    }
    c->got.append(buf, *r);
  }
  iovec iov{c->reply.data(), c->reply.size()};
  (void)c->backend->writev(*c, &iov, 1);
}

void dispatchDirect(void*, IoWatcher* w, uint32_t events) {
  w->onEvents(w, events);
}

TEST(ReplayBackend, FeedsRecordedReadsToTheRegisteredWatcher) {
  Replayer* rp = replayerFor("feeds", false);
  ReplayBackend backend(*rp);
  Conn c;
  c.backend = &backend;
  c.fd = 100;  // not the recorded fd: watchers are matched by registration order
  c.onEvents = &onConn;
  ASSERT_TRUE(backend.add(c));
  EXPECT_EQ(backend.wait(-1, &dispatchDirect, nullptr), 1);
  EXPECT_EQ(c.got, "GET");
  delete rp;
}

TEST(ReplayBackendDeathTest, DifferentWriteIsADivergenceWithBothByteStrings) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        Replayer* rp = replayerFor("diverge", true);
        ReplayBackend backend(*rp);
        Conn c;
        c.backend = &backend;
        c.fd = 100;
        c.onEvents = &onConn;
        c.reply = "NO";
        (void)backend.add(c);
        backend.wait(-1, &dispatchDirect, nullptr);
      },
      "divergence at frame 4.*\n.*I/O callback of fd 100 \\(recorded fd 9\\)[^\n]*\n"
      ".*recording wrote 2 bytes \"OK\"\n.*program wrote 2 bytes \"NO\"");
}

TEST(ReplayBackendDeathTest, CallOtherThanRecordedIsADivergence) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        Replayer* rp = replayerFor("othercall", false);
        ReplayBackend backend(*rp);
        Conn c;
        c.fd = 100;
        (void)backend.add(c);
        (void)backend.connect(c, nullptr, 0);
      },
      "the program called connect, the recording has a wait frame here");
}

TEST(ReplayBackendDeathTest, ExitingBeforeTheTraceEndsIsADivergence) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        Replayer* rp = replayerFor("exitearly", false);
        ReplayBackend backend(*rp);
        Conn c;
        c.fd = 100;
        (void)backend.add(c);
        rp->exited(3);
      },
      "divergence at frame 1 of 5.*\n.*\n.*the program exited \\(status 3\\) here; the "
      "recording goes on for 4 more frame\\(s\\), the next a wait frame");
}

TEST(ReplayBackend, ExitingAfterTheLastFrameIsNoDivergence) {
  Replayer* rp = replayerFor("exitatend", false);
  ReplayBackend backend(*rp);
  Conn c;
  c.backend = &backend;
  c.fd = 100;
  c.onEvents = &onConn;
  ASSERT_TRUE(backend.add(c));
  EXPECT_EQ(backend.wait(-1, &dispatchDirect, nullptr), 1);
  rp->exited(0);  // returns: every frame was read
  EXPECT_EQ(rp->position(), 5u);
  delete rp;
}

}  // namespace
}  // namespace nodecc::loop::core
