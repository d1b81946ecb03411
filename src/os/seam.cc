#include "os/seam.h"

namespace nodecc::os::core {

SeamHooks seam = {
    &kernel::monotonicNs,        &kernel::wallClockMs, &kernel::wallClockSeconds,
    &kernel::getRandom,          &kernel::bindSocket,  &kernel::listenSocket,
    &kernel::localAddress,       &kernel::peerAddress, &kernel::shutdownWrite,
    &kernel::pendingSocketError,
};

}  // namespace nodecc::os::core
