#pragma once
// The `signal` option of what Node closes on abort rather than destroys with an error
// (addServerAbortSignalOption for server.listen, readline's createInterface): one mechanism for
// both, as Node's two are the same few lines.
#include "nodecc/abort.h"
#include "nodecc/events.h"

namespace nodecc::detail {

// Aborting `signal` calls close(target); an already aborted signal calls it from a nextTick
// (queued now, so before a 'listening' the caller queues next). The signal's listener goes at
// the target's next 'close'. The target is held weakly: one deleted first is left alone. A
// default-constructed signal does nothing.
void closeOnAbort(EventEmitter& target, const AbortSignal& signal, void (*close)(EventEmitter&));

}  // namespace nodecc::detail
