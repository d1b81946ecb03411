#pragma once
// One running instance of an application under replay-diff. The contract with the app: it is
// started as `PROGRAM ARGS... --port N` with PORT=N in its environment (the examples read
// --port; Node-style apps read PORT) and must accept connections on 127.0.0.1:N within the
// start timeout. Its stdout is discarded (the report goes there), its stderr is kept. The
// instance owns the child: stop() (or the destructor) ends it with SIGTERM, then SIGKILL.
#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

namespace nodecc::cli {

class AppInstance {
 public:
  AppInstance() = default;
  ~AppInstance() { stop(); }
  AppInstance(const AppInstance&) = delete;
  AppInstance& operator=(const AppInstance&) = delete;

  // Starts `command` on a free loopback port and waits until it accepts; on failure returns
  // false with *error saying what happened (did not start, exited, never listened).
  bool start(const std::vector<std::string>& command, int timeoutMs, std::string* error);
  // Ends the child. Returns how it had ended if it was no longer running (a crash during the
  // replay, "exited with status 1" / "killed by signal 11"), else "".
  std::string stop();

  uint16_t port() const { return port_; }

 private:
  pid_t pid_ = -1;
  uint16_t port_ = 0;
};

}  // namespace nodecc::cli
