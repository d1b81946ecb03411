#pragma once
// Loop test helpers: nodes that record their name in a shared log when the loop runs them.
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "loop/loop.h"

namespace nodecc::loop::core::test {

using Log = std::vector<std::string>;

struct NamedTimer : Timer {
  NamedTimer(Log* log, std::string name)
      : Timer(&NamedTimer::onFire), log(log), name(std::move(name)) {}
  static void onFire(Timer* t) {
    auto* self = static_cast<NamedTimer*>(t);
    self->log->push_back(self->name);
    if (self->then) {
      self->then();
    }
  }
  Log* log;
  std::string name;
  std::function<void()> then;
};

struct NamedImmediate : Immediate {
  NamedImmediate(Log* log, std::string name)
      : Immediate(&NamedImmediate::onRun), log(log), name(std::move(name)) {}
  static void onRun(Immediate* i) {
    auto* self = static_cast<NamedImmediate*>(i);
    self->log->push_back(self->name);
    if (self->then) {
      self->then();
    }
  }
  Log* log;
  std::string name;
  std::function<void()> then;
};

struct NamedDeferred : Deferred {
  NamedDeferred(Log* log, std::string name)
      : Deferred(&NamedDeferred::onRun), log(log), name(std::move(name)) {}
  static void onRun(Deferred* d) {
    auto* self = static_cast<NamedDeferred*>(d);
    self->log->push_back(self->name);
    if (self->then) {
      self->then();
    }
  }
  Log* log;
  std::string name;
  std::function<void()> then;
};

struct NamedWatcher : IoWatcher {
  NamedWatcher(Log* log, std::string name) : log(log), name(std::move(name)) {
    onEvents = &NamedWatcher::onIo;
  }
  static void onIo(IoWatcher* w, uint32_t events) {
    auto* self = static_cast<NamedWatcher*>(w);
    self->log->push_back(self->name);
    self->lastEvents = events;
    if (self->then) {
      self->then();
    }
  }
  Log* log;
  std::string name;
  uint32_t lastEvents = 0;
  std::function<void()> then;
};

}  // namespace nodecc::loop::core::test
