// EventEmitter: adding, removing and emitting.
#include <gtest/gtest.h>
#include <nodecc/nodecc.h>

#include <string>
#include <vector>

#include "unit/api/api_test_util.h"

namespace nodecc {
namespace {

using Log = std::vector<std::string>;

using EventEmitterTest = test::ApiTest;

TEST_F(EventEmitterTest, OnAndAddListenerBothRegister) {
  EventEmitter e;
  Log log;
  e.on("data", [&](const std::string& s) { log.push_back("on:" + s); });
  e.addListener("data", [&](std::string s) { log.push_back("add:" + s); });
  EXPECT_EQ(e.listenerCount("data"), 2u);
  EXPECT_TRUE(e.emit("data", std::string("x")));
  EXPECT_EQ(log, (Log{"on:x", "add:x"}));
}

TEST_F(EventEmitterTest, EmitReturnsWhetherThereWereListeners) {
  EventEmitter e;
  EXPECT_FALSE(e.emit("nothing"));
  EXPECT_FALSE(e.emit("nothing", 1, 2));
  e.on("something", [] {});
  EXPECT_TRUE(e.emit("something"));
  EXPECT_FALSE(e.emit("other"));
}

TEST_F(EventEmitterTest, ListenersRunInRegistrationOrderEveryEmit) {
  EventEmitter e;
  Log log;
  e.on("x", [&](int n) { log.push_back("a" + std::to_string(n)); });
  e.on("x", [&](int n) { log.push_back("b" + std::to_string(n)); });
  e.emit("x", 1);
  e.emit("x", 2);
  EXPECT_EQ(log, (Log{"a1", "b1", "a2", "b2"}));
}

TEST_F(EventEmitterTest, OnceRunsOnlyOnceAndIsRemovedBeforeItRuns) {
  EventEmitter e;
  int calls = 0;
  size_t countInside = 99;
  e.once("x", [&] {
    ++calls;
    countInside = e.listenerCount("x");
  });
  EXPECT_EQ(e.listenerCount("x"), 1u);
  EXPECT_TRUE(e.emit("x"));
  EXPECT_FALSE(e.emit("x"));
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(countInside, 0u);
  EXPECT_EQ(e.listenerCount("x"), 0u);
}

TEST_F(EventEmitterTest, OnceAmongOtherListenersRunsOnce) {
  EventEmitter e;
  Log log;
  e.on("x", [&] { log.push_back("on"); });
  e.once("x", [&] { log.push_back("once"); });
  e.on("x", [&] { log.push_back("on2"); });
  e.emit("x");
  e.emit("x");
  EXPECT_EQ(log, (Log{"on", "once", "on2", "on", "on2"}));
}

TEST_F(EventEmitterTest, OffWithTheSameLambdaObjectRemovesIt) {
  EventEmitter e;
  int calls = 0;
  auto listener = [&calls](int) { ++calls; };
  e.on("x", listener);
  e.off("x", listener);
  EXPECT_EQ(e.listenerCount("x"), 0u);
  EXPECT_FALSE(e.emit("x", 1));
  EXPECT_EQ(calls, 0);
}

TEST_F(EventEmitterTest, RemoveListenerIsOff) {
  EventEmitter e;
  auto listener = [](int) {};
  e.on("x", listener);
  e.removeListener("x", listener);
  EXPECT_EQ(e.listenerCount("x"), 0u);
}

TEST_F(EventEmitterTest, OffWithADifferentLambdaRemovesNothing) {
  EventEmitter e;
  auto a = [](int) {};
  auto b = [](int) {};  // same body, different closure type: a different function
  e.on("x", a);
  e.off("x", b);
  EXPECT_EQ(e.listenerCount("x"), 1u);
  e.off("y", a);  // other event: untouched
  EXPECT_EQ(e.listenerCount("x"), 1u);
}

TEST_F(EventEmitterTest, OffRemovesTheMostRecentlyAddedMatchOnly) {
  EventEmitter e;
  Log log;
  auto tagged = [&log](const std::string& s) { log.push_back(s); };
  auto other = [&log](const std::string& s) { log.push_back("other:" + s); };
  e.on("x", tagged);
  e.on("x", other);
  e.on("x", tagged);
  e.off("x", tagged);
  EXPECT_EQ(e.listenerCount("x"), 2u);
  e.emit("x", std::string("v"));
  EXPECT_EQ(log, (Log{"v", "other:v"}));  // the first `tagged` stayed, in its place
}

TEST_F(EventEmitterTest, OffRemovesAOnceListenerBeforeItRuns) {
  EventEmitter e;
  int calls = 0;
  auto listener = [&calls] { ++calls; };
  e.once("x", listener);
  e.off("x", listener);
  EXPECT_FALSE(e.emit("x"));
  EXPECT_EQ(calls, 0);
}

int gPointerCalls = 0;
void countA(int) {
  gPointerCalls += 1;
}
void countB(int) {
  gPointerCalls += 100;
}

TEST_F(EventEmitterTest, FunctionPointersAreRemovedByIdentity) {
  gPointerCalls = 0;
  EventEmitter e;
  e.on("x", countA);
  e.on("x", &countB);
  e.off("x", countB);  // a function and a pointer to it are the same listener
  EXPECT_EQ(e.listenerCount("x"), 1u);
  e.emit("x", 0);
  EXPECT_EQ(gPointerCalls, 1);
  e.off("x", &countB);  // no longer there: no-op
  EXPECT_EQ(e.listenerCount("x"), 1u);
  e.off("x", &countA);
  EXPECT_EQ(e.listenerCount("x"), 0u);
}

TEST_F(EventEmitterTest, RemoveAllListenersOfOneEvent) {
  EventEmitter e;
  e.on("a", [] {});
  e.on("a", [] {});
  e.on("b", [] {});
  e.removeAllListeners("a");
  EXPECT_EQ(e.listenerCount("a"), 0u);
  EXPECT_EQ(e.listenerCount("b"), 1u);
  EXPECT_EQ(e.eventNames(), (std::vector<std::string>{"b"}));
  e.removeAllListeners("missing");  // no-op
  EXPECT_EQ(e.listenerCount("b"), 1u);
}

TEST_F(EventEmitterTest, RemoveAllListenersOfEveryEvent) {
  EventEmitter e;
  e.on("a", [] {});
  e.on("b", [] {});
  e.once("c", [] {});
  e.removeAllListeners();
  EXPECT_TRUE(e.eventNames().empty());
  EXPECT_FALSE(e.emit("a"));
  EXPECT_FALSE(e.emit("c"));
}

TEST_F(EventEmitterTest, PrependListenerRunsFirst) {
  EventEmitter e;
  Log log;
  e.on("x", [&] { log.push_back("on"); });
  e.prependListener("x", [&] { log.push_back("prepended"); });
  e.emit("x");
  EXPECT_EQ(log, (Log{"prepended", "on"}));
}

TEST_F(EventEmitterTest, PrependOnceListenerRunsFirstAndOnce) {
  EventEmitter e;
  Log log;
  e.on("x", [&] { log.push_back("on"); });
  e.prependOnceListener("x", [&] { log.push_back("prepended-once"); });
  e.emit("x");
  e.emit("x");
  EXPECT_EQ(log, (Log{"prepended-once", "on", "on"}));
}

TEST_F(EventEmitterTest, ListenerCountCountsPerEvent) {
  EventEmitter e;
  EXPECT_EQ(e.listenerCount("x"), 0u);
  e.on("x", [] {});
  e.once("x", [] {});
  e.on("y", [] {});
  EXPECT_EQ(e.listenerCount("x"), 2u);
  EXPECT_EQ(e.listenerCount("y"), 1u);
  e.emit("x");
  EXPECT_EQ(e.listenerCount("x"), 1u);
}

TEST_F(EventEmitterTest, EventNamesInOrderOfFirstRegistration) {
  EventEmitter e;
  auto l = [] {};
  e.on("first", l);
  e.on("second", [] {});
  e.on("first", [] {});
  e.on("third", [] {});
  EXPECT_EQ(e.eventNames(), (std::vector<std::string>{"first", "second", "third"}));
  e.removeAllListeners("second");
  EXPECT_EQ(e.eventNames(), (std::vector<std::string>{"first", "third"}));
  e.on("second", [] {});  // a removed event comes back at the end, as a deleted JS key does
  EXPECT_EQ(e.eventNames(), (std::vector<std::string>{"first", "third", "second"}));
}

TEST_F(EventEmitterTest, ListenersThatCaptureMoveOnlyStateWork) {
  EventEmitter e;
  auto owned = std::make_unique<int>(41);
  int seen = 0;
  e.on("x", [p = std::move(owned), &seen]() mutable { seen = ++*p; });
  e.emit("x");
  EXPECT_EQ(seen, 42);
}

TEST_F(EventEmitterTest, ExceptionFromAListenerPropagatesOutOfEmit) {
  EventEmitter e;
  bool laterRan = false;
  e.on("x", [] { throw std::runtime_error("listener failed"); });
  e.on("x", [&] { laterRan = true; });
  EXPECT_THROW(e.emit("x"), std::runtime_error);
  EXPECT_FALSE(laterRan);  // as in Node: the throw ends the emit
  EXPECT_EQ(e.listenerCount("x"), 2u);
}

// Names are told apart by their first 8 bytes, their length and, past 8 bytes, the rest.
TEST_F(EventEmitterTest, NamesSharingTheirFirstBytesStayDistinct) {
  EventEmitter e;
  std::string got;
  const std::string withNul("ab\0", 3);
  for (std::string name : {"ab", "abc", "listener1", "listener2", "listener", "listener12"}) {
    e.on(name, [&got, name] { got += name + ";"; });
  }
  e.on(withNul, [&got] { got += "nul;"; });
  for (const std::string& name : std::vector<std::string>{"listener2", "ab", "listener", withNul,
                                                          "listener12", "abc", "listener1"}) {
    e.emit(name);
  }
  EXPECT_EQ(got, "listener2;ab;listener;nul;listener12;abc;listener1;");
  EXPECT_EQ(e.listenerCount("listener3"), 0u);
  EXPECT_FALSE(e.emit("listener3"));
}

}  // namespace
}  // namespace nodecc
