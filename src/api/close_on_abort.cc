#include "api/close_on_abort.h"

#include <utility>

#include "nodecc/process.h"

namespace nodecc::detail {

void closeOnAbort(EventEmitter& target, const AbortSignal& signal, void (*close)(EventEmitter&)) {
  if (!signal.valid()) {
    return;
  }
  auto onAborted = [weak = EventsAccess::weakRef(target), close] {
    if (EventEmitter* t = weak.get()) {
      close(*t);
    }
  };
  if (signal.aborted()) {
    process::nextTick(std::move(onAborted));
    return;
  }
  target.once("close", [d = events::addAbortListener(signal, std::move(onAborted))]() mutable {
    d.dispose();
  });
}

}  // namespace nodecc::detail
