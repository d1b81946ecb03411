#pragma once
// Node's global AbortController and AbortSignal, and the AbortError that the APIs taking a
// `signal` reject with:
//
//   AbortController ac;
//   auto p = timers::promises::setTimeout(1000, {.signal = ac.signal});
//   ac.abort();                       // p rejects: AbortError "The operation was aborted"
//
// Where nodecc takes a signal, as Node does: events::once / events::on,
// events::addAbortListener, timers::promises (setTimeout, setImmediate, setInterval),
// fs.readFile / fs.writeFile (callback and promise forms), stream.finished and stream/promises
// pipeline and finished, the `signal` option of stream::Readable / Writable / Duplex /
// Transform / PassThrough and stream::addAbortSignal, readline::createInterface, the servers'
// listen (net::ListenOptions: http, https and net), http.request and fetch. Each rejects (or
// calls back, or destroys the stream) with AbortError (code ABORT_ERR, "The operation was
// aborted", the signal's reason as its cause), except readline and listen, which close the
// interface or server without an error, and http.request and fetch, which use the signal's
// reason, as Node's do.
//
// AbortSignal is a shared handle (copies observe the same signal; its methods are const, as a
// JavaScript reference to it is). Listeners run synchronously from abort(), in the order they
// were added, each once. Loop thread only.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nodecc/error.h"
#include "nodecc/function.h"

namespace nodecc {

namespace detail {
struct AbortState;
}

// What an aborted operation rejects with (Node's internal AbortError): name "AbortError",
// code ABORT_ERR, message "The operation was aborted", and, when a signal aborted it, the
// signal's reason as err.cause (as timers/promises, events.once/on and stream's finished and
// pipeline set it).
class AbortError : public Error {
 public:
  AbortError() : Error("ABORT_ERR", "The operation was aborted") { name = "AbortError"; }
  explicit AbortError(Error reason) : AbortError() {
    cause = std::make_shared<const Error>(std::move(reason));
  }
};

// AbortSignal: a default-constructed signal is no signal at all (valid() is false) and never
// aborts, so an options struct's `signal{}` means "no signal".
class AbortSignal {
 public:
  AbortSignal() = default;
  bool valid() const { return bool(s_); }
  // signal.aborted.
  bool aborted() const;
  // signal.reason: the reason given to abort(); by default an Error named "AbortError",
  // "This operation was aborted" (Node's DOMException); AbortSignal::timeout's is named
  // "TimeoutError". An empty Error while not aborted (Node: undefined).
  Error reason() const;
  // signal.throwIfAborted(): throws reason() when aborted.
  void throwIfAborted() const;
  // signal.addEventListener('abort', listener): runs once, when the signal aborts (from the
  // abort() call). Returns an id for removeEventListener (0, and the listener is dropped, for
  // another type or an already aborted signal). Only "abort" exists.
  uint64_t addEventListener(std::string_view type, UniqueFunction<void()> listener) const;
  void removeEventListener(std::string_view type, uint64_t id) const;
  // signal.onabort = fn: one handler, replaced by the next call (nullptr removes it). It runs
  // where it was first set among the listeners, as an event handler attribute does.
  void onabort(UniqueFunction<void()> handler) const;

  // AbortSignal.abort([reason]): an already aborted signal.
  static AbortSignal abort();
  static AbortSignal abort(const Error& reason);
  // AbortSignal.timeout(ms): aborts with a TimeoutError after ms (an unref'd timer).
  static AbortSignal timeout(uint64_t ms);
  // AbortSignal.any(signals): aborts with the reason of the first of `signals` to abort
  // (already aborted if one is). Invalid (default-constructed) signals are ignored.
  static AbortSignal any(const std::vector<AbortSignal>& signals);

  // Two handles of the same signal.
  bool operator==(const AbortSignal& o) const { return s_ == o.s_; }

 private:
  friend class AbortController;
  explicit AbortSignal(std::shared_ptr<detail::AbortState> s) : s_(std::move(s)) {}
  std::shared_ptr<detail::AbortState> s_;
};

// AbortController: ac.signal; ac.abort([reason]) aborts it (once; later calls do nothing).
class AbortController {
 public:
  AbortController();
  void abort() const;
  void abort(const Error& reason) const;
  const AbortSignal signal;
};

}  // namespace nodecc
