#include "os/errno_table.h"

#include <cerrno>
#include <cstdlib>

namespace nodecc::os::core {

namespace {
struct Entry {
  int code;
  std::string_view name;
  std::string_view message;
};
#define NODECC_ERRNO_ENTRY(name, msg) {name, #name, msg},
constexpr Entry kTable[] = {NODECC_ERRNO_TABLE(NODECC_ERRNO_ENTRY)};
#undef NODECC_ERRNO_ENTRY

const Entry* find(int err) {
  int code = std::abs(err);
  for (const Entry& e : kTable) {
    if (e.code == code) {
      return &e;
    }
  }
  return nullptr;
}
}  // namespace

std::string_view errnoName(int err) {
  const Entry* e = find(err);
  return e ? e->name : "UNKNOWN";
}

std::string_view errnoMessage(int err) {
  const Entry* e = find(err);
  return e ? e->message : "unknown error";
}

int errnoFromName(std::string_view name) {
  for (const Entry& e : kTable) {
    if (e.name == name) {
      return -e.code;
    }
  }
  return 0;
}

}  // namespace nodecc::os::core
