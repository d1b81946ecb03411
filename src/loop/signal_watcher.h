#pragma once
// SignalWatcher: delivers process signals to a loop through a signalfd. It never keeps the
// loop alive by itself (as Node's signal handles are unreferenced). A watched signal is
// blocked in the calling thread so that it queues on the signalfd instead of running its
// default action; unwatch() restores the default. Loop thread only.
#include <signal.h>

#include "loop/backend.h"
#include "loop/loop.h"

namespace nodecc::loop::core {

class SignalWatcher {
 public:
  using Callback = void (*)(void* ctx, int signo);
  SignalWatcher(Loop& loop, Callback cb, void* ctx);
  ~SignalWatcher();
  SignalWatcher(const SignalWatcher&) = delete;
  SignalWatcher& operator=(const SignalWatcher&) = delete;

  os::core::Result<void> watch(int signo);
  void unwatch(int signo);
  bool watching(int signo) const { return sigismember(&mask_, signo) == 1; }

 private:
  struct Watcher : IoWatcher {
    SignalWatcher* self = nullptr;
  };
  static void onReadable(IoWatcher* w, uint32_t events);

  Loop& loop_;
  Callback callback_;
  void* ctx_;
  Watcher watcher_;
  sigset_t mask_;
};

}  // namespace nodecc::loop::core
