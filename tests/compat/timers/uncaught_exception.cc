// An exception thrown by a timer or an immediate goes to process.on('uncaughtException') with
// origin 'uncaughtException', and the loop carries on: the next timer of the same list, later
// timers and immediates all still run, and the exit code stays 0.
#include <cstdio>
#include <exception>
#include <string>
#include <nodecc/nodecc.h>
using namespace nodecc;

int main() {
  process::on("uncaughtException", [](std::exception_ptr err, std::string origin) {
    std::printf("caught %s (%s)\n", toError(err).message.c_str(), origin.c_str());
  });
  setTimeout([] {
    std::printf("timer 1 throws\n");
    throw Error("boom from timer");
  }, 5);
  setTimeout([] { std::printf("timer 2 (same list) still runs\n"); }, 5);
  setTimeout([] {
    std::printf("timer 3 (later list) still runs\n");
    setImmediate([] {
      std::printf("immediate 1 throws\n");
      throw Error("boom from immediate");
    });
    setImmediate([] { std::printf("immediate 2 still runs\n"); });
  }, 10);
  process::on("exit", [](int code) { std::printf("exit %d\n", code); });
  return nodecc::run();
}
