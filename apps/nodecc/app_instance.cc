#include "app_instance.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace nodecc::cli {

namespace {

// How often a starting app is probed, and how long a stopping one gets before SIGKILL.
constexpr int kProbeIntervalMs = 20;
constexpr int kStopGraceMs = 2000;

sockaddr_in loopback(uint16_t port) {
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return addr;
}

// A port the kernel had free a moment ago (another process may take it before the app: rare
// on loopback, and then the app fails to start with a clear message).
uint16_t freePort() {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in addr = loopback(0);
  socklen_t len = sizeof addr;
  uint16_t port = 0;
  if (fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0) {
    port = ntohs(addr.sin_port);
  }
  if (fd >= 0) {
    ::close(fd);
  }
  return port;
}

bool accepts(uint16_t port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    return false;
  }
  sockaddr_in addr = loopback(port);
  const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
  ::close(fd);
  return ok;
}

std::string describeStatus(int status) {
  if (WIFEXITED(status)) {
    return "exited with status " + std::to_string(WEXITSTATUS(status));
  }
  if (WIFSIGNALED(status)) {
    return "killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
           strsignal(WTERMSIG(status)) + ")";
  }
  return "stopped";
}

[[noreturn]] void execChild(const std::vector<std::string>& command, uint16_t port) {
  const int null = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
  if (null >= 0) {
    ::dup2(null, STDOUT_FILENO);
  }
  ::setenv("PORT", std::to_string(port).c_str(), 1);
  // The instances must not record into (or replay from) the traces of the caller's settings.
  ::unsetenv("NODECC_RECORD");
  ::unsetenv("NODECC_REPLAY");
  std::vector<std::string> args = command;
  args.push_back("--port");
  args.push_back(std::to_string(port));
  std::vector<char*> argv;
  for (auto& a : args) {
    argv.push_back(a.data());
  }
  argv.push_back(nullptr);
  ::execvp(argv[0], argv.data());
  _exit(127);
}

}  // namespace

bool AppInstance::start(const std::vector<std::string>& command, int timeoutMs,
                        std::string* error) {
  port_ = freePort();
  if (port_ == 0) {
    *error = "no free loopback port";
    return false;
  }
  if (::access(command[0].c_str(), X_OK) != 0 && command[0].find('/') != std::string::npos) {
    *error = command[0] + ": " + std::strerror(errno);
    return false;
  }
  pid_ = ::fork();
  if (pid_ < 0) {
    *error = std::string("fork: ") + std::strerror(errno);
    return false;
  }
  if (pid_ == 0) {
    execChild(command, port_);
  }
  for (int waited = 0; waited < timeoutMs; waited += kProbeIntervalMs) {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      *error = command[0] + " " +
               (WIFEXITED(status) && WEXITSTATUS(status) == 127 ? std::string("could not be run")
                                                                : describeStatus(status)) +
               " before listening on 127.0.0.1:" + std::to_string(port_);
      return false;
    }
    if (accepts(port_)) {
      return true;
    }
    ::usleep(kProbeIntervalMs * 1000);
  }
  stop();
  *error = command[0] + " did not listen on 127.0.0.1:" + std::to_string(port_) + " within " +
           std::to_string(timeoutMs) + " ms (it is started with --port " + std::to_string(port_) +
           " and PORT=" + std::to_string(port_) + ")";
  return false;
}

std::string AppInstance::stop() {
  if (pid_ < 0) {
    return "";
  }
  int status = 0;
  std::string ended;
  if (::waitpid(pid_, &status, WNOHANG) == pid_) {
    ended = describeStatus(status);
  } else {
    ::kill(pid_, SIGTERM);
    int waited = 0;
    while (::waitpid(pid_, &status, WNOHANG) == 0) {
      if (waited >= kStopGraceMs) {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, &status, 0);
        break;
      }
      ::usleep(kProbeIntervalMs * 1000);
      waited += kProbeIntervalMs;
    }
  }
  pid_ = -1;
  return ended;
}

}  // namespace nodecc::cli
