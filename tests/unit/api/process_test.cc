// process: nextTick and microtask order, hrtime, usage figures, env, argv, signals, uncaught
// exceptions and beforeExit.
#include <gtest/gtest.h>
#include <nodecc/nodecc.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "unit/api/api_test_util.h"

namespace nodecc {
namespace {

using Log = std::vector<std::string>;
using ProcessTest = test::ApiTest;

TEST_F(ProcessTest, NextTicksRunBeforeMicrotasks) {
  Log log;
  queueMicrotask([&] { log.push_back("microtask"); });
  Promise<>::resolve().then([&] { log.push_back("promise"); });
  process::nextTick([&] { log.push_back("tick 1"); });
  process::nextTick([&] { log.push_back("tick 2"); });
  log.push_back("sync");
  nodecc::run();
  EXPECT_EQ(log, (Log{"sync", "tick 1", "tick 2", "microtask", "promise"}));
}

// As V8: a microtask queued by a microtask runs in the same checkpoint, before ticks queued
// meanwhile; those run once the microtask queue is empty.
TEST_F(ProcessTest, TickQueuedFromAMicrotaskWaitsForTheMicrotaskQueueToEmpty) {
  Log log;
  queueMicrotask([&] {
    log.push_back("m1");
    process::nextTick([&] { log.push_back("tick from m1"); });
    queueMicrotask([&] { log.push_back("m2 from m1"); });
  });
  nodecc::run();
  EXPECT_EQ(log, (Log{"m1", "m2 from m1", "tick from m1"}));
}

TEST_F(ProcessTest, TickQueuedFromATickRunsInTheSameDrain) {
  Log log;
  process::nextTick([&] {
    log.push_back("t1");
    process::nextTick([&] { log.push_back("t3"); });
  });
  process::nextTick([&] { log.push_back("t2"); });
  queueMicrotask([&] { log.push_back("m"); });
  nodecc::run();
  EXPECT_EQ(log, (Log{"t1", "t2", "t3", "m"}));
}

// nextTick builds its callable inside the queue: one whose copy throws reaches the caller and
// leaves nothing behind that could run.
TEST_F(ProcessTest, ACallableThatThrowsWhileQueuedIsNotQueued) {
  struct ThrowsOnCopy {
    Log* log;
    explicit ThrowsOnCopy(Log* l) : log(l) {}
    ThrowsOnCopy(const ThrowsOnCopy&) { throw std::runtime_error("copy"); }
    ThrowsOnCopy(ThrowsOnCopy&& o) noexcept : log(o.log) {}
    void operator()() { log->push_back("never"); }
  };
  Log log;
  ThrowsOnCopy bad(&log);
  process::nextTick([&] { log.push_back("t1"); });
  EXPECT_THROW(process::nextTick(bad), std::runtime_error);
  process::nextTick([&] { log.push_back("t2"); });
  nodecc::run();
  EXPECT_EQ(log, (Log{"t1", "t2"}));
}

TEST_F(ProcessTest, TicksAndMicrotasksDrainAfterEveryTimerCallback) {
  Log log;
  setTimeout(
      [&] {
        log.push_back("A");
        process::nextTick([&] { log.push_back("tick after A"); });
        queueMicrotask([&] { log.push_back("microtask after A"); });
      },
      1);
  setTimeout([&] { log.push_back("B"); }, 1);
  nodecc::run();
  EXPECT_EQ(log, (Log{"A", "tick after A", "microtask after A", "B"}));
}

TEST_F(ProcessTest, NextTickPassesExtraArguments) {
  std::string got;
  process::nextTick([&](int a, const std::string& b) { got = std::to_string(a) + b; }, 7,
                    std::string("x"));
  nodecc::run();
  EXPECT_EQ(got, "7x");
}

TEST_F(ProcessTest, TicksQueuedFromATickGrowTheQueueMidDrain) {
  std::vector<int> order;
  process::nextTick([&order] {
    for (int i = 0; i < 3000; ++i) {
      process::nextTick([&order, i] { order.push_back(i); });
    }
  });
  process::nextTick([&order] { order.push_back(-1); });  // queued before the 3000
  nodecc::run();
  ASSERT_EQ(order.size(), 3001u);
  EXPECT_EQ(order[0], -1);
  for (int i = 0; i < 3000; ++i) {
    ASSERT_EQ(order[size_t(i) + 1], i);
  }
}

TEST_F(ProcessTest, QueueMicrotaskRunsFifo) {
  Log log;
  for (int i = 0; i < 5; ++i) {
    queueMicrotask([&log, i] { log.push_back(std::to_string(i)); });
  }
  nodecc::run();
  EXPECT_EQ(log, (Log{"0", "1", "2", "3", "4"}));
}

TEST_F(ProcessTest, ManyTicksAllRunInOrder) {
  // More than the tick ring's first capacity, so it has to grow mid-stream.
  std::vector<int> order;
  for (int i = 0; i < 5000; ++i) {
    process::nextTick([&order, i] { order.push_back(i); });
  }
  nodecc::run();
  ASSERT_EQ(order.size(), 5000u);
  for (int i = 0; i < 5000; ++i) {
    ASSERT_EQ(order[size_t(i)], i);
  }
}

TEST_F(ProcessTest, HrtimeIsMonotonic) {
  auto prev = process::hrtime();
  for (int i = 0; i < 10000; ++i) {
    auto now = process::hrtime();
    ASSERT_LT(now[1], 1000000000u);
    ASSERT_GE(now, prev);  // [seconds, nanoseconds] compares lexicographically
    prev = now;
  }
  uint64_t b = process::hrtime.bigint();
  for (int i = 0; i < 10000; ++i) {
    uint64_t n = process::hrtime.bigint();
    ASSERT_GE(n, b);
    b = n;
  }
}

TEST_F(ProcessTest, HrtimeAndBigintAgree) {
  auto t = process::hrtime();
  uint64_t asNs = t[0] * 1000000000u + t[1];
  uint64_t big = process::hrtime.bigint();
  EXPECT_GE(big, asNs);
  EXPECT_LT(big - asNs, 5'000'000'000u);  // generous: the second read follows the first
}

TEST_F(ProcessTest, HrtimeWithAPreviousValueGivesTheDifference) {
  auto start = process::hrtime();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  auto diff = process::hrtime(start);
  uint64_t ns = diff[0] * 1000000000u + diff[1];
  EXPECT_LT(diff[1], 1000000000u);
  EXPECT_GE(ns, 20'000'000u);
  EXPECT_LT(ns, 60'000'000'000u);
}

TEST_F(ProcessTest, UptimeGrows) {
  double a = process::uptime();
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  double b = process::uptime();
  EXPECT_GE(a, 0.0);
  EXPECT_GE(b - a, 0.009);
}

TEST_F(ProcessTest, MemoryUsageReportsResidentSetSize) {
  process::MemoryUsage m = process::memoryUsage();
  EXPECT_GT(m.rss, 0u);
  EXPECT_LT(m.rss, 1ull << 40);  // sanity: below a terabyte
}

TEST_F(ProcessTest, CpuUsageWithAPreviousValueGivesTheDifference) {
  process::CpuUsage before = process::cpuUsage();
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  volatile uint64_t sink = 0;
  while (process::cpuUsage().user == before.user && std::chrono::steady_clock::now() < deadline) {
    for (int i = 0; i < 100000; ++i) {
      sink = sink + uint64_t(i);
    }
  }
  process::CpuUsage diff = process::cpuUsage(before);
  process::CpuUsage total = process::cpuUsage();
  EXPECT_GT(diff.user, 0u);
  EXPECT_LE(diff.user, total.user);
  EXPECT_LE(diff.system, total.system);
}

TEST_F(ProcessTest, EnvGetSetHasErase) {
  const char* name = "NODECC_PROCESS_TEST_VAR";
  process::env.erase(name);
  EXPECT_FALSE(process::env.has(name));
  EXPECT_EQ(process::env.get(name), std::nullopt);
  EXPECT_EQ(process::env[name], "");
  process::env.set(name, "value 1");
  EXPECT_TRUE(process::env.has(name));
  EXPECT_EQ(process::env.get(name), "value 1");
  EXPECT_EQ(process::env[name], "value 1");
  EXPECT_STREQ(getenv(name), "value 1");  // the real environment, as child processes see it
  bool listed = false;
  for (const auto& [k, v] : process::env.entries()) {
    listed |= k == name && v == "value 1";
  }
  EXPECT_TRUE(listed);
  process::env.set(name, "");
  EXPECT_TRUE(process::env.has(name));  // set to empty is not unset
  EXPECT_EQ(process::env.get(name), "");
  process::env.erase(name);
  EXPECT_FALSE(process::env.has(name));
}

TEST_F(ProcessTest, ArgvHasNodesIndices) {
  // Node: [execPath, script, user arguments...]; the test binary is its own script.
  const std::vector<std::string>& argv = process::argv();
  ASSERT_GE(argv.size(), 2u);
  EXPECT_EQ(argv[0], process::execPath());
  EXPECT_EQ(argv[1], process::execPath());
  EXPECT_EQ(process::execPath().front(), '/');
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe);
  ASSERT_GT(n, 0);
  EXPECT_EQ(process::execPath(), std::string(exe, size_t(n)));
  EXPECT_NE(process::argv0().find("api_test"), std::string::npos) << process::argv0();
  // gtest's own arguments, if any, follow from index 2.
  std::ifstream cmdline("/proc/self/cmdline", std::ios::binary);
  size_t count = 0;
  for (std::string arg; std::getline(cmdline, arg, '\0');) {
    ++count;
  }
  EXPECT_EQ(argv.size(), count + 1);
}

TEST_F(ProcessTest, CwdIsCachedUntilChdir) {
  std::string before = process::cwd();
  ASSERT_EQ(::chdir("/"), 0);  // behind nodecc's back: not seen, as in Node
  EXPECT_EQ(process::cwd(), before);
  process::chdir("/tmp");
  EXPECT_EQ(process::cwd(), "/tmp");
  process::chdir(before);
  EXPECT_EQ(process::cwd(), before);
}

TEST_F(ProcessTest, PidCwdAndChdir) {
  EXPECT_EQ(process::pid(), int(getpid()));
  EXPECT_EQ(process::ppid(), int(getppid()));
  std::string before = process::cwd();
  EXPECT_FALSE(before.empty());
  process::chdir("/");
  EXPECT_EQ(process::cwd(), "/");
  process::chdir(before);
  EXPECT_EQ(process::cwd(), before);
  try {
    process::chdir("/no/such/dir/for/nodecc");
    FAIL() << "chdir to a missing directory must throw";
  } catch (const Error& e) {
    EXPECT_EQ(e.code, "ENOENT");
    EXPECT_EQ(e.syscall, "chdir");
    EXPECT_EQ(e.path, "/no/such/dir/for/nodecc");
  }
}

TEST_F(ProcessTest, EmitWarningPrintsAndEmits) {
  std::string name, message, code;
  auto onWarning = [&](const Error& w) {
    name = w.name;
    message = w.message;
    code = w.code;
  };
  process::on("warning", onWarning);
  testing::internal::CaptureStderr();
  process::emitWarning("something odd", "DeprecationWarning", "DEP0999");
  EXPECT_EQ(name, "");  // as Node: printed and emitted from a nextTick, not synchronously
  nodecc::run();
  std::string err = testing::internal::GetCapturedStderr();
  process::off("warning", onWarning);
  EXPECT_EQ(name, "DeprecationWarning");
  EXPECT_EQ(message, "something odd");
  EXPECT_EQ(code, "DEP0999");
  std::string expected =
      "(nodecc:" + std::to_string(getpid()) + ") [DEP0999] DeprecationWarning: something odd\n";
  EXPECT_EQ(err, expected);
}

struct SignalSeen {
  std::string name;
  int number = 0;
  int calls = 0;
};

TEST_F(ProcessTest, SignalListenerReceivesARaisedSignal) {
  SignalSeen seen;
  Timeout keepAlive = setInterval([] {}, 60000);  // signal listeners alone keep nothing alive
  auto onSignal = [&](const std::string& name, int number) {
    seen.name = name;
    seen.number = number;
    ++seen.calls;
    clearInterval(keepAlive);
  };
  process::on("SIGUSR2", onSignal);
  ASSERT_EQ(raise(SIGUSR2), 0);  // with a listener, the default action (exit) must not run
  nodecc::run();
  process::off("SIGUSR2", onSignal);
  EXPECT_EQ(seen.calls, 1);
  EXPECT_EQ(seen.name, "SIGUSR2");
  EXPECT_EQ(seen.number, SIGUSR2);
}

TEST_F(ProcessTest, SignalSentToTheProcessReachesTheListener) {
  SignalSeen seen;
  Timeout keepAlive = setInterval([] {}, 60000);
  auto onSignal = [&](const std::string& name) {
    seen.name = name;
    ++seen.calls;
    clearInterval(keepAlive);
  };
  process::on("SIGUSR2", onSignal);
  ASSERT_EQ(kill(getpid(), SIGUSR2), 0);
  nodecc::run();
  process::off("SIGUSR2", onSignal);
  EXPECT_EQ(seen.calls, 1);
  EXPECT_EQ(seen.name, "SIGUSR2");
}

TEST_F(ProcessTest, SignalStaysWatchedWhileAnyListenerRemains) {
  int firstCalls = 0, secondCalls = 0;
  Timeout keepAlive = setInterval([] {}, 60000);
  auto first = [&](const std::string&) { ++firstCalls; };
  auto second = [&](const std::string&) {
    ++secondCalls;
    clearInterval(keepAlive);
  };
  process::on("SIGUSR2", first);
  process::on("SIGUSR2", second);
  process::off("SIGUSR2", first);
  ASSERT_EQ(raise(SIGUSR2), 0);
  nodecc::run();
  process::off("SIGUSR2", second);
  EXPECT_EQ(firstCalls, 0);
  EXPECT_EQ(secondCalls, 1);
}

TEST_F(ProcessTest, RemovingTheLastSignalListenerRestoresTheDefaultAction) {
  auto onSignal = [](const std::string&) {};
  process::on("SIGUSR2", onSignal);
  process::off("SIGUSR2", onSignal);
  sigset_t cur;
  pthread_sigmask(SIG_BLOCK, nullptr, &cur);
  EXPECT_FALSE(sigismember(&cur, SIGUSR2));
  EXPECT_EXIT(raise(SIGUSR2), testing::KilledBySignal(SIGUSR2), "");
}

TEST_F(ProcessTest, UncaughtExceptionListenerReceivesAThrowFromATimerAndTheLoopGoesOn) {
  std::vector<std::string> seen;
  Log log;
  auto onUncaught = [&](std::exception_ptr e, const std::string& origin) {
    seen.push_back(test::messageOf(e) + " / " + origin);
  };
  process::on("uncaughtException", onUncaught);
  setTimeout([] { throw Error("boom"); }, 1);
  setTimeout([&] { log.push_back("still running"); }, 10);
  setImmediate([&] { log.push_back("immediate"); });
  nodecc::run();
  process::off("uncaughtException", onUncaught);
  EXPECT_EQ(seen, (std::vector<std::string>{"boom / uncaughtException"}));
  EXPECT_EQ(log, (Log{"immediate", "still running"}));
}

TEST_F(ProcessTest, UncaughtExceptionFromTicksAndMicrotasksReachesTheListener) {
  std::vector<std::string> seen;
  Log log;
  auto onUncaught = [&](std::exception_ptr e, const std::string&) {
    seen.push_back(test::messageOf(e));
  };
  process::on("uncaughtException", onUncaught);
  process::nextTick([] { throw std::runtime_error("from tick"); });
  process::nextTick([&] { log.push_back("next tick still runs"); });
  queueMicrotask([] { throw std::runtime_error("from microtask"); });
  nodecc::run();
  process::off("uncaughtException", onUncaught);
  EXPECT_EQ(seen, (std::vector<std::string>{"from tick", "from microtask"}));
  EXPECT_EQ(log, (Log{"next tick still runs"}));
}

TEST_F(ProcessTest, UnhandledRejectionWithoutItsListenerGoesToUncaughtException) {
  std::vector<std::string> seen;
  auto onUncaught = [&](std::exception_ptr e, const std::string& origin) {
    seen.push_back(test::messageOf(e) + " / " + origin);
  };
  process::on("uncaughtException", onUncaught);
  Promise<int>::reject(Error("rejected"));
  nodecc::run();
  process::off("uncaughtException", onUncaught);
  EXPECT_EQ(seen, (std::vector<std::string>{"rejected / unhandledRejection"}));
}

TEST_F(ProcessTest, BeforeExitMayScheduleMoreWork) {
  Log log;
  int beforeExitCalls = 0;
  auto onBeforeExit = [&](int code) {
    log.push_back("beforeExit " + std::to_string(code));
    if (++beforeExitCalls == 1) {
      setTimeout([&] { log.push_back("scheduled from beforeExit"); }, 1);
    }
  };
  process::on("beforeExit", onBeforeExit);
  setImmediate([&] { log.push_back("work"); });
  int code = nodecc::run();
  process::off("beforeExit", onBeforeExit);
  EXPECT_EQ(code, 0);
  EXPECT_EQ(log, (Log{"work", "beforeExit 0", "scheduled from beforeExit", "beforeExit 0"}));
}

TEST_F(ProcessTest, RunReturnsTheExitCode) {
  process::exitCode = 3;
  int code = nodecc::run();
  process::exitCode = 0;
  EXPECT_EQ(code, 3);
}

// Without listeners, Node prints the error and exits with code 1 after 'exit' listeners ran.
// "threadsafe" re-executes the binary, so the child is a fresh process that never ran the loop.
TEST_F(ProcessTest, UncaughtExceptionWithoutAListenerExitsWithCodeOne) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        process::on("exit", [](int code) { std::fprintf(stderr, "exit listener: %d\n", code); });
        setTimeout([] { throw Error("fatal boom"); }, 1);
        nodecc::run();
        std::_Exit(0);
      },
      testing::ExitedWithCode(1), "Uncaught Error: fatal boom(.|\n)*exit listener: 1");
}

