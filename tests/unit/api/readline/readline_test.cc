// readline beyond the compat pairs: long lines across many chunks, many lines in one chunk,
// the async iterator's high-water mark pausing the input, and closing with a loop waiting.
#include <nodecc/nodecc.h>

#include <string>
#include <vector>

#include "unit/api/api_test_util.h"

namespace nodecc {
namespace {

using ReadlineTest = test::ApiTest;

TEST_F(ReadlineTest, ALineSpanningManyChunksComesWhole) {
  stream::Readable input({.read = [](stream::Readable&, size_t) {}});
  auto& rl = readline::createInterface({.input = &input});
  std::vector<size_t> lengths;
  rl.on("line", [&](const std::string& l) { lengths.push_back(l.size()); });
  for (int i = 0; i < 1000; ++i) {
    input.push(std::string(100, 'x'));
  }
  input.push("\r\nshort");
  input.push(nullptr);
  run();
  EXPECT_EQ(lengths, (std::vector<size_t>{100000, 5}));
}

TEST_F(ReadlineTest, ManyLinesInOneChunk) {
  std::string text;
  for (int i = 0; i < 10000; ++i) {
    text += std::to_string(i) + (i % 2 ? "\r\n" : "\n");
  }
  stream::Readable input({.read = [](stream::Readable&, size_t) {}});
  auto& rl = readline::createInterface({.input = &input});
  int count = 0;
  bool ordered = true;
  rl.on("line", [&](const std::string& l) { ordered = ordered && l == std::to_string(count++); });
  input.push(text);
  input.push(nullptr);
  run();
  EXPECT_EQ(count, 10000);
  EXPECT_TRUE(ordered);
}

TEST_F(ReadlineTest, IteratorPausesTheInputPastItsHighWaterMark) {
  stream::Readable input({.read = [](stream::Readable&, size_t) {}});
  auto& rl = readline::createInterface({.input = &input});
  auto it = std::make_shared<readline::LineIterator>(rl.iterate());
  std::string many;
  for (int i = 0; i < 1100; ++i) {
    many += "l\n";
  }
  input.push(many);
  run();
  EXPECT_TRUE(input.isPaused());  // 1100 lines wait, past 1024
  int read = 0;
  // Named: a coroutine lambda must outlive its frame (its captures live in it).
  auto body = [&]() -> Promise<> {
    while (auto line = co_await it->next()) {
      if (++read == 1100) {
        input.push(nullptr);
      }
    }
  };
  body();
  run();
  EXPECT_EQ(read, 1100);
}

TEST_F(ReadlineTest, CloseEndsAWaitingLoop) {
  stream::PassThrough input;
  auto& rl = readline::createInterface({.input = &input});
  bool ended = false;
  auto it = std::make_shared<readline::LineIterator>(rl.iterate());
  // Named: a coroutine lambda must outlive its frame (its captures live in it).
  auto body = [&]() -> Promise<> {
    while (co_await it->next()) {
    }
    ended = true;
  };
  body();
  setImmediate([&rl] { rl.close(); });
  run();
  EXPECT_TRUE(ended);
  input.destroy();
  run();
}

TEST_F(ReadlineTest, AnAbortAfterTheInterfaceClosedAndWentDoesNothing) {
  stream::PassThrough input;
  AbortController ac;
  int closes = 0;
  auto& rl = readline::createInterface({.input = &input, .signal = ac.signal});
  rl.on("close", [&] { ++closes; });
  rl.close();
  // Already aborted, closed by hand before its nextTick: that tick closes nothing twice.
  auto& early = readline::createInterface({.input = &input, .signal = AbortSignal::abort()});
  early.on("close", [&] { ++closes; });
  early.close();
  run();  // both interfaces are deleted by now
  ac.abort();
  run();
  EXPECT_EQ(closes, 2);
  input.destroy();
  run();
}

TEST_F(ReadlineTest, AnAlreadyAbortedSignalClosesFromATickAfterTheHeldLines) {
  stream::PassThrough input;
  input.write("a\nb");
  // Named options (what GCC 12 needs inside a co_await) go to createInterface(options).
  readline::InterfaceOptions options{.input = &input, .signal = AbortSignal::abort()};
  auto& rl = readline::createInterface(options);
  std::vector<std::string> log;
  rl.on("line", [&](const std::string& l) { log.push_back(l); });
  rl.on("close", [&] { log.push_back("close"); });
  EXPECT_FALSE(rl.closed);
  run();
  EXPECT_EQ(log, (std::vector<std::string>{"a", "close"}));
  input.destroy();
  run();
}

}  // namespace
}  // namespace nodecc
