#include "nodecc/events.h"

#include <algorithm>

#include "nodecc/process.h"

namespace nodecc {

size_t EventEmitter::defaultMaxListeners = 10;

namespace detail {
void throwListenerTypeMismatch(std::string_view event, size_t index) {
  throw TypeError("ERR_INVALID_ARG_TYPE",
                  "The listener of event '" + std::string(event) + "' declares argument " +
                      std::to_string(index) + " with a type that emit() did not pass");
}
}  // namespace detail

EventEmitter::~EventEmitter() = default;

void EventEmitter::throwUnhandledValue() {
  throw Error("ERR_UNHANDLED_ERROR", "Unhandled error.");
}

EventEmitter::Entry* EventEmitter::find(std::string_view event) {
  for (Entry& e : events_) {
    if (e.name == event) {
      return &e;
    }
  }
  return nullptr;
}

const EventEmitter::Entry* EventEmitter::find(std::string_view event) const {
  return const_cast<EventEmitter*>(this)->find(event);
}

bool EventEmitter::hasListeners(std::string_view event) const {
  const Entry* e = find(event);
  return e && !e->listeners.empty();
}

void EventEmitter::addImpl(std::string_view event, detail::ListenerRef l, bool prepend) {
  // 'newListener' comes first, so a listener it adds runs before this one.
  if (hasListeners("newListener")) {
    emit("newListener", std::string(event));
  }
  Entry* e = find(event);
  if (!e) {
    events_.push_back(Entry{std::string(event), {}, false});
    e = &events_.back();
  }
  if (prepend) {
    e->listeners.insert(e->listeners.begin(), std::move(l));
  } else {
    e->listeners.push_back(std::move(l));
  }
  size_t count = e->listeners.size();
  size_t max = getMaxListeners();
  if (max > 0 && count > max && !e->warned) {
    e->warned = true;
    process::emitWarning("Possible EventEmitter memory leak detected. " + std::to_string(count) +
                             " " + std::string(event) +
                             " listeners added to [EventEmitter]. Use "
                             "emitter.setMaxListeners() to increase limit",
                         "MaxListenersExceededWarning");
  }
  listenerCountChanged(event, count);
}

void EventEmitter::removeImpl(std::string_view event, const void* fn, const std::type_info& type) {
  Entry* e = find(event);
  if (!e) {
    return;
  }
  for (size_t i = e->listeners.size(); i-- > 0;) {
    if (e->listeners[i]->sameFunction(fn, type)) {
      eraseListener(event, e->listeners[i].get());
      return;
    }
  }
}

void EventEmitter::eraseListener(std::string_view event, detail::ListenerBase* l) {
  Entry* e = find(event);
  if (!e) {
    return;
  }
  auto it = std::find_if(e->listeners.begin(), e->listeners.end(),
                         [l](const detail::ListenerRef& r) { return r.get() == l; });
  if (it == e->listeners.end()) {
    return;
  }
  detail::ListenerRef keep = *it;  // alive until 'removeListener' listeners have run
  std::string name(event);         // `event` may view the entry's name, which may go away
  e->listeners.erase(it);
  size_t count = e->listeners.size();
  if (count == 0) {
    events_.erase(events_.begin() + (e - events_.data()));
  }
  listenerCountChanged(name, count);
  if (hasListeners("removeListener")) {
    emit("removeListener", name);
  }
}

EventEmitter& EventEmitter::removeAllListeners() {
  if (events_.empty()) {
    return *this;  // the common case of a recycled request/response pair
  }
  // As Node: with 'removeListener' listeners, each removal is announced, that event last.
  if (hasListeners("removeListener")) {
    for (const std::string& name : eventNames()) {
      if (name != "removeListener") {
        removeAllListeners(name);
      }
    }
    removeAllListeners("removeListener");
    return *this;
  }
  std::vector<std::string> names = eventNames();
  events_.clear();
  for (const std::string& n : names) {
    listenerCountChanged(n, 0);
  }
  return *this;
}

EventEmitter& EventEmitter::removeAllListeners(std::string_view event) {
  // Last added first, as Node removes them.
  while (Entry* e = find(event)) {
    if (e->listeners.empty()) {
      break;
    }
    eraseListener(event, e->listeners.back().get());
  }
  return *this;
}

bool EventEmitter::emitImpl(std::string_view event, const detail::EmitArgs& args) {
  Entry* e = find(event);
  if (e->listeners.size() == 1) {
    detail::ListenerRef l = e->listeners.front();
    if (l->once) {
      if (l->fired) {
        return true;
      }
      l->fired = true;
      eraseListener(event, l.get());
    }
    l->call(event, args);
    return true;
  }
  // Listeners added or removed by a listener do not change this emit (Node copies the array).
  std::vector<detail::ListenerRef> snapshot = e->listeners;
  for (detail::ListenerRef& l : snapshot) {
    if (l->once) {
      if (l->fired) {
        continue;
      }
      l->fired = true;
      eraseListener(event, l.get());
    }
    l->call(event, args);
  }
  return true;
}

size_t EventEmitter::listenerCount(std::string_view event) const {
  const Entry* e = find(event);
  return e ? e->listeners.size() : 0;
}

std::vector<std::string> EventEmitter::eventNames() const {
  std::vector<std::string> names;
  names.reserve(events_.size());
  for (const Entry& e : events_) {
    names.push_back(e.name);
  }
  return names;
}

EventEmitter& EventEmitter::setMaxListeners(size_t n) {
  maxListeners_ = n;
  return *this;
}

size_t EventEmitter::getMaxListeners() const {
  return maxListeners_ == size_t(-1) ? defaultMaxListeners : maxListeners_;
}

}  // namespace nodecc
