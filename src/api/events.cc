#include "nodecc/events.h"

#include <cxxabi.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <span>

#include "nodecc/process.h"

namespace nodecc {

size_t EventEmitter::defaultMaxListeners = 10;

namespace {
// An event whose last listener goes keeps its entry (name and listener vector, empty) while the
// emitter has at most this many: a recycled request or response gets the same few listeners
// for every request, and so allocates no entry once warm.
constexpr size_t kKeptEntries = 8;
}  // namespace

namespace detail {

namespace {
// Freed listener blocks of this thread, each kPooledBytes, linked through their first word;
// at most kKeptBlocks are kept, the rest go back to the heap, and all of them when the
// thread ends.
constexpr size_t kKeptBlocks = 256;
struct FreeBlock {
  FreeBlock* next;
};
// Trivially destructible, so that it stays usable while the thread's other thread_local objects
// are destroyed (their listeners freed then go to the heap: `closed`).
struct ListenerBlocks {
  FreeBlock* head;
  size_t count;
  bool closed;
};
thread_local ListenerBlocks tBlocks{nullptr, 0, false};
// Returns the kept blocks to the heap when the thread ends.
struct ListenerBlocksReaper {
  bool armed = false;
  ~ListenerBlocksReaper() {
    tBlocks.closed = true;
    while (tBlocks.head != nullptr) {
      FreeBlock* b = tBlocks.head;
      tBlocks.head = b->next;
      ::operator delete(b);
    }
    tBlocks.count = 0;
  }
};
thread_local ListenerBlocksReaper tReaper;
}  // namespace

void* ListenerBase::operator new(size_t size) {
  if (size > kPooledBytes) {
    return ::operator new(size);
  }
  if (FreeBlock* b = tBlocks.head) {
    tBlocks.head = b->next;
    --tBlocks.count;
    return b;
  }
  return ::operator new(kPooledBytes);
}

void ListenerBase::operator delete(void* p, size_t size) {
  if (size > kPooledBytes || tBlocks.count >= kKeptBlocks || tBlocks.closed) {
    ::operator delete(p);
    return;
  }
  if (tBlocks.count == 0) {
    // Constructs the reaper, so that the thread's exit frees the blocks. Only on the way up
    // from an empty list: each use of the thread_local object goes through its init guard.
    tReaper.armed = true;
  }
  auto* b = static_cast<FreeBlock*>(p);
  b->next = tBlocks.head;
  tBlocks.head = b;
  ++tBlocks.count;
}

namespace {
// A type's name as written in C++ (abi::__cxa_demangle), with std::string's and
// std::string_view's long names shortened.
std::string typeName(const std::type_info& type) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> demangled(
      abi::__cxa_demangle(type.name(), nullptr, nullptr, &status), std::free);
  std::string name = (status == 0 && demangled) ? demangled.get() : type.name();
  static constexpr std::pair<std::string_view, std::string_view> kShort[] = {
      {"std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >",
       "std::string"},
      {"std::basic_string_view<char, std::char_traits<char> >", "std::string_view"},
  };
  for (const auto& [longName, shortName] : kShort) {
    for (size_t at = name.find(longName); at != std::string::npos;
         at = name.find(longName, at + shortName.size())) {
      name.replace(at, longName.size(), shortName);
    }
  }
  return name;
}
}  // namespace

void throwListenerTypeMismatch(std::string_view event, size_t index, const std::type_info* passed,
                               const std::type_info& declared) {
  std::string message = "The listener of event '" + std::string(event) + "' declares argument " +
                        std::to_string(index) + " as " + typeName(declared) + ", but emit() ";
  message += passed != nullptr
                 ? "passed " + typeName(*passed)
                 : "passed only " + std::to_string(index) + " argument" + (index == 1 ? "" : "s");
  throw TypeError("ERR_INVALID_ARG_TYPE", message);
}
}  // namespace detail

EventEmitter::~EventEmitter() = default;

void EventEmitter::throwUnhandledValue() {
  throw Error("ERR_UNHANDLED_ERROR", "Unhandled error.");
}

