// EventEmitter: Node's rules for listeners changing during emit, meta-events, 'error', typed
// payloads and the max-listeners warning.
#include <gtest/gtest.h>
#include <nodecc/nodecc.h>

#include <string>
#include <string_view>
#include <vector>

#include "unit/api/api_test_util.h"

namespace nodecc {
namespace {

using Log = std::vector<std::string>;

using EventEmitterTest = test::ApiTest;

TEST_F(EventEmitterTest, ListenerAddedDuringEmitDoesNotRunInThatEmit) {
  EventEmitter e;
  Log log;
  bool added = false;
  e.on("x", [&] {
    log.push_back("a");
    if (!added) {
      added = true;
      e.on("x", [&] { log.push_back("late"); });
    }
  });
  e.emit("x");
  EXPECT_EQ(log, (Log{"a"}));
  e.emit("x");
  EXPECT_EQ(log, (Log{"a", "a", "late"}));
}

TEST_F(EventEmitterTest, ListenerAddedDuringEmitWithSeveralListenersDoesNotRunInThatEmit) {
  EventEmitter e;
  Log log;
  bool added = false;
  e.on("x", [&] {
    log.push_back("a");
    if (!added) {
      added = true;
      e.on("x", [&] { log.push_back("late"); });
      e.prependListener("x", [&] { log.push_back("early"); });
    }
  });
  e.on("x", [&] { log.push_back("b"); });
  e.emit("x");
  EXPECT_EQ(log, (Log{"a", "b"}));
  log.clear();
  e.emit("x");
  EXPECT_EQ(log, (Log{"early", "a", "b", "late"}));
}

TEST_F(EventEmitterTest, ListenerRemovedDuringEmitStillRunsInThatEmit) {
  EventEmitter e;
  Log log;
  auto b = [&log] { log.push_back("b"); };
  e.on("x", [&] {
    log.push_back("a");
    e.off("x", b);
  });
  e.on("x", b);
  e.emit("x");
  EXPECT_EQ(log, (Log{"a", "b"}));
  log.clear();
  e.emit("x");
  EXPECT_EQ(log, (Log{"a"}));
}

TEST_F(EventEmitterTest, RemoveAllListenersDuringEmitLetsThatEmitFinish) {
  EventEmitter e;
  Log log;
  e.on("x", [&] {
    log.push_back("a");
    e.removeAllListeners("x");
  });
  e.on("x", [&] { log.push_back("b"); });
  e.emit("x");
  EXPECT_EQ(log, (Log{"a", "b"}));
  EXPECT_FALSE(e.emit("x"));
}

int gSelfRemovingCalls = 0;
void selfRemoving(EventEmitter* em) {
  ++gSelfRemovingCalls;
  em->off("x", &selfRemoving);
}

// The listener being run is the one removed: it must stay alive until it returns.
TEST_F(EventEmitterTest, ListenerRemovingItselfDuringEmitIsSafe) {
  gSelfRemovingCalls = 0;
  EventEmitter e;
  e.on("x", &selfRemoving);
  EXPECT_TRUE(e.emit("x", &e));
  EXPECT_FALSE(e.emit("x", &e));
  e.on("x", &selfRemoving);
  e.on("x", [](EventEmitter*) {});
  e.emit("x", &e);
  e.emit("x", &e);
  EXPECT_EQ(gSelfRemovingCalls, 2);
}

// Node's once wrapper carries a `fired` flag: an emit re-entered from an earlier listener runs
// the once-listener, and the outer emit, whose snapshot still holds it, must not run it again.
TEST_F(EventEmitterTest, OnceListenerRunsOnceEvenWhenEmitIsReentered) {
  EventEmitter e;
  int onceCalls = 0;
  bool reentered = false;
  e.on("x", [&] {
    if (!reentered) {
      reentered = true;
      e.emit("x");
    }
  });
  e.once("x", [&] { ++onceCalls; });
  e.emit("x");
  EXPECT_EQ(onceCalls, 1);
  EXPECT_EQ(e.listenerCount("x"), 1u);
}

TEST_F(EventEmitterTest, NewListenerIsEmittedBeforeTheListenerIsAdded) {
  EventEmitter e;
  Log log;
  e.on("newListener", [&](const std::string& name) {
    log.push_back("new:" + name + " count=" + std::to_string(e.listenerCount(name)));
  });
  e.on("data", [] {});
  e.once("data", [] {});
  EXPECT_EQ(log, (Log{"new:data count=0", "new:data count=1"}));
}

TEST_F(EventEmitterTest, ListenerAddedFromNewListenerRunsBeforeTheOneBeingAdded) {
  EventEmitter e;
  Log log;
  bool inserting = false;
  e.once("newListener", [&](const std::string& name) {
    if (name == "x" && !inserting) {
      inserting = true;
      e.on("x", [&] { log.push_back("B"); });
    }
  });
  e.on("x", [&] { log.push_back("A"); });
  e.emit("x");
  EXPECT_EQ(log, (Log{"B", "A"}));
}

TEST_F(EventEmitterTest, RemoveListenerIsEmittedAfterTheListenerIsRemoved) {
  EventEmitter e;
  Log log;
  e.on("removeListener", [&](const std::string& name) {
    log.push_back("removed:" + name + " count=" + std::to_string(e.listenerCount(name)));
  });
  auto l = [] {};
  e.on("data", l);
  e.on("data", [] {});
  e.off("data", l);
  e.once("once", [] {});
  e.emit("once");  // a once-listener's removal is announced too
  EXPECT_EQ(log, (Log{"removed:data count=1", "removed:once count=0"}));
}

TEST_F(EventEmitterTest, RemoveAllListenersAnnouncesEachRemovalAndRemoveListenerLast) {
  EventEmitter e;
  Log log;
  e.on("removeListener", [&](const std::string& name) { log.push_back(name); });
  e.on("a", [] {});
  e.on("a", [] {});
  e.on("b", [] {});
  e.removeAllListeners();
  EXPECT_EQ(log, (Log{"a", "a", "b"}));
  EXPECT_TRUE(e.eventNames().empty());
}

TEST_F(EventEmitterTest, ErrorWithoutListenerThrowsTheErrorAsIs) {
  EventEmitter e;
  try {
    e.emit("error", Error("ECUSTOM", "boom"));
    FAIL() << "emit('error') without a listener must throw";
  } catch (const Error& err) {
    EXPECT_EQ(err.message, "boom");
    EXPECT_EQ(err.code, "ECUSTOM");
  }
  try {
    e.emit("error", TypeError("ERR_X", "typed"));
    FAIL();
  } catch (const TypeError& err) {  // the dynamic type survives
    EXPECT_EQ(err.name, "TypeError");
    EXPECT_EQ(err.message, "typed");
  }
}

TEST_F(EventEmitterTest, ErrorWithoutListenerRethrowsAnExceptionPtr) {
  EventEmitter e;
  std::exception_ptr ep = std::make_exception_ptr(std::out_of_range("range"));
  EXPECT_THROW(e.emit("error", ep), std::out_of_range);
}

TEST_F(EventEmitterTest, ErrorWithoutListenerAndANonErrorThrowsErrUnhandledError) {
  EventEmitter e;
  try {
    e.emit("error", 42);
    FAIL();
  } catch (const Error& err) {
    EXPECT_EQ(err.code, "ERR_UNHANDLED_ERROR");
  }
  try {
    e.emit("error");
    FAIL();
  } catch (const Error& err) {
    EXPECT_EQ(err.code, "ERR_UNHANDLED_ERROR");
  }
}

TEST_F(EventEmitterTest, ErrorWithAListenerIsDelivered) {
  EventEmitter e;
  std::string got;
  e.on("error", [&](const Error& err) { got = err.message; });
  EXPECT_TRUE(e.emit("error", Error("handled")));
  EXPECT_EQ(got, "handled");
}

TEST_F(EventEmitterTest, PayloadTypeMismatchThrowsTypeError) {
  EventEmitter e;
  e.on("x", [](int) {});
  try {
    e.emit("x", std::string("not an int"));
    FAIL() << "a listener declaring int must not receive a std::string";
  } catch (const TypeError& err) {
    EXPECT_EQ(err.code, "ERR_INVALID_ARG_TYPE");
    EXPECT_EQ(err.message,
              "The listener of event 'x' declares argument 0 as int, but emit() passed "
              "std::string");
  }
}

TEST_F(EventEmitterTest, ListenerDeclaringMoreParametersThanEmittedThrowsTypeError) {
  EventEmitter e;
  e.on("x", [](int, const std::string_view&) {});
  try {
    e.emit("x", 1);
    FAIL();
  } catch (const TypeError& err) {
    EXPECT_EQ(err.code, "ERR_INVALID_ARG_TYPE");
    EXPECT_EQ(err.message,
              "The listener of event 'x' declares argument 1 as std::string_view, but emit() "
              "passed only 1 argument");
  }
}

TEST_F(EventEmitterTest, StringLiteralIsNotAStdString) {
  EventEmitter e;
  std::string got;
  e.on("x", [&](const std::string& s) { got = s; });
  EXPECT_THROW(e.emit("x", "literal"), TypeError);
  EXPECT_TRUE(e.emit<std::string>("x", "converted"));
  EXPECT_EQ(got, "converted");
}

TEST_F(EventEmitterTest, ListenersMayDeclareAPrefixOfTheArguments) {
  EventEmitter e;
  Log log;
  e.on("x", [&] { log.push_back("none"); });
  e.on("x", [&](int n) { log.push_back("n=" + std::to_string(n)); });
  e.on("x", [&](int n, const std::string& s) { log.push_back(std::to_string(n) + s); });
  e.on("x", [&](int n, std::string s, double d) { log.push_back(s + std::to_string(int(d))); });
  e.emit("x", 7, std::string("s"), 2.0);
  EXPECT_EQ(log, (Log{"none", "n=7", "7s", "s2"}));
}

TEST_F(EventEmitterTest, ByValueAndConstRefParametersBothMatch) {
  EventEmitter e;
  int sum = 0;
  e.on("x", [&](int v) { sum += v; });
  e.on("x", [&](const int& v) { sum += v; });
  int lvalue = 5;
  e.emit("x", lvalue);
  EXPECT_EQ(sum, 10);
}

struct CapturedWarning {
  std::string name;
  std::string message;
  int count = 0;
};

TEST_F(EventEmitterTest, ExceedingMaxListenersWarnsOnceOnStderrAndOnProcess) {
  CapturedWarning w;
  auto onWarning = [&w](const Error& err) {
    ++w.count;
    w.name = err.name;
    w.message = err.message;
  };
  process::on("warning", onWarning);
  EventEmitter e;
  e.setMaxListeners(2);
  EXPECT_EQ(e.getMaxListeners(), 2u);
  // Node prints and emits warnings from a nextTick: run() drains it before stderr is read.
  testing::internal::CaptureStderr();
  e.on("x", [] {});
  e.on("x", [] {});
  nodecc::run();
  std::string quiet = testing::internal::GetCapturedStderr();
  EXPECT_EQ(quiet, "");
  testing::internal::CaptureStderr();
  e.on("x", [] {});
  e.on("x", [] {});       // still over the limit: no second warning
  EXPECT_EQ(w.count, 0);  // not synchronously
  nodecc::run();
  std::string err = testing::internal::GetCapturedStderr();
  process::off("warning", onWarning);
  EXPECT_NE(err.find("MaxListenersExceededWarning"), std::string::npos) << err;
  EXPECT_NE(err.find("Possible EventEmitter memory leak detected. 3 x listeners added"),
            std::string::npos)
      << err;
  size_t first = err.find("MaxListenersExceededWarning");
  EXPECT_EQ(err.find("MaxListenersExceededWarning", first + 1), std::string::npos) << err;
  EXPECT_EQ(w.count, 1);
  EXPECT_EQ(w.name, "MaxListenersExceededWarning");
  EXPECT_NE(w.message.find("3 x listeners"), std::string::npos) << w.message;
  EXPECT_EQ(process::listenerCount("warning"), 0u);
}

TEST_F(EventEmitterTest, DefaultMaxListenersIsTenAndZeroMeansUnlimited) {
  EXPECT_EQ(EventEmitter::defaultMaxListeners, 10u);
  EventEmitter e;
  EXPECT_EQ(e.getMaxListeners(), 10u);
  testing::internal::CaptureStderr();
  for (int i = 0; i < 10; ++i) {
    e.on("x", [] {});
  }
  nodecc::run();
  std::string atLimit = testing::internal::GetCapturedStderr();
  EXPECT_EQ(atLimit, "");
  testing::internal::CaptureStderr();
  e.on("x", [] {});
  nodecc::run();
  std::string over = testing::internal::GetCapturedStderr();
  EXPECT_NE(over.find("11 x listeners"), std::string::npos) << over;

  EventEmitter unlimited;
  unlimited.setMaxListeners(0);
  testing::internal::CaptureStderr();
  for (int i = 0; i < 50; ++i) {
    unlimited.on("y", [] {});
  }
  nodecc::run();
  std::string none = testing::internal::GetCapturedStderr();
  EXPECT_EQ(none, "");
}

TEST_F(EventEmitterTest, WarningIsPerEvent) {
  EventEmitter e;
  e.setMaxListeners(1);
  testing::internal::CaptureStderr();
  e.on("a", [] {});
  e.on("a", [] {});
  e.on("b", [] {});
  e.on("b", [] {});
  nodecc::run();
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("2 a listeners"), std::string::npos) << err;
  EXPECT_NE(err.find("2 b listeners"), std::string::npos) << err;
}

}  // namespace
}  // namespace nodecc