// The brief allows nodecc::run() to be called more than once in a process; 'exit' belongs to
// the moment the process really exits, so an earlier run() must not use it up.
TEST_F(ProcessTest, ExitListenersRunOnProcessExitEvenAfterAnEarlierRun) {
  EXPECT_EXIT(
      {
        nodecc::run();
        process::on("exit", [](int code) { std::fprintf(stderr, "exit listener: %d\n", code); });
        process::exit(4);
      },
      testing::ExitedWithCode(4), "exit listener: 4");
}

TEST_F(ProcessTest, UnhandledRejectionWithoutListenersExitsWithCodeOne) {
  EXPECT_EXIT(
      {
        Promise<int>::reject(Error("fatal rejection"));
        nodecc::run();
        std::_Exit(0);
      },
      testing::ExitedWithCode(1), "fatal rejection");
}

TEST_F(ProcessTest, ThrowingUncaughtExceptionListenerExitsWithCodeSeven) {
  EXPECT_EXIT(
      {
        process::on("uncaughtException", [](std::exception_ptr) { throw Error("handler failed"); });
        setTimeout([] { throw Error("first"); }, 1);
        nodecc::run();
        std::_Exit(0);
      },
      testing::ExitedWithCode(7), "handler failed");
}

}  // namespace
}  // namespace nodecc
