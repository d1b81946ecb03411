// stream.addAbortSignal and the streams' `signal` option (lib/internal/streams/
// add-abort-signal.js): an abort destroys the stream with AbortError; the signal's listener
// goes once finished() reports the stream done, as Node's eos(stream, dispose).
#include <memory>
#include <utility>

#include "nodecc/events.h"
#include "nodecc/stream.h"

namespace nodecc::stream::detail {

namespace {

// Owned by the finished() callback, that is by the stream's listeners; the signal's listener
// holds it weakly. So neither keeps the other alive: a stream deleted before it finished drops
// this, and the signal's listener then finds nothing to destroy.
struct AbortLink {
  AbortSignal signal;
  nodecc::detail::EmitterRef stream;
  events::Disposable disposable;
};

}  // namespace

void watchAbortSignal(Stream& stream, const AbortSignal& signal) {
  if (signal.aborted()) {
    stream.destroy(AbortError(signal.reason()));
    return;
  }
  auto link = std::make_shared<AbortLink>();
  link->signal = signal;
  link->stream = nodecc::detail::EventsAccess::weakRef(stream);
  link->disposable = events::addAbortListener(signal, [weak = std::weak_ptr<AbortLink>(link)] {
    std::shared_ptr<AbortLink> l = weak.lock();
    if (!l) {
      return;
    }
    if (auto* s = static_cast<Stream*>(l->stream.get())) {
      s->destroy(AbortError(l->signal.reason()));
    }
  });
  finished(stream, [link](Error*) { link->disposable.dispose(); });
}

}  // namespace nodecc::stream::detail
