#pragma once
// The signals process::on() accepts, by Node's names: one table.
#include <signal.h>

#include <string_view>

namespace nodecc::detail {

struct SignalName {
  int number;
  std::string_view name;
};

inline constexpr SignalName kSignals[] = {
    {SIGHUP, "SIGHUP"},     {SIGINT, "SIGINT"},   {SIGQUIT, "SIGQUIT"},
    {SIGTERM, "SIGTERM"},   {SIGUSR1, "SIGUSR1"}, {SIGUSR2, "SIGUSR2"},
    {SIGWINCH, "SIGWINCH"}, {SIGCONT, "SIGCONT"}, {SIGTSTP, "SIGTSTP"},
};

// 0 when `name` is not a signal process::on() handles.
inline int signalNumber(std::string_view name) {
  for (const auto& s : kSignals) {
    if (s.name == name) {
      return s.number;
    }
  }
  return 0;
}

inline std::string_view signalName(int signo) {
  for (const auto& s : kSignals) {
    if (s.number == signo) {
      return s.name;
    }
  }
  return "UNKNOWN";
}

}  // namespace nodecc::detail
