// The stream forms: backpressure bounds a decompression bomb's memory (the codec waits for
// _read), a destroyed stream with a step on the thread pool frees it when the step ends, and
// reset() starts a new stream.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "nodecc/zlib.h"
#include "unit/api/api_test_util.h"

namespace nodecc::zlib {
namespace {

class ZlibStream : public test::ApiTest {};

TEST_F(ZlibStream, PausedBombStaysWithinTheHighWaterMark) {
  test::Deadline deadline(20000);
  constexpr size_t kBombBytes = size_t(64) << 20;
  Buffer bomb = gzipSync(Buffer::alloc(kBombBytes));
  Gunzip gunzip;
  size_t total = 0;
  size_t maxBuffered = 0;
  gunzip.write(bomb);
  gunzip.end();
  // Nobody reads for a while: the codec must stop after the readable side is full.
  setTimeout(
      [&] {
        maxBuffered = gunzip.readableLength();
        gunzip.on("data", [&](const Buffer& chunk) { total += chunk.size(); });
      },
      200);
  bool ended = false;
  gunzip.on("end", [&] { ended = true; });
  run();
  EXPECT_TRUE(ended);
  EXPECT_EQ(total, kBombBytes);
  EXPECT_EQ(gunzip.bytesWritten(), bomb.size());
  // highWaterMark (16 KiB) plus one output window (chunkSize, 16 KiB).
  EXPECT_LE(maxBuffered, size_t(32) << 10);
  EXPECT_GT(maxBuffered, 0u);
}

TEST_F(ZlibStream, DestroyWhileAStepRunsFreesItLater) {
  test::Deadline deadline(20000);
  auto gzip = std::make_unique<Gzip>(Options{.level = 9});
  std::string big(8 << 20, 'x');
  for (size_t i = 0; i < big.size(); i += 7) {
    big[i] = char('a' + i % 23);
  }
  gzip->write(big);
  // The first step is on a worker now: destroying and deleting the stream must not touch it.
  gzip->destroy();
  gzip.reset();
  run();
}

TEST_F(ZlibStream, CorruptInputIsAnErrorEventWithNodesFields) {
  Gunzip gunzip;
  std::string seen;
  gunzip.on("error", [&](const Error& e) { seen = e.toString() + " " + e.code; });
  bool closed = false;
  gunzip.on("close", [&] { closed = true; });
  gunzip.end(Buffer::from("definitely not gzip"));
  run();
  EXPECT_EQ(seen, "Error: incorrect header check Z_DATA_ERROR");
  EXPECT_TRUE(closed);
  EXPECT_TRUE(gunzip.destroyed());
}

TEST_F(ZlibStream, ResetStartsANewStream) {
  Deflate deflate;
  std::string out;
  deflate.on("data", [&](const Buffer& c) { out += c.view(); });
  deflate.write("abandoned ");
  deflate.flush(constants::Z_SYNC_FLUSH, [&] {
    deflate.reset();
    out.clear();
    deflate.end("fresh");
  });
  run();
  EXPECT_EQ(inflateSync(out).toString(), "fresh");
}

}  // namespace
}  // namespace nodecc::zlib
