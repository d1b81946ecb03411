// What the compat pairs cannot show: lifetime (a stream destroyed with callbacks still queued,
// self-owned streams), object mode for Buffer chunks, errors thrown by _read, typed object
// pipelines, and the allocation-free hot path of a flowing source.
#include <nodecc/nodecc.h>

#include <thread>
#include <vector>

#include "unit/api/api_test_util.h"

namespace nodecc {
namespace {

using StreamTest = test::ApiTest;
using stream::PassThrough;
using stream::Readable;
using stream::Writable;

TEST_F(StreamTest, DestroyingTheObjectDropsItsQueuedTicks) {
  bool ended = false;
  {
    Readable r({.read = [](Readable&, size_t) {}});
    r.on("data", [](const Buffer&) {});  // queues resume() on a tick
    r.on("end", [&] { ended = true; });
    r.push("x");
    r.push(nullptr);
  }  // gone with its ticks still queued: they must not touch it (ASan)
  run();
  EXPECT_FALSE(ended);
}

TEST_F(StreamTest, ErrorThrownByReadDestroysTheStream) {
  std::string error;
  bool closed = false;
  Readable r({.read = [](Readable&, size_t) { throw Error("ECUSTOM", "read failed"); }});
  r.on("error", [&](const Error& e) { error = e.code + " " + e.message; });
  r.on("close", [&] { closed = true; });
  r.resume();
  run();
  EXPECT_EQ(error, "ECUSTOM read failed");
  EXPECT_TRUE(closed);
  EXPECT_TRUE(r.destroyed());
}

TEST_F(StreamTest, ObjectModeBuffersCountOneEach) {
  Readable r({.highWaterMark = 2, .objectMode = true, .read = [](Readable&, size_t) {}});
  EXPECT_TRUE(r.push(Buffer::alloc(1000)));
  EXPECT_FALSE(r.push(Buffer::alloc(1000)));
  EXPECT_EQ(r.readableLength(), 2u);
  auto b = r.read(1);  // n is ignored in object mode: one whole chunk
  ASSERT_TRUE(b);
  EXPECT_EQ(b->size(), 1000u);
  r.destroy();
  run();
}

TEST_F(StreamTest, ReadableFromOwnsItselfAndIsDeletedAfterClose) {
  int values = 0;
  bool closed = false;
  auto& r = stream::Readable::from(std::vector<int>{1, 2, 3});
  r.on("data", [&](const int& v) { values += v; });
  r.on("close", [&] { closed = true; });
  run();
  EXPECT_EQ(values, 6);
  EXPECT_TRUE(closed);  // and deleted: LeakSanitizer would report it otherwise
}

TEST_F(StreamTest, AnUnconsumedSelfOwnedStreamIsFreedWhenItsThreadEnds) {
  std::thread t([] { stream::Readable::from(std::vector<std::string>{"never", "read"}); });
  t.join();  // LeakSanitizer reports the stream if the thread's registry did not free it
}

TEST_F(StreamTest, TypedPipelineCarriesObjectsEndToEnd) {
  struct Point {
    int x, y;
  };
  std::vector<int> sums;
  stream::TransformOf<int, Point> toPoint(
      {.transform = [](auto&, const int& v, std::string_view, auto cb) {
        cb(nullptr, Point{v, v * 10});
      }});
  stream::WritableOf<Point> sink(
      {.write = [&](auto&, const Point& p, std::string_view, stream::Callback cb) {
        sums.push_back(p.x + p.y);
        cb();
      }});
  bool ok = false;
  stream::pipeline(stream::Readable::from(std::vector<int>{1, 2}), toPoint, sink,
                   [&](Error* err) { ok = err == nullptr; });
  run();
  EXPECT_TRUE(ok);
  EXPECT_EQ(sums, (std::vector<int>{11, 22}));
}

TEST_F(StreamTest, FlowingPushEmitsAtOnceWithoutBuffering) {
  Readable r({.read = [](Readable&, size_t) {}});
  size_t seen = 0;
  r.on("data", [&](const Buffer& b) { seen += b.size(); });
  run();  // the flow starts on a tick
  for (int i = 0; i < 1000; ++i) {
    r.push("abc");
    EXPECT_EQ(r.readableLength(), 0u);  // emitted straight from push, never queued
  }
  EXPECT_EQ(seen, 3000u);
  r.destroy();
  run();
}

TEST_F(StreamTest, WritevCallsEveryBufferedCallbackOnce) {
  std::vector<size_t> batches;
  int callbacks = 0;
  Writable w(
      {.write = [](Writable&, const Buffer&, std::string_view,
                   stream::Callback cb) { setImmediate([cb] { cb(); }); },
       .writev =
           [&](Writable&, std::vector<stream::WriteChunk<Buffer>>& chunks, stream::Callback cb) {
             batches.push_back(chunks.size());
             setImmediate([cb] { cb(); });
           }});
  for (int i = 0; i < 5; ++i) {
    w.write("x", [&](Error* e) {
      EXPECT_EQ(e, nullptr);
      ++callbacks;
    });
  }
  w.end();
  run();
  EXPECT_EQ(batches, (std::vector<size_t>{4}));  // the first went alone to _write
  EXPECT_EQ(callbacks, 5);
}

TEST_F(StreamTest, PromisesPipelineRejectsWithTheFirstError) {
  std::string message;
  PassThrough a, b;
  Writable bad({.write = [](Writable&, const Buffer&, std::string_view, stream::Callback cb) {
    cb(Error("sink failed"));
  }});
  stream::promises::pipeline(a, b, bad).catch_(
      [&](std::exception_ptr e) { message = toError(e).message; });
  a.end("data");
  run();
  EXPECT_EQ(message, "sink failed");
  EXPECT_TRUE(a.destroyed() && b.destroyed() && bad.destroyed());
}

}  // namespace
}  // namespace nodecc
