#include "cluster/shared_ports.h"

#include <map>
#include <mutex>
#include <string>
#include <utility>

namespace nodecc::cluster::core {

namespace {
std::mutex gMutex;
std::map<std::pair<std::string, unsigned>, uint16_t>& ports() {
  static auto* m = new std::map<std::pair<std::string, unsigned>, uint16_t>;
  return *m;
}
thread_local unsigned tOrdinal = 0;
}  // namespace

unsigned nextEphemeralOrdinal() {
  return tOrdinal++;
}

void resetEphemeralOrdinal() {
  tOrdinal = 0;
}

uint16_t sharedPort(std::string_view host, unsigned ordinal) {
  std::lock_guard<std::mutex> lock(gMutex);
  auto it = ports().find({std::string(host), ordinal});
  return it == ports().end() ? 0 : it->second;
}

void recordSharedPort(std::string_view host, unsigned ordinal, uint16_t port) {
  std::lock_guard<std::mutex> lock(gMutex);
  ports().emplace(std::make_pair(std::string(host), ordinal), port);
}

void resetSharedPorts() {
  std::lock_guard<std::mutex> lock(gMutex);
  ports().clear();
}

}  // namespace nodecc::cluster::core
