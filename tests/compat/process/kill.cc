// process.kill: Node's errors, signal 0, and a signal sent to the process itself.
#include <nodecc/nodecc.h>

#include <cstdio>

using namespace nodecc;

int main() {
  try { process::kill(2147483647); } catch (const Error& e) { std::printf("%s %s %s %d %s\n", e.name.c_str(), e.message.c_str(), e.code.c_str(), e.errnum, e.syscall.c_str()); }
  try { process::kill(2147483647, "SIGKILL"); } catch (const Error& e) { std::printf("%s %s\n", e.message.c_str(), e.code.c_str()); }
  try { process::kill(process::pid(), "SIGFOO"); } catch (const Error& e) { std::printf("%s %s %s\n", e.name.c_str(), e.message.c_str(), e.code.c_str()); }
  std::printf("exists %s\n", process::kill(process::pid(), 0) ? "true" : "false");
  process::on("SIGUSR2", [](std::string sig, int) { std::printf("got %s\n", sig.c_str()); process::exit(0); });
  std::printf("sent %s\n", process::kill(process::pid(), "SIGUSR2") ? "true" : "false");
  setTimeout([] { std::printf("no signal\n"); }, 5000);
  return run();
}
