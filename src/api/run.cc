#include "api/runtime.h"
#include "nodecc/nodecc.h"

namespace nodecc {

int run() {
  detail::Runtime& rt = detail::Runtime::current();
  // As Node's SpinEventLoop: when the loop empties, 'beforeExit' may schedule more work.
  do {
    rt.loop().run();
    int code = process::exitCode;
    process::emit("beforeExit", code);
    rt.loop().drain();
  } while (rt.loop().alive());
  detail::emitExitOfRun();
  return process::exitCode;
}

}  // namespace nodecc
