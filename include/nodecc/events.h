#pragma once
// nodecc::EventEmitter: Node's `events` module.
//
//   emitter.on("data", [](const std::string& chunk) { ... });
//   emitter.emit("data", std::string("hello"));      // true: there was a listener
//
// Payloads are typed: emit() passes its arguments by reference and each listener receives them
// as the parameter types it declares (taken by value or const&). A listener may declare fewer
// parameters than the event carries (a prefix, as JavaScript ignores extra arguments), but the
// ones it declares must have exactly the emitted types after decay; otherwise emit() throws a
// TypeError (code ERR_INVALID_ARG_TYPE) naming the event. String literals decay to const char*:
// emit std::string or std::string_view explicitly (`emit<std::string>("x", "lit")` converts).
// Listeners must have concrete parameter types (no `auto` parameters).
//
// Removing a listener: off(event, f) removes the most recently added listener that is the same
// function: the same function pointer, a copy of the same lambda (same closure type), or, for a
// function object with operator==, an equal object of its type.
//
// As in Node: emit() calls the listeners registered when it started, in order; once-listeners
// are removed before they run; 'newListener' is emitted before a listener is added and
// 'removeListener' after one is removed (payload: the event name as std::string); emitting
// 'error' with no listener throws the error (an Error argument is thrown as is, an
// exception_ptr is rethrown, anything else becomes Error ERR_UNHANDLED_ERROR); adding more than
// getMaxListeners() listeners to one event prints MaxListenersExceededWarning once.
//
// Thread: an emitter belongs to the thread that uses it; no locking.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

#include "nodecc/detail/events_listener.h"
#include "nodecc/error.h"

namespace nodecc {

class EventEmitter {
 public:
  EventEmitter() = default;
  virtual ~EventEmitter();
  // Listeners usually capture `this`: an emitter is neither copied nor moved.
  EventEmitter(const EventEmitter&) = delete;
  EventEmitter& operator=(const EventEmitter&) = delete;

  // EventEmitter.defaultMaxListeners (10).
  static size_t defaultMaxListeners;

  template <class F>
  EventEmitter& on(std::string_view event, F&& listener) {
    return add(event, std::forward<F>(listener), false, false);
  }
  template <class F>
  EventEmitter& addListener(std::string_view event, F&& listener) {
    return add(event, std::forward<F>(listener), false, false);
  }
  template <class F>
  EventEmitter& prependListener(std::string_view event, F&& listener) {
    return add(event, std::forward<F>(listener), true, false);
  }
  template <class F>
  EventEmitter& once(std::string_view event, F&& listener) {
    return add(event, std::forward<F>(listener), false, true);
  }
  template <class F>
  EventEmitter& prependOnceListener(std::string_view event, F&& listener) {
    return add(event, std::forward<F>(listener), true, true);
  }

  template <class F>
  EventEmitter& off(std::string_view event, const F& listener) {
    using D = std::decay_t<F>;
    const D& fn = listener;
    removeImpl(event, &fn, typeid(D));
    return *this;
  }
  template <class F>
  EventEmitter& removeListener(std::string_view event, const F& listener) {
    return off(event, listener);
  }
  EventEmitter& removeAllListeners() {
    // Inline: recycled requests and responses call this for every request, nearly always with
    // no listener left (kept, emptied entries count as none).
    return live_ == 0 ? *this : removeEveryListener();
  }
  EventEmitter& removeAllListeners(std::string_view event);

  // Calls every listener of `event` with `args`; true when there was at least one.
  template <class... A>
  bool emit(std::string_view event, A&&... args) {
    Entry* e = (live_ & bitOf(event)) ? find(event, headOf(event)) : nullptr;
    if (e == nullptr || e->listeners.empty()) {
      if (event == "error") {
        throwUnhandled(std::forward<A>(args)...);
      }
      return false;
    }
    if constexpr (sizeof...(A) == 0) {
      return emitImpl(*e, event, detail::EmitArgs{0, nullptr, nullptr});
    } else {
      void* values[] = {const_cast<void*>(static_cast<const void*>(&args))...};
      const std::type_info* types[] = {&typeid(std::decay_t<A>)...};
      return emitImpl(*e, event, detail::EmitArgs{sizeof...(A), values, types});
    }
  }

