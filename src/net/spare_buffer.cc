#include "net/spare_buffer.h"

#include <utility>

namespace nodecc::net::core {

namespace {
thread_local std::string tSpare;
}  // namespace

std::string& borrowSpare(std::string& out) {
  if (out.empty() && !ownsHeapBuffer(out) && ownsHeapBuffer(tSpare)) {
    out = std::move(tSpare);
    tSpare.clear();
  }
  return out;
}

void returnSpare(std::string& out) {
  if (out.empty() && ownsHeapBuffer(out) && !ownsHeapBuffer(tSpare)) {
    tSpare = std::move(out);
    out.clear();
  }
}

}  // namespace nodecc::net::core
