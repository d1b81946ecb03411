// events::once / events::on's untyped half (nodecc/detail/events_once.h): registering and
// removing the listeners of a Waiter, and the error an 'error' event carries.
#include <exception>
#include <memory>
#include <string>
#include <utility>

#include "nodecc/abort.h"
#include "nodecc/events.h"
#include "nodecc/process.h"

namespace nodecc {

namespace detail {

void EventsAccess::add(EventEmitter& e, std::string_view event, ListenerBase* l) {
  e.addImpl(event, EventEmitter::headOf(event), ListenerRef(l), false);
}

void EventsAccess::erase(EventEmitter& e, std::string_view event, ListenerBase* l) {
  e.eraseListener(event, l);
}

EmitterRef EventsAccess::weakRef(const EventEmitter& e) {
  return e.weakRef();
}

}  // namespace detail

namespace events::detail {

std::exception_ptr errorFromArgs(const EmitArgs& args) {
  if (args.count > 0) {
    const std::type_info& t = *args.types[0];
    void* v = args.values[0];
    // emit() passes the decayed static type; these are the error types nodecc throws.
    if (t == typeid(std::exception_ptr)) {
      return *static_cast<std::exception_ptr*>(v);
    }
    if (t == typeid(Error)) {
      return std::make_exception_ptr(*static_cast<Error*>(v));
    }
    if (t == typeid(TypeError)) {
      return std::make_exception_ptr(*static_cast<TypeError*>(v));
    }
    if (t == typeid(RangeError)) {
      return std::make_exception_ptr(*static_cast<RangeError*>(v));
    }
    if (t == typeid(SyntaxError)) {
      return std::make_exception_ptr(*static_cast<SyntaxError*>(v));
    }
    if (t == typeid(AbortError)) {
      return std::make_exception_ptr(*static_cast<AbortError*>(v));
    }
  }
  return std::make_exception_ptr(Error("ERR_UNHANDLED_ERROR", "Unhandled error."));
}

Waiter::~Waiter() = default;

void Waiter::add(EventEmitter& emitter, std::string_view event, ListenerBase* l, bool once) {
  l->once = once;
  slots_.push_back(Slot{std::string(event), l});
  nodecc::detail::EventsAccess::add(emitter, event, l);
}

void Waiter::attach(EventEmitter& emitter, std::string_view event, ListenerBase* value, bool once,
                    const AbortSignal& signal, const std::vector<std::string>& close) {
  emitter_ = nodecc::detail::EventsAccess::weakRef(emitter);
  std::shared_ptr<Waiter> self = shared_from_this();
  // Node's order: the event's listener, then 'error''s (once() with {once: true}), then the
  // signal's.
  add(emitter, event, value, once);
  if (event != "error") {
    add(emitter, "error", new ErrorListener(self, slots_.size()), once);
  }
  for (const std::string& name : close) {
    add(emitter, name, new CloseListener(self, slots_.size()), false);
  }
  if (signal.valid()) {
    signal_ = signal;
    abortId_ = signal.addEventListener("abort", [self] { self->onAbort(); });
  }
}

void Waiter::detach() {
  std::shared_ptr<Waiter> keep = shared_from_this();  // the last listener may hold the last ref
  for (size_t i = 0; i < slots_.size(); ++i) {
    ListenerBase* l = std::exchange(slots_[i].listener, nullptr);
    if (l == nullptr) {
      continue;
    }
    if (EventEmitter* e = emitter_.get()) {
      // Erasing a listener may run 'removeListener' listeners and free the listener, whose
      // destructor clears its (already cleared) slot.
      std::string event = slots_[i].event;
      nodecc::detail::EventsAccess::erase(*e, event, l);
    }
  }
  if (abortId_ != 0) {
    signal_.removeEventListener("abort", std::exchange(abortId_, 0));
    signal_ = AbortSignal();
  }
}

}  // namespace events::detail

namespace events {

void Disposable::dispose() {
  if (id_ != 0) {
    signal_.removeEventListener("abort", std::exchange(id_, 0));
    signal_ = AbortSignal();
  }
}

Disposable addAbortListener(const AbortSignal& signal, UniqueFunction<void()> listener) {
  if (!signal.valid()) {
    throw TypeError("ERR_INVALID_ARG_TYPE",
                    "The \"signal\" argument must be an instance of AbortSignal. Received "
                    "undefined");
  }
  if (signal.aborted()) {
    queueMicrotask(std::move(listener));
    return Disposable();
  }
  return Disposable(signal, signal.addEventListener("abort", std::move(listener)));
}

}  // namespace events

}  // namespace nodecc