EventEmitter::Entry* EventEmitter::find(std::string_view event, uint64_t head) {
  for (Entry& e : events_) {
    if (e.head == head && e.name.size() == event.size() &&
        (event.size() <= 8 ||
         std::memcmp(e.name.data() + 8, event.data() + 8, event.size() - 8) == 0)) {
      return &e;
    }
  }
  return nullptr;
}

void EventEmitter::recomputeLive() {
  live_ = 0;
  for (const Entry& e : events_) {
    if (!e.listeners.empty()) {
      live_ |= bitOf(e.name);
    }
  }
}

void EventEmitter::addImpl(std::string_view event, uint64_t head, detail::ListenerRef l,
                           bool prepend) {
  // 'newListener' comes first, so a listener it adds runs before this one.
  if (hasListeners("newListener")) {
    emit("newListener", std::string(event));
  }
  Entry* e = find(event, head);
  if (!e) {
    events_.push_back(Entry{std::string(event), {}, false, ++keys_, head});
    e = &events_.back();
  } else if (e->listeners.empty()) {
    // A kept entry: the event comes back as a new key would, last in eventNames(), and warns
    // again past the limit (Node deletes the key with its last listener).
    e->order = ++keys_;
    e->warned = false;
  }
  live_ |= bitOf(event);
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
    if (events_.size() > kKeptEntries) {
      events_.erase(events_.begin() + (e - events_.data()));
    }
    recomputeLive();
  }
  listenerCountChanged(name, count);
  if (hasListeners("removeListener")) {
    emit("removeListener", name);
  }
}

EventEmitter& EventEmitter::removeEveryListener() {
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
  if (events_.size() <= kKeptEntries) {
    // The entries stay, emptied. One listener at a time, so that a closure whose destruction
    // reaches this emitter finds it consistent; until the end live_ may still name an emptied
    // event, which only sends a listener check to the search (recomputed once, not per entry).
    for (size_t i = 0; i < events_.size(); ++i) {
      if (events_[i].listeners.empty()) {
        continue;
      }
      while (!events_[i].listeners.empty()) {
        detail::ListenerRef drop = std::move(events_[i].listeners.back());
        events_[i].listeners.pop_back();
      }
      if (i < events_.size()) {
        listenerCountChanged(events_[i].name, 0);
      }
    }
    recomputeLive();
    return *this;
  }
  // Without copying the names; the vector's capacity stays for the next listeners.
  std::vector<Entry> old;
  old.swap(events_);
  live_ = 0;
  for (const Entry& e : old) {
    listenerCountChanged(e.name, 0);
  }
  old.clear();
  if (events_.empty()) {
    events_.swap(old);
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

bool EventEmitter::emitImpl(Entry& entry, std::string_view event, const detail::EmitArgs& args) {
  Entry* e = &entry;
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
  // Listeners added or removed by a listener do not change this emit (Node copies the array);
  // a few are copied on the stack.
  constexpr size_t kInline = 4;
  detail::ListenerRef inlineCopy[kInline];
  std::vector<detail::ListenerRef> heapCopy;
  std::span<detail::ListenerRef> snapshot;
  if (e->listeners.size() <= kInline) {
    std::copy(e->listeners.begin(), e->listeners.end(), inlineCopy);
    snapshot = std::span(inlineCopy, e->listeners.size());
  } else {
    heapCopy = e->listeners;
    snapshot = heapCopy;
  }
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

size_t EventEmitter::countListeners(std::string_view event) const {
  const Entry* e = find(event);
  return e ? e->listeners.size() : 0;
}

std::vector<std::string> EventEmitter::eventNames() const {
  std::vector<const Entry*> live;
  for (const Entry& e : events_) {
    if (!e.listeners.empty()) {
      live.push_back(&e);
    }
  }
  std::sort(live.begin(), live.end(),
            [](const Entry* a, const Entry* b) { return a->order < b->order; });
  std::vector<std::string> names;
  names.reserve(live.size());
  for (const Entry* e : live) {
    names.push_back(e->name);
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
