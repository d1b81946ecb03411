#include "nodecc/recorder.h"

#include <string>

#include "nodecc/error.h"
#include "recorder/recorder.h"

namespace nodecc::recorder {

void start(std::string_view spec) {
  if (core::recording() || core::replaying()) {
    throw Error("ERR_INVALID_STATE", "The flight recorder is already on");
  }
  std::string why;
  if (!core::start(spec, &why)) {
    throw TypeError("ERR_INVALID_ARG_VALUE",
                    "The recorder spec '" + std::string(spec) + "' is invalid: " + why);
  }
}

bool recording() {
  return core::recording();
}

int dump() {
  return core::dumpAll("recorder::dump()");
}

}  // namespace nodecc::recorder
