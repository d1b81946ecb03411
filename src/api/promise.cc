#include "nodecc/promise.h"

#include "api/runtime.h"

namespace nodecc::detail {

void enqueueMicrotask(UniqueFunction<void()> task) {
  detail::Runtime::current().queueMicrotask(std::move(task));
}

namespace {
void schedule(PromiseBase* p, Reaction* r) {
  enqueueMicrotask([r, self = Ref<PromiseBase>(p)] { r->run(*self); });
}
}  // namespace

void PromiseBase::releaseSettler() {
  if (--settlers > 0 || state != State::kPending || head == nullptr) {
    return;
  }
  // Nothing can settle this promise any more: whoever waits on it would wait forever.
  Ref<PromiseBase> keep(this);
  Reaction* r = head;
  head = tail = nullptr;
  while (r) {
    Reaction* next = r->next;
    r->abandon();
    r = next;
  }
}

void PromiseBase::addReaction(Reaction* r) {
  handled = true;
  tracked = false;  // the unhandled-rejection list skips it
  r->next = nullptr;
  if (state != State::kPending) {
    schedule(this, r);
  } else if (settlers == 0) {
    enqueueMicrotask([r] { r->abandon(); });
  } else if (tail) {
    tail->next = r;
    tail = r;
  } else {
    head = tail = r;
  }
}

void PromiseBase::reject(std::exception_ptr e) {
  if (state != State::kPending) {
    return;
  }
  error = std::move(e);
  state = State::kRejected;
  if (!handled) {
    detail::Runtime::current().trackRejection(this);
  }
  markSettled();
}

void PromiseBase::markSettled() {
  Reaction* r = head;
  head = tail = nullptr;
  while (r) {
    Reaction* next = r->next;
    schedule(this, r);
    r = next;
  }
}

}  // namespace nodecc::detail
