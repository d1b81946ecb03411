#pragma once
// The ephemeral ports of a cluster. When the application listens on port 0, each worker would
// get a port of its own; instead the first worker's bound port is recorded and the other
// workers' listeners join it (SO_REUSEPORT). A worker's k-th listen on port 0 for a host
// matches every other worker's k-th one for that host, since the workers run the same setup.
// Thread-safe; used only while listening, never on a request path.
#include <cstdint>
#include <string_view>

namespace nodecc::cluster::core {

// The calling worker's next port-0 listen ordinal (0, 1, ...).
unsigned nextEphemeralOrdinal();
// The port recorded for (host, ordinal), or 0.
uint16_t sharedPort(std::string_view host, unsigned ordinal);
void recordSharedPort(std::string_view host, unsigned ordinal, uint16_t port);
// Forgets every recorded port and resets the calling thread's ordinal (a new cluster run).
void resetSharedPorts();
void resetEphemeralOrdinal();

}  // namespace nodecc::cluster::core
