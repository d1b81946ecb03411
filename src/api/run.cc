#include "api/runtime.h"
#include "nodecc/nodecc.h"

namespace nodecc {

int run() {
  api::Runtime& rt = api::Runtime::current();
  // As Node's SpinEventLoop: when the loop empties, 'beforeExit' may schedule more work.
  do {
    rt.loop().run();
    int code = process::exitCode;
    process::emit("beforeExit", code);
    rt.loop().drain();
  } while (rt.loop().alive());
  api::emitExitOfRun();
  return process::exitCode;
}

}  // namespace nodecc