  size_t listenerCount(std::string_view event) const {
    // Inline so that the common "nobody listens" answer costs a bit test (the bit of a literal
    // name folds to a constant).
    return (live_ & bitOf(event)) ? countListeners(event) : 0;
  }
  std::vector<std::string> eventNames() const;
  EventEmitter& setMaxListeners(size_t n);
  size_t getMaxListeners() const;

 protected:
  // Called after the number of listeners of `event` changed (process uses it for signals).
  virtual void listenerCountChanged(std::string_view /*event*/, size_t /*count*/) {}

 private:
  struct Entry {
    std::string name;
    std::vector<detail::ListenerRef> listeners;
    bool warned = false;
    uint64_t order = 0;  // when the event last got its first listener (eventNames order)
    uint64_t head = 0;   // headOf(name)
  };

  template <class F>
  EventEmitter& add(std::string_view event, F&& listener, bool prepend, bool once) {
    using D = std::decay_t<F>;
    using Stored = std::conditional_t<std::is_function_v<std::remove_pointer_t<D>>,
                                      std::add_pointer_t<std::remove_pointer_t<D>>, D>;
    auto* l = new detail::Listener<Stored>(Stored(std::forward<F>(listener)));
    l->once = once;
    addImpl(event, headOf(event), detail::ListenerRef(l), prepend);
    return *this;
  }

  template <class E, class... Rest>
  [[noreturn]] void throwUnhandled(E&& e, Rest&&...) {
    using D = std::decay_t<E>;
    if constexpr (std::is_base_of_v<Error, D>) {
      throw D(std::forward<E>(e));
    } else if constexpr (std::is_same_v<D, std::exception_ptr>) {
      std::rethrow_exception(e);
    } else {
      throwUnhandledValue();
    }
  }
  [[noreturn]] void throwUnhandled() { throwUnhandledValue(); }
  [[noreturn]] static void throwUnhandledValue();

  bool hasListeners(std::string_view event) const {
    return (live_ & bitOf(event)) && countListeners(event) != 0;
  }
  size_t countListeners(std::string_view event) const;
  EventEmitter& removeEveryListener();
  // `head` is headOf(event): computed inline by the callers, so for a literal name it is a
  // constant.
  Entry* find(std::string_view event, uint64_t head);
  Entry* find(std::string_view event) { return find(event, headOf(event)); }
  const Entry* find(std::string_view event) const {
    return const_cast<EventEmitter*>(this)->find(event, headOf(event));
  }
  void addImpl(std::string_view event, uint64_t head, detail::ListenerRef l, bool prepend);
  void removeImpl(std::string_view event, const void* fn, const std::type_info& type);
  void eraseListener(std::string_view event, detail::ListenerBase* l);
  // `e` (the entry of `event`, with listeners) is not used once a listener has run: listeners
  // may add events, which moves the entries.
  bool emitImpl(Entry& e, std::string_view event, const detail::EmitArgs& args);

  // One bit per event name hash (length and end letters) that has listeners: most checks for
  // a listener ("is anyone listening to 'finish'?") are answered without a search.
  static uint64_t bitOf(std::string_view event) {
    size_t h = event.size() * 7;
    if (!event.empty()) {
      h += size_t(static_cast<unsigned char>(event.front())) * 3 +
           static_cast<unsigned char>(event.back());
    }
    return uint64_t(1) << (h & 63);
  }
  void recomputeLive();

  // An event name's first 8 bytes as one word, zero-padded: a search compares this word and
  // the length, and only a name longer than 8 bytes compares the rest. Event names are nearly
  // always literals of 4 to 8 letters, for which this folds to a constant.
  static uint64_t headOf(std::string_view event) {
    uint64_t h = 0;
    const size_t n = event.size() < 8 ? event.size() : 8;
    for (size_t i = 0; i < n; ++i) {
      h |= uint64_t(static_cast<unsigned char>(event[i])) << (8 * i);
    }
    return h;
  }

  std::vector<Entry> events_;
  uint64_t live_ = 0;
  uint64_t keys_ = 0;
  size_t maxListeners_ = size_t(-1);  // -1: defaultMaxListeners
};

}  // namespace nodecc
