// AbortController and AbortSignal (declared in nodecc/http_client.h): the abort handle the
// HTTP client and fetch take as `signal`.
#include <memory>
#include <utility>
#include <vector>

#include "nodecc/http_client.h"
#include "nodecc/timers.h"

namespace nodecc {

namespace detail {

struct AbortState {
  bool aborted = false;
  Error reason;
  uint64_t nextId = 1;
  std::vector<std::pair<uint64_t, UniqueFunction<void()>>> listeners;

  void abort(const Error& why) {
    if (aborted) {
      return;
    }
    aborted = true;
    reason = why;
    // Listeners run in the order they were added; each once. One removed by an earlier one
    // does not run (its slot is emptied, not erased, while this loop walks the list).
    for (size_t i = 0; i < listeners.size(); ++i) {
      UniqueFunction<void()> fn = std::move(listeners[i].second);
      if (fn) {
        fn();
      }
    }
    listeners.clear();
  }
};

}  // namespace detail

namespace {

Error defaultAbortReason() {
  Error e("This operation was aborted");
  e.name = "AbortError";
  return e;
}

Error timeoutReason() {
  Error e("The operation was aborted due to timeout");
  e.name = "TimeoutError";
  return e;
}

}  // namespace

bool AbortSignal::aborted() const {
  return s_ && s_->aborted;
}

Error AbortSignal::reason() const {
  return s_ ? s_->reason : Error();
}

void AbortSignal::throwIfAborted() const {
  if (aborted()) {
    throw s_->reason;
  }
}

uint64_t AbortSignal::addEventListener(std::string_view type, UniqueFunction<void()> listener) {
  if (!s_ || type != "abort" || s_->aborted) {
    return 0;  // an aborted signal does not fire again (as an EventTarget's 'abort')
  }
  uint64_t id = s_->nextId++;
  s_->listeners.emplace_back(id, std::move(listener));
  return id;
}

void AbortSignal::removeEventListener(std::string_view type, uint64_t id) {
  if (!s_ || type != "abort") {
    return;
  }
  auto& l = s_->listeners;
  if (s_->aborted) {
    for (auto& [lid, fn] : l) {
      if (lid == id) {
        fn = nullptr;  // abort() is walking the list: empty the slot, erase nothing
      }
    }
    return;
  }
  std::erase_if(l, [id](const auto& entry) { return entry.first == id; });
}

AbortSignal AbortSignal::abort() {
  return abort(defaultAbortReason());
}

AbortSignal AbortSignal::abort(const Error& reason) {
  auto s = std::make_shared<detail::AbortState>();
  s->abort(reason);
  return AbortSignal(std::move(s));
}

AbortSignal AbortSignal::timeout(uint64_t ms) {
  auto s = std::make_shared<detail::AbortState>();
  std::weak_ptr<detail::AbortState> weak = s;
  // Unref'd, as Node's: a pending AbortSignal.timeout does not keep the process alive.
  setTimeout(
      [weak] {
        if (auto st = weak.lock()) {
          st->abort(timeoutReason());
        }
      },
      double(ms))
      .unref();
  return AbortSignal(std::move(s));
}

AbortController::AbortController() : signal(AbortSignal(std::make_shared<detail::AbortState>())) {}

void AbortController::abort() {
  signal.s_->abort(defaultAbortReason());
}

void AbortController::abort(const Error& reason) {
  signal.s_->abort(reason);
}

}  // namespace nodecc
