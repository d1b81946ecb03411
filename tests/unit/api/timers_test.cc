// Node's timers: setTimeout, setInterval, setImmediate, their clear functions and handles.
#include <gtest/gtest.h>
#include <nodecc/nodecc.h>

#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "unit/api/api_test_util.h"

namespace nodecc {
namespace {

using Log = std::vector<std::string>;
using TimersTest = test::ApiTest;

uint64_t nowMs() {
  return process::hrtime.bigint() / 1000000;
}

TEST_F(TimersTest, TimeoutsFireByDelayThenInOrderSet) {
  Log log;
  setTimeout([&] { log.push_back("A 100"); }, 100);
  setTimeout([&] { log.push_back("B 50"); }, 50);
  setTimeout([&] { log.push_back("C 100"); }, 100);
  setTimeout([&] { log.push_back("D 0"); }, 0);
  nodecc::run();
  EXPECT_EQ(log, (Log{"D 0", "B 50", "A 100", "C 100"}));
}

TEST_F(TimersTest, TimeoutFiresNoEarlierThanItsDelay) {
  uint64_t start = nowMs();
  uint64_t firedAt = 0;
  setTimeout([&] { firedAt = nowMs(); }, 30);
  nodecc::run();
  EXPECT_GE(firedAt - start, 29u);  // ms truncation on both reads may cost one
}

TEST_F(TimersTest, TimeoutSetInsideATimeoutWaitsForTheNextTurn) {
  Log log;
  setTimeout(
      [&] {
        log.push_back("outer");
        setTimeout([&] { log.push_back("inner timeout"); }, 1);
        setImmediate([&] { log.push_back("immediate"); });
      },
      1);
  nodecc::run();
  EXPECT_EQ(log, (Log{"outer", "immediate", "inner timeout"}));
}

TEST_F(TimersTest, DroppedHandleStillFires) {
  int calls = 0;
  {
    setTimeout([&] { ++calls; }, 1);
  }
  nodecc::run();
  EXPECT_EQ(calls, 1);
}

TEST_F(TimersTest, ExtraArgumentsArePassedToTheCallback) {
  std::string got;
  setTimeout([&](int n, const std::string& s) { got += std::to_string(n) + s + ";"; }, 1, 42,
             std::string("x"));
  setImmediate([&](double d) { got += std::to_string(int(d)) + ";"; }, 2.0);
  Timeout interval;
  interval = setInterval(
      [&](const char* tag) {
        got += tag;
        clearInterval(interval);
      },
      1, "interval;");
  nodecc::run();
  EXPECT_NE(got.find("42x;"), std::string::npos) << got;
  EXPECT_NE(got.find("2;"), std::string::npos) << got;
  EXPECT_NE(got.find("interval;"), std::string::npos) << got;
}

TEST_F(TimersTest, IntervalRepeatsUntilCleared) {
  int calls = 0;
  Timeout interval;
  interval = setInterval(
      [&] {
        if (++calls == 3) {
          clearInterval(interval);
        }
      },
      2);
  nodecc::run();  // returns only because the interval was cleared
  EXPECT_EQ(calls, 3);
}

TEST_F(TimersTest, IntervalClearedFromAnotherTimerStops) {
  int calls = 0;
  Timeout interval = setInterval([&] { ++calls; }, 5);
  setTimeout([&] { clearInterval(interval); }, 60);
  nodecc::run();
  EXPECT_GE(calls, 1);
  EXPECT_LE(calls, 12);  // at most one per 5 ms over 60 ms
  int afterClear = calls;
  nodecc::run();
  EXPECT_EQ(calls, afterClear);
}

TEST_F(TimersTest, ClearTimeoutOfAPendingTimeoutPreventsIt) {
  int calls = 0;
  Timeout t = setTimeout([&] { ++calls; }, 60000);
  clearTimeout(t);
  clearTimeout(t);  // twice: no-op
  nodecc::run();    // would wait a minute if the timer were still armed
  EXPECT_EQ(calls, 0);
}

TEST_F(TimersTest, ClearTimeoutOfAFiredTimeoutIsHarmless) {
  int calls = 0;
  Timeout t = setTimeout([&] { ++calls; }, 1);
  nodecc::run();
  EXPECT_EQ(calls, 1);
  clearTimeout(t);
  t.close();
  clearTimeout(Timeout{});  // an empty handle
  nodecc::run();
  EXPECT_EQ(calls, 1);
}

TEST_F(TimersTest, ClearTimeoutFromInsideItsOwnCallback) {
  int calls = 0;
  Timeout t;
  t = setTimeout(
      [&] {
        ++calls;
        clearTimeout(t);
      },
      1);
  nodecc::run();
  EXPECT_EQ(calls, 1);
}

TEST_F(TimersTest, ClearingALaterTimeoutOfTheSameDelayFromAnEarlierOne) {
  Log log;
  Timeout second;
  setTimeout(
      [&] {
        log.push_back("first");
        clearTimeout(second);
      },
      5);
  second = setTimeout([&] { log.push_back("second"); }, 5);
  setTimeout([&] { log.push_back("third"); }, 5);
  nodecc::run();
  EXPECT_EQ(log, (Log{"first", "third"}));
}

TEST_F(TimersTest, CopiesOfAHandleReferToTheSameTimer) {
  int calls = 0;
  Timeout a = setTimeout([&] { ++calls; }, 60000);
  Timeout b = a;
  EXPECT_TRUE(a == b);
  clearTimeout(b);
  nodecc::run();
  EXPECT_EQ(calls, 0);
}

TEST_F(TimersTest, RefreshReArmsAFiredTimeout) {
  int calls = 0;
  Timeout t = setTimeout([&] { ++calls; }, 2);
  nodecc::run();
  EXPECT_EQ(calls, 1);
  t.refresh();
  nodecc::run();
  EXPECT_EQ(calls, 2);
}

TEST_F(TimersTest, RefreshOfAPendingTimeoutPushesItBack) {
  Log log;
  Timeout a = setTimeout([&] { log.push_back("A"); }, 100);  // 100, or 160 once refreshed
  setTimeout([&] { a.refresh(); }, 60);
  setTimeout([&] { log.push_back("B"); }, 130);
  nodecc::run();
  EXPECT_EQ(log, (Log{"B", "A"}));
}

TEST_F(TimersTest, RefreshOfAClearedTimeoutDoesNothing) {
  int calls = 0;
  Timeout t = setTimeout([&] { ++calls; }, 1);
  clearTimeout(t);
  t.refresh();
  nodecc::run();
  EXPECT_EQ(calls, 0);
}

TEST_F(TimersTest, UnrefedTimeoutDoesNotKeepRunGoing) {
  int calls = 0;
  Timeout t = setTimeout([&] { ++calls; }, 60000);
  t.unref();
  EXPECT_FALSE(t.hasRef());
  nodecc::run();  // returns at once
  EXPECT_EQ(calls, 0);
  clearTimeout(t);
}

TEST_F(TimersTest, UnrefedTimeoutFiresWhileTheLoopIsAliveAnyway) {
  Log log;
  Timeout u = setTimeout([&] { log.push_back("unrefed"); }, 1);
  u.unref();
  setTimeout([&] { log.push_back("refed"); }, 40);
  nodecc::run();
  EXPECT_EQ(log, (Log{"unrefed", "refed"}));
}

TEST_F(TimersTest, HasRefFollowsRefAndUnref) {
  Timeout t = setTimeout([] {}, 60000);
  EXPECT_TRUE(t.hasRef());
  EXPECT_FALSE(t.unref().hasRef());
  EXPECT_TRUE(t.ref().hasRef());
  EXPECT_FALSE(Timeout{}.hasRef());
  clearTimeout(t);
  Immediate i = setImmediate([] {});
  EXPECT_TRUE(i.hasRef());
  EXPECT_FALSE(i.unref().hasRef());
  EXPECT_TRUE(i.ref().hasRef());
  nodecc::run();
}

TEST_F(TimersTest, UnrefedIntervalDoesNotKeepRunGoing) {
  int calls = 0;
  Timeout t = setInterval([&] { ++calls; }, 60000);
  t.unref();
  nodecc::run();
  EXPECT_EQ(calls, 0);
  clearInterval(t);
}

TEST_F(TimersTest, ImmediatesRunInOrder) {
  Log log;
  setImmediate([&] { log.push_back("1"); });
  setImmediate([&] { log.push_back("2"); });
  setImmediate([&] { log.push_back("3"); });
  nodecc::run();
  EXPECT_EQ(log, (Log{"1", "2", "3"}));
}

TEST_F(TimersTest, ImmediateQueuedByAnImmediateRunsAfterTheCurrentBatch) {
  Log log;
  setImmediate([&] {
    log.push_back("a");
    setImmediate([&] { log.push_back("c"); });
  });
  setImmediate([&] { log.push_back("b"); });
  nodecc::run();
  EXPECT_EQ(log, (Log{"a", "b", "c"}));
}

TEST_F(TimersTest, ClearImmediatePreventsIt) {
  Log log;
  Immediate i = setImmediate([&] { log.push_back("cleared"); });
  setImmediate([&] { log.push_back("kept"); });
  clearImmediate(i);
  clearImmediate(i);
  clearImmediate(Immediate{});
  nodecc::run();
  EXPECT_EQ(log, (Log{"kept"}));
}

TEST_F(TimersTest, ClearImmediateFromAnEarlierImmediateOfTheSameBatch) {
  Log log;
  Immediate second;
  setImmediate([&] {
    log.push_back("first");
    clearImmediate(second);
  });
  second = setImmediate([&] { log.push_back("second"); });
  nodecc::run();
  EXPECT_EQ(log, (Log{"first"}));
}

TEST_F(TimersTest, UnrefedImmediateDoesNotKeepRunGoingAlone) {
  int calls = 0;
  Immediate i = setImmediate([&] { ++calls; });
  i.unref();
  nodecc::run();
  EXPECT_EQ(calls, 0);
  clearImmediate(i);
}

// Node: delays below 1 (and NaN) become 1, so they share the 1 ms list and keep their order.
TEST_F(TimersTest, DelaysBelowOneBecomeOne) {
  Log log;
  setTimeout([&] { log.push_back("1"); }, 1);
  setTimeout([&] { log.push_back("0"); }, 0);
  setTimeout([&] { log.push_back("-10"); }, -10);
  setTimeout([&] { log.push_back("NaN"); }, std::nan(""));
  setTimeout([&] { log.push_back("0.5"); }, 0.5);
  setTimeout([&] { log.push_back("1 again"); }, 1);
  nodecc::run();
  EXPECT_EQ(log, (Log{"1", "0", "-10", "NaN", "0.5", "1 again"}));
}

TEST_F(TimersTest, DelayAboveTimeoutMaxBecomesOneAndWarns) {
  Log log;
  std::string warningName;
  auto onWarning = [&](const Error& w) { warningName = w.name; };
  process::on("warning", onWarning);
  setTimeout([&] { log.push_back("1"); }, 1);
  testing::internal::CaptureStderr();
  setTimeout([&] { log.push_back("3e9"); }, 3e9);
  setTimeout([&] { log.push_back("1 again"); }, 1);
  nodecc::run();  // the warning comes from a nextTick, as in Node
  std::string err = testing::internal::GetCapturedStderr();
  process::off("warning", onWarning);
  EXPECT_EQ(log, (Log{"1", "3e9", "1 again"}));
  EXPECT_NE(err.find("TimeoutOverflowWarning"), std::string::npos) << err;
  EXPECT_NE(err.find("3000000000 does not fit into a 32-bit signed integer."), std::string::npos)
      << err;
  EXPECT_NE(err.find("Timeout duration was set to 1."), std::string::npos) << err;
  EXPECT_EQ(warningName, "TimeoutOverflowWarning");
}

TEST_F(TimersTest, TimeoutMaxItselfIsAccepted) {
  testing::internal::CaptureStderr();
  Timeout t = setTimeout([] {}, 2147483647.0);
  clearTimeout(t);
  nodecc::run();
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(err, "");
}

// Node prints `${after}`: "Infinity does not fit into a 32-bit signed integer."
TEST_F(TimersTest, InfiniteDelayBecomesOneAndWarnsWithInfinity) {
  int calls = 0;
  testing::internal::CaptureStderr();
  setTimeout([&] { ++calls; }, std::numeric_limits<double>::infinity());
  nodecc::run();
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(calls, 1);
  EXPECT_NE(err.find("Infinity does not fit into a 32-bit signed integer."), std::string::npos)
      << err;
}

// Each thread has its own loop; handles may outlive the thread (and its loop). Using them
// afterwards must be a safe no-op, and whatever pending callbacks captured must be released.
TEST_F(TimersTest, HandlesOfPendingTimersOutlivingTheirThreadAreSafe) {
  auto captured = std::make_shared<int>(0);
  Timeout pending;
  Immediate queued;
  std::thread worker([&] {
    pending = setTimeout([captured] { ++*captured; }, 60000);
    pending.unref();
    queued = setImmediate([captured] { ++*captured; });
    queued.unref();
    nodecc::run();  // nothing refed: the timers stay behind when the thread ends
  });
  worker.join();
  EXPECT_EQ(*captured, 0);
  EXPECT_EQ(captured.use_count(), 1);  // the thread's runtime let the callbacks go
  pending.refresh();
  pending.ref();
  clearTimeout(pending);
  clearImmediate(queued);
  queued.unref();
  EXPECT_EQ(*captured, 0);
}

// Same for a timeout that already fired on the ended thread: it no longer belongs to any loop.
// Run in a child process so that a crash fails this test alone.
TEST_F(TimersTest, FiredTimeoutHandleOutlivingItsThreadIsSafe) {
  EXPECT_EXIT(
      {
        int calls = 0;
        Timeout fired;
        std::thread worker([&] {
          fired = setTimeout([&calls] { ++calls; }, 1);
          nodecc::run();
        });
        worker.join();
        fired.refresh();
        fired.unref();
        clearTimeout(fired);
        std::_Exit(calls == 1 ? 0 : 2);
      },
      testing::ExitedWithCode(0), "");
}

TEST_F(TimersTest, RanImmediateHandleOutlivingItsThreadIsSafe) {
  EXPECT_EXIT(
      {
        int calls = 0;
        Immediate ran;
        std::thread worker([&] {
          ran = setImmediate([&calls] { ++calls; });
          nodecc::run();
        });
        worker.join();
        ran.unref();
        ran.ref();
        clearImmediate(ran);
        std::_Exit(calls == 1 ? 0 : 2);
      },
      testing::ExitedWithCode(0), "");
}

TEST_F(TimersTest, ExceptionFromATimerDoesNotStopOtherTimers) {
  Log log;
  std::string caught;
  auto onUncaught = [&](std::exception_ptr e, const std::string&) { caught = test::messageOf(e); };
  process::on("uncaughtException", onUncaught);
  setTimeout([] { throw Error("timer failed"); }, 1);
  setTimeout([&] { log.push_back("after"); }, 5);
  nodecc::run();
  process::off("uncaughtException", onUncaught);
  EXPECT_EQ(caught, "timer failed");
  EXPECT_EQ(log, (Log{"after"}));
}

TEST_F(TimersTest, IntervalThatThrowsKeepsRepeating) {
  int calls = 0;
  int caught = 0;
  auto onUncaught = [&](std::exception_ptr, const std::string&) { ++caught; };
  process::on("uncaughtException", onUncaught);
  Timeout interval;
  interval = setInterval(
      [&] {
        if (++calls == 3) {
          clearInterval(interval);
        }
        throw Error("interval failed");
      },
      1);
  nodecc::run();
  process::off("uncaughtException", onUncaught);
  EXPECT_EQ(calls, 3);
  EXPECT_EQ(caught, 3);
}

}  // namespace
}  // namespace nodecc
