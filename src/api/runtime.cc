#include "api/runtime.h"

#include <signal.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "api/signal_names.h"
#include "api/timer_impl.h"
#include "cluster/worker_group.h"
#include "nodecc/error.h"
#include "nodecc/process.h"

namespace nodecc::detail {

namespace {
thread_local std::unique_ptr<Runtime> tRuntime;

void drainHook(void* ctx) {
  static_cast<Runtime*>(ctx)->drain();
}
void uncaughtHook(void* ctx, std::exception_ptr e) {
  static_cast<Runtime*>(ctx)->uncaught(std::move(e), "uncaughtException");
}
}  // namespace

thread_local Runtime* Runtime::tCurrent = nullptr;

Runtime& Runtime::create() {
  tRuntime = std::make_unique<Runtime>();
  tCurrent = tRuntime.get();
  return *tRuntime;
}

void Runtime::destroyCurrent() {
  tRuntime.reset();
}

void Runtime::closeServers() {
  // A closer may make servers (in a 'close' listener): walk by index.
  for (size_t i = 0; i < serverClosers_.size(); ++i) {
    serverClosers_[i]();
  }
}

Runtime::Runtime()
    : timeoutPool(new ObjectPool<detail::TimeoutImpl>),
      immediatePool(new ObjectPool<detail::ImmediateImpl>) {
  // As Node: a write to a closed pipe is an EPIPE error, never a fatal signal.
  signal(SIGPIPE, SIG_IGN);
  loop_.setDrainHook(&drainHook, this);
  loop_.setUncaughtHandler(&uncaughtHook, this);
}

Runtime::~Runtime() {
  owned_.clear();
  if (tCurrent == this) {
    tCurrent = nullptr;
  }
  // The thread ends with timers or immediates still held (unref'd ones, or after exit()):
  // let their callbacks go so that whatever they capture is released.
  while (detail::TimeoutImpl* t = liveTimeouts.front()) {
    t->detachFromRuntime();
  }
  while (detail::ImmediateImpl* i = liveImmediates.front()) {
    i->detachFromRuntime();
  }
  ticks_.clear();
  microtasks_.clear();
  rejections_.clear();
  signals_.reset();
  timeoutPool->orphan();
  immediatePool->orphan();
  // The thread's process object goes with its runtime (a thread that ran nodecc code and
  // ended); the main thread's goes at exit.
  releaseThreadProcess();
}

void Runtime::drainQueues() {
  do {
    while (!ticks_.empty()) {
      TaskQueue::Task t = ticks_.pop();
      if (!t) {
        continue;  // its callable threw while being constructed in the queue
      }
      try {
        t();
      } catch (...) {
        uncaught(std::current_exception(), "uncaughtException");
      }
    }
    while (!microtasks_.empty()) {
      TaskQueue::Task t = microtasks_.pop();
      try {
        t();
      } catch (...) {
        uncaught(std::current_exception(), "uncaughtException");
      }
    }
  } while (!ticks_.empty() || processRejections());
}

void Runtime::trackRejection(detail::PromiseBase* p) {
  p->tracked = true;
  rejections_.emplace_back(p);
}

bool Runtime::processRejections() {
  if (rejections_.empty()) {
    return false;
  }
  auto batch = std::move(rejections_);
  rejections_.clear();
  for (auto& p : batch) {
    if (!p->tracked) {
      continue;  // a handler was attached before the microtask queue drained
    }
    p->tracked = false;
    if (process::listenerCount("unhandledRejection") > 0) {
      try {
        process::emit("unhandledRejection", p->error);
      } catch (...) {
        uncaught(std::current_exception(), "uncaughtException");
      }
    } else {
      uncaught(p->error, "unhandledRejection");
    }
  }
  return true;
}

void Runtime::uncaught(std::exception_ptr e, const char* origin) {
  if (process::listenerCount("uncaughtException") > 0) {
    try {
      process::emit("uncaughtException", e, std::string(origin));
      return;
    } catch (...) {
      // A throwing handler is fatal, with Node's exit code 7.
      printUncaught(std::current_exception());
      exitProcess(7);
    }
  }
  if (cluster::core::inWorker()) {
    // Only this worker ends; the others keep serving.
    std::fprintf(stderr, "nodecc cluster: worker %u: ", cluster::core::currentWorkerId());
    printUncaught(e);
    workerFailed = true;
    loop_.stop();
    return;
  }
  printUncaught(e);
  exitProcess(1);
}

void Runtime::watchSignal(int signo) {
  if (!signals_) {
    signals_ = std::make_unique<loop::core::SignalWatcher>(loop_, &Runtime::onSignal, this);
  }
  (void)signals_->watch(signo);
}

void Runtime::unwatchSignal(int signo) {
  if (signals_) {
    signals_->unwatch(signo);
  }
}

void Runtime::onSignal(void*, int signo) {
  std::string name(signalName(signo));
  process::emit(name, name, signo);
}

void printUncaught(const std::exception_ptr& e) {
  Error err = toError(e);
  std::string line = "Uncaught " + err.toString();
  if (!err.code.empty() && err.errnum != 0) {
    line += " {\n  errno: " + std::to_string(err.errnum) + ",\n  code: '" + err.code + "'";
    if (!err.syscall.empty()) {
      line += ",\n  syscall: '" + err.syscall + "'";
    }
    if (!err.path.empty()) {
      line += ",\n  path: '" + err.path + "'";
    }
    line += "\n}";
  }
  std::fprintf(stderr, "%s\n", line.c_str());
}

}  // namespace nodecc::detail
