#include "loop/loop.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <thread>

#include "os/event_fd.h"
#include "unit/loop/loop_test_util.h"

namespace nodecc::loop::core {
namespace {

using test::Log;
using test::NamedDeferred;
using test::NamedImmediate;
using test::NamedTimer;
using test::NamedWatcher;

// A timer that is already due when the loop next runs its timers, independent of the clock.
void startDue(Loop& loop, Timer& t) {
  loop.startTimerAt(t, 1, loop.now() - 10);
}

// An eventfd watcher that is readable at once; it closes itself (and releases the loop) when
// its callback runs.
void addReadyWatcher(Loop& loop, NamedWatcher& w) {
  w.fd = *os::core::eventFdOpen();
  os::core::eventFdSignal(w.fd);
  ASSERT_TRUE(loop.addWatcher(w).ok());
  loop.retainHandle();
  auto user = std::move(w.then);
  w.then = [&loop, &w, user = std::move(user)] {
    loop.backend().close(w);
    loop.releaseHandle();
    if (user) {
      user();
    }
  };
}

// Drains with no callback between them are collapsed: these tests are about a drain following
// each callback; whether the loop runs callbacks of its own is LoopRunsNoCallbacksOfItsOwn's.
Log collapseDrains(const Log& log) {
  Log out;
  for (const std::string& e : log) {
    if (e == "drain" && !out.empty() && out.back() == "drain") {
      continue;
    }
    out.push_back(e);
  }
  return out;
}

void logDrain(void* ctx) {
  static_cast<Log*>(ctx)->push_back("drain");
}

TEST(Loop, FreshLoopIsNotAlive) {
  Loop loop;
  EXPECT_FALSE(loop.run());
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
  EXPECT_EQ(loop.activeRequests(), 0u);
}

TEST(Loop, PhasesRunTimersPendingPollCheckClose) {
  Loop loop;
  Log log;
  NamedTimer timer(&log, "timers");
  NamedDeferred pending(&log, "pending");
  NamedWatcher io(&log, "poll");
  NamedImmediate check(&log, "check");
  NamedDeferred closing(&log, "close");
  // Queued in reverse so that the order observed is the loop's, not ours.
  loop.queueClose(closing);
  loop.startImmediate(check);
  addReadyWatcher(loop, io);
  loop.queuePending(pending);
  startDue(loop, timer);
  EXPECT_FALSE(loop.run());
  EXPECT_EQ(log, (Log{"timers", "pending", "poll", "check", "close"}));
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(Loop, WorkQueuedFromEachPhaseLandsInTheRightPhase) {
  Loop loop;
  Log log;
  NamedTimer timer(&log, "timer");
  NamedDeferred pendingFromTimer(&log, "pending-from-timer");
  NamedWatcher io(&log, "poll");
  NamedDeferred pendingFromPoll(&log, "pending-from-poll");
  NamedImmediate checkFromPoll(&log, "check-from-poll");
  NamedDeferred closeFromCheck(&log, "close-from-check");
  NamedDeferred closeFromClose(&log, "close-from-close");
  timer.then = [&] { loop.queuePending(pendingFromTimer); };
  io.then = [&] {
    loop.queuePending(pendingFromPoll);  // I/O defers to the next iteration's pending phase
    loop.startImmediate(checkFromPoll);
  };
  checkFromPoll.then = [&] { loop.queueClose(closeFromCheck); };
  closeFromCheck.then = [&] { loop.queueClose(closeFromClose); };
  startDue(loop, timer);
  addReadyWatcher(loop, io);
  EXPECT_FALSE(loop.run());
  EXPECT_EQ(log, (Log{"timer", "pending-from-timer", "poll", "check-from-poll", "close-from-check",
                      "pending-from-poll", "close-from-close"}));
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(Loop, ImmediatesRunFifo) {
  Loop loop;
  Log log;
  NamedImmediate a(&log, "a"), b(&log, "b"), c(&log, "c");
  loop.startImmediate(a);
  loop.startImmediate(b);
  loop.startImmediate(c);
  loop.startImmediate(a);  // already queued: no second run
  EXPECT_FALSE(loop.run());
  EXPECT_EQ(log, (Log{"a", "b", "c"}));
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(Loop, ImmediatesQueuedDuringCheckRunNextIteration) {
  Loop loop;
  Log log;
  NamedImmediate first(&log, "first"), second(&log, "second"), third(&log, "third");
  first.then = [&] { loop.startImmediate(third); };
  loop.startImmediate(first);
  loop.startImmediate(second);
  EXPECT_TRUE(loop.run(Loop::RunMode::kOnce));
  EXPECT_EQ(log, (Log{"first", "second"}));
  EXPECT_FALSE(loop.run(Loop::RunMode::kOnce));
  EXPECT_EQ(log, (Log{"first", "second", "third"}));
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(Loop, StoppedImmediateDoesNotRunEvenFromTheSameCheckPhase) {
  Loop loop;
  Log log;
  NamedImmediate a(&log, "a"), b(&log, "b"), c(&log, "c");
  a.then = [&] { loop.stopImmediate(b); };
  loop.startImmediate(a);
  loop.startImmediate(b);
  loop.startImmediate(c);
  EXPECT_FALSE(loop.run());
  EXPECT_EQ(log, (Log{"a", "c"}));
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(Loop, CancelledDeferredDoesNotRun) {
  Loop loop;
  Log log;
  NamedDeferred p(&log, "pending"), c(&log, "close");
  loop.queuePending(p);
  loop.queueClose(c);
  EXPECT_TRUE(loop.alive());  // both keep the loop alive until they run
  loop.cancelDeferred(p);
  loop.cancelDeferred(c);
  loop.cancelDeferred(c);  // not queued: no-op
  EXPECT_FALSE(loop.run());
  EXPECT_TRUE(log.empty());
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(Loop, TimersFireInDurationOrderAcrossIterations) {
  Loop loop;
  Log log;
  NamedTimer slow(&log, "30ms"), fast(&log, "10ms"), fast2(&log, "10ms-second");
  loop.startTimer(slow, 30);
  loop.startTimer(fast, 10);
  loop.startTimer(fast2, 10);
  int64_t start = loop.now();
  EXPECT_FALSE(loop.run());
  EXPECT_EQ(log, (Log{"10ms", "10ms-second", "30ms"}));
  EXPECT_GE(loop.now() - start, 30);  // never early
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(Loop, UnrefedTimerDoesNotKeepTheLoopAlive) {
  Loop loop;
  Log log;
  NamedTimer t(&log, "t");
  loop.startTimer(t, 60000);
  EXPECT_TRUE(loop.alive());
  loop.setTimerRef(t, false);
  EXPECT_FALSE(loop.alive());
  EXPECT_FALSE(loop.run());  // returns at once instead of waiting a minute
  EXPECT_TRUE(log.empty());
  EXPECT_EQ(loop.timerCount(), 1u);  // still armed, just not keeping the loop
  loop.stopTimer(t);
  EXPECT_EQ(loop.timerCount(), 0u);
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(Loop, UnrefedTimerStillFiresWhileSomethingElseKeepsTheLoopAlive) {
  Loop loop;
  Log log;
  NamedTimer unrefed(&log, "unrefed"), refed(&log, "refed");
  unrefed.refed = false;
  loop.startTimer(unrefed, 5);
  loop.startTimer(refed, 30);
  EXPECT_FALSE(loop.run());
  EXPECT_EQ(log, (Log{"unrefed", "refed"}));
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(Loop, RefAndUnrefAreCountedOncePerHandle) {
  Loop loop;
  Log log;
  NamedTimer t(&log, "t");
  NamedImmediate i(&log, "i");

  loop.startTimer(t, 60000);
  EXPECT_EQ(loop.activeHandles(), 1u);
  loop.startTimer(t, 60000);  // restart: still one
  EXPECT_EQ(loop.activeHandles(), 1u);
  loop.setTimerRef(t, false);
  loop.setTimerRef(t, false);
  EXPECT_EQ(loop.activeHandles(), 0u);
  loop.setTimerRef(t, true);
  loop.setTimerRef(t, true);
  EXPECT_EQ(loop.activeHandles(), 1u);
  loop.stopTimer(t);
  loop.stopTimer(t);
  EXPECT_EQ(loop.activeHandles(), 0u);
  loop.setTimerRef(t, false);  // inactive: remembered, not counted
  EXPECT_EQ(loop.activeHandles(), 0u);
  loop.startTimer(t, 60000);
  EXPECT_EQ(loop.activeHandles(), 0u);
  loop.setTimerRef(t, true);
  EXPECT_EQ(loop.activeHandles(), 1u);
  loop.stopTimer(t);

  loop.startImmediate(i);
  EXPECT_EQ(loop.activeHandles(), 1u);
  loop.setImmediateRef(i, false);
  loop.setImmediateRef(i, false);
  EXPECT_EQ(loop.activeHandles(), 0u);
  EXPECT_FALSE(loop.alive());
  loop.setImmediateRef(i, true);
  EXPECT_EQ(loop.activeHandles(), 1u);
  loop.stopImmediate(i);
  loop.stopImmediate(i);
  EXPECT_EQ(loop.activeHandles(), 0u);

  loop.retainHandle();
  loop.retainHandle();
  EXPECT_EQ(loop.activeHandles(), 2u);
  loop.releaseHandle();
  EXPECT_TRUE(loop.alive());
  loop.releaseHandle();

  loop.beginRequest();
  EXPECT_TRUE(loop.alive());
  EXPECT_EQ(loop.activeRequests(), 1u);
  EXPECT_EQ(loop.activeHandles(), 0u);  // requests are not handles
  loop.endRequest();

  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(Loop, FiredTimerNoLongerCounts) {
  Loop loop;
  Log log;
  NamedTimer t(&log, "t");
  NamedImmediate i(&log, "i");
  startDue(loop, t);
  loop.startImmediate(i);
  EXPECT_EQ(loop.activeHandles(), 2u);
  EXPECT_FALSE(loop.run());
  EXPECT_EQ(log.size(), 2u);
  EXPECT_FALSE(t.active());
  EXPECT_FALSE(i.queued());
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(Loop, UnrefedImmediateRunsOnlyIfTheLoopIsAliveAnyway) {
  Loop loop;
  Log log;
  NamedImmediate lonely(&log, "lonely");
  loop.startImmediate(lonely);
  loop.setImmediateRef(lonely, false);
  EXPECT_FALSE(loop.run());
  EXPECT_TRUE(log.empty());
  NamedImmediate refed(&log, "refed");
  loop.startImmediate(refed);
  EXPECT_FALSE(loop.run());
  EXPECT_EQ(log, (Log{"lonely", "refed"}));
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(Loop, StopFromACallbackEndsRunAndTheNextRunContinues) {
  Loop loop;
  Log log;
  NamedTimer stopper(&log, "stopper"), later(&log, "later");
  stopper.then = [&] { loop.stop(); };
  startDue(loop, stopper);
  loop.startTimer(later, 20);
  EXPECT_TRUE(loop.run());  // stopped with `later` still armed
  EXPECT_EQ(log, (Log{"stopper"}));
  EXPECT_TRUE(later.active());
  EXPECT_FALSE(loop.run());  // the stop flag does not outlive the run it stopped
  EXPECT_EQ(log, (Log{"stopper", "later"}));
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(Loop, StopInsideAnImmediateLetsTheRestOfTheIterationFinish) {
  Loop loop;
  Log log;
  NamedImmediate a(&log, "a"), b(&log, "b");
  NamedDeferred c(&log, "close");
  NamedTimer far(&log, "far");
  a.then = [&] { loop.stop(); };
  loop.startImmediate(a);
  loop.startImmediate(b);
  loop.queueClose(c);
  loop.startTimer(far, 60000);
  EXPECT_TRUE(loop.run());
  EXPECT_EQ(log, (Log{"a", "b", "close"}));
  loop.stopTimer(far);
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(Loop, RunNoWaitDoesNotBlockForAFarTimer) {
  Loop loop;
  Log log;
  NamedTimer far(&log, "far");
  NamedImmediate i(&log, "i");
  loop.startTimer(far, 60000);
  loop.startImmediate(i);
  EXPECT_TRUE(loop.run(Loop::RunMode::kNoWait));
  EXPECT_EQ(log, (Log{"i"}));
  EXPECT_TRUE(loop.run(Loop::RunMode::kNoWait));  // nothing ready: returns at once
  EXPECT_EQ(log, (Log{"i"}));
  loop.stopTimer(far);
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(Loop, RunOnceBlocksUntilTheNextTimerAndFiresIt) {
  Loop loop;
  Log log;
  NamedTimer t(&log, "t");
  loop.startTimer(t, 20);
  int64_t start = loop.now();
  EXPECT_FALSE(loop.run(Loop::RunMode::kOnce));
  EXPECT_EQ(log, (Log{"t"}));
  EXPECT_GE(loop.now() - start, 20);
  loop.run();  // finishes the work if the single iteration did not
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(Loop, RunOnceRunsOneIterationOnly) {
  Loop loop;
  Log log;
  NamedImmediate a(&log, "a"), b(&log, "b");
  a.then = [&] { loop.startImmediate(b); };
  loop.startImmediate(a);
  EXPECT_TRUE(loop.run(Loop::RunMode::kOnce));
  EXPECT_EQ(log, (Log{"a"}));
  EXPECT_FALSE(loop.run(Loop::RunMode::kOnce));
  EXPECT_EQ(log, (Log{"a", "b"}));
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(Loop, DrainHookRunsBeforeTheFirstPhaseAndAfterEveryCallback) {
  Loop loop;
  Log log;
  loop.setDrainHook(&logDrain, &log);
  NamedTimer a(&log, "timer-a"), b(&log, "timer-b");
  NamedDeferred p(&log, "pending");
  NamedImmediate i(&log, "check");
  NamedDeferred c(&log, "close");
  startDue(loop, a);
  startDue(loop, b);
  loop.queuePending(p);
  loop.startImmediate(i);
  loop.queueClose(c);
  EXPECT_FALSE(loop.run());
  EXPECT_EQ(collapseDrains(log), (Log{"drain", "timer-a", "drain", "timer-b", "drain", "pending",
                                      "drain", "check", "drain", "close", "drain"}));
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(Loop, DrainHookRunsAfterIoAndPostedCallbacks) {
  Loop loop;
  Log log;
  loop.setDrainHook(&logDrain, &log);
  NamedWatcher io(&log, "io");
  addReadyWatcher(loop, io);
  EXPECT_FALSE(loop.run());
  EXPECT_EQ(collapseDrains(log), (Log{"drain", "io", "drain"}));
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

// The loop's own machinery (its cross-thread queue) must not wake the poll or run callbacks
// when nothing was posted: every drain here belongs to the run's start or to a user callback.
TEST(Loop, LoopRunsNoCallbacksOfItsOwn) {
  Loop loop;
  Log log;
  loop.setDrainHook(&logDrain, &log);
  NamedTimer due(&log, "due"), later(&log, "later");
  startDue(loop, due);
  loop.startTimer(later, 20);
  EXPECT_FALSE(loop.run());
  EXPECT_EQ(log, (Log{"drain", "due", "drain", "later", "drain"}));
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

struct DrainProbe {
  Loop* loop;
  int depth = 0;
  int maxDepth = 0;
  int calls = 0;
};

TEST(Loop, DrainHookIsNotReentered) {
  Loop loop;
  DrainProbe probe{&loop};
  loop.setDrainHook(
      [](void* ctx) {
        auto* p = static_cast<DrainProbe*>(ctx);
        ++p->calls;
        ++p->depth;
        p->maxDepth = std::max(p->maxDepth, p->depth);
        p->loop->drain();  // what a nested callback boundary would do
        --p->depth;
      },
      &probe);
  Log log;
  NamedImmediate i(&log, "i");
  loop.startImmediate(i);
  EXPECT_FALSE(loop.run());
  EXPECT_EQ(probe.maxDepth, 1);
  EXPECT_GE(probe.calls, 2);  // before the phases, after the immediate
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

struct Caught {
  std::vector<std::string> messages;
};

void recordUncaught(void* ctx, std::exception_ptr e) {
  try {
    std::rethrow_exception(e);
  } catch (const std::exception& ex) {
    static_cast<Caught*>(ctx)->messages.push_back(ex.what());
  }
}

TEST(Loop, UncaughtHandlerReceivesExceptionsFromCallbacksAndTheLoopGoesOn) {
  Loop loop;
  Log log;
  Caught caught;
  loop.setUncaughtHandler(&recordUncaught, &caught);
  loop.setDrainHook(&logDrain, &log);
  NamedTimer thrower(&log, "thrower"), after(&log, "after");
  NamedImmediate throwingImmediate(&log, "immediate");
  NamedDeferred throwingClose(&log, "close");
  thrower.then = [] { throw std::runtime_error("from timer"); };
  throwingImmediate.then = [] { throw std::runtime_error("from immediate"); };
  throwingClose.then = [] { throw std::logic_error("from close"); };
  startDue(loop, thrower);
  startDue(loop, after);
  loop.startImmediate(throwingImmediate);
  loop.queueClose(throwingClose);
  EXPECT_FALSE(loop.run());
  EXPECT_EQ(caught.messages,
            (std::vector<std::string>{"from timer", "from immediate", "from close"}));
  // As in Node, a callback that threw is not followed by a drain: the queues run after the
  // next callback that returns normally.
  EXPECT_EQ(collapseDrains(log), (Log{"drain", "thrower", "after", "drain", "immediate", "close"}));
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(LoopDeathTest, UncaughtExceptionWithoutAHandlerAborts) {
  EXPECT_DEATH(
      {
        Loop loop;
        Log log;
        NamedImmediate i(&log, "i");
        i.then = [] { throw std::runtime_error("boom"); };
        loop.startImmediate(i);
        loop.run();
      },
      "uncaught exception: boom");
}

TEST(Loop, CurrentIsTheNewestLiveLoopOfThisThread) {
  Loop* before = Loop::current();
  {
    Loop outer;
    EXPECT_EQ(Loop::current(), &outer);
    {
      Loop inner;
      EXPECT_EQ(Loop::current(), &inner);
    }
    EXPECT_EQ(Loop::current(), &outer);
    EXPECT_FALSE(outer.alive());
    EXPECT_EQ(outer.activeHandles(), 0u);
  }
  EXPECT_EQ(Loop::current(), before);
}

TEST(Loop, CurrentIsPerThread) {
  Loop mine;
  Loop* seenByOtherThread = &mine;
  std::thread([&] { seenByOtherThread = Loop::current(); }).join();
  EXPECT_EQ(seenByOtherThread, nullptr);
  EXPECT_EQ(Loop::current(), &mine);
  EXPECT_FALSE(mine.alive());
  EXPECT_EQ(mine.activeHandles(), 0u);
}

// Loops owned by unique_ptrs or containers need not end in reverse order of creation; current()
// must never name a destroyed loop.
TEST(Loop, CurrentNeverNamesADestroyedLoop) {
  Loop* before = Loop::current();
  auto first = std::make_unique<Loop>();
  auto second = std::make_unique<Loop>();
  Loop* firstAddress = first.get();
  first.reset();
  EXPECT_NE(Loop::current(), firstAddress);
  second.reset();
  EXPECT_NE(Loop::current(), firstAddress);
  EXPECT_EQ(Loop::current(), before);
}

}  // namespace
}  // namespace nodecc::loop::core
