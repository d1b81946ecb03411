// AbortController and AbortSignal (nodecc/abort.h): the abort handle that events, timers, fs,
// stream, the HTTP client and fetch take as `signal`.
#include "nodecc/abort.h"

#include <memory>
#include <utility>
#include <vector>

#include "nodecc/timers.h"

namespace nodecc {

namespace detail {

struct AbortState {
  bool aborted = false;
  Error reason;
  uint64_t nextId = 1;
  uint64_t onabortId = 0;  // the onabort handler's slot in `listeners`, 0: none yet
  std::vector<std::pair<uint64_t, UniqueFunction<void()>>> listeners;

  void abort(const Error& why) {
    if (aborted) {
      return;
    }
    aborted = true;
    reason = why;
    // Listeners run in the order they were added; each once. One removed by an earlier one
    // does not run (its slot is emptied, not erased, while this loop walks the list). The
    // state stays alive meanwhile even if a listener drops the last handle of its signal.
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

void abortState(const std::shared_ptr<detail::AbortState>& s, const Error& reason) {
  std::shared_ptr<detail::AbortState> keep = s;  // a listener may drop the last handle
  keep->abort(reason);
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

uint64_t AbortSignal::addEventListener(std::string_view type,
                                       UniqueFunction<void()> listener) const {
  if (!s_ || type != "abort" || s_->aborted) {
    return 0;  // an aborted signal does not fire again (as an EventTarget's 'abort')
  }
  uint64_t id = s_->nextId++;
  s_->listeners.emplace_back(id, std::move(listener));
  return id;
}

void AbortSignal::removeEventListener(std::string_view type, uint64_t id) const {
  if (!s_ || type != "abort" || id == 0) {
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

void AbortSignal::onabort(UniqueFunction<void()> handler) const {
  if (!s_ || s_->aborted) {
    return;
  }
  // As an event handler attribute: the slot is made when a handler is first set and keeps
  // its place among the listeners when the handler is replaced or cleared.
  if (s_->onabortId == 0) {
    s_->onabortId = s_->nextId++;
    s_->listeners.emplace_back(s_->onabortId, std::move(handler));
    return;
  }
  for (auto& [id, fn] : s_->listeners) {
    if (id == s_->onabortId) {
      fn = std::move(handler);
    }
  }
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
          abortState(st, timeoutReason());
        }
      },
      double(ms))
      .unref();
  return AbortSignal(std::move(s));
}

AbortSignal AbortSignal::any(const std::vector<AbortSignal>& signals) {
  auto s = std::make_shared<detail::AbortState>();
  for (const AbortSignal& source : signals) {
    if (source.aborted()) {
      s->abort(source.reason());
      return AbortSignal(std::move(s));
    }
  }
  // Each source holds the combined signal weakly: it lives as long as someone holds it, and
  // a source that aborts after it is gone has nothing to do.
  std::weak_ptr<detail::AbortState> weak = s;
  for (const AbortSignal& source : signals) {
    if (!source.valid()) {
      continue;
    }
    source.addEventListener("abort", [weak, src = std::weak_ptr(source.s_)] {
      auto st = weak.lock();
      auto from = src.lock();
      if (st && from) {
        abortState(st, from->reason);
      }
    });
  }
  return AbortSignal(std::move(s));
}

AbortController::AbortController() : signal(AbortSignal(std::make_shared<detail::AbortState>())) {}

void AbortController::abort() const {
  abortState(signal.s_, defaultAbortReason());
}

void AbortController::abort(const Error& reason) const {
  abortState(signal.s_, reason);
}

}  // namespace nodecc
