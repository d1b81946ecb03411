// process.stdin over a regular file, a pipe, /dev/null, or no fd 0 at all: what it is
// (fd, isTTY, highWaterMark: fs.ReadStream's or net.Socket's), its events and bytes, and its
// state when the process exits (a pipe closes after 'end', a file stays open).
#include <nodecc/nodecc.h>

using namespace nodecc;

int main() {
  auto& stdin = process::stdin();
  console.log("fd", stdin.fd, "isTTY", stdin.isTTY == true, "hwm", stdin.readableHighWaterMark(),
               "flowing", stdin.readableFlowing() ? (*stdin.readableFlowing() ? "true" : "false") : "null");
  for (std::string e : {"end", "close", "pause", "resume"}) stdin.on(e, [e] { console.log("event", e); });
  stdin.on("error", [](const Error& err) { console.log("error", err.code, err.syscall, err.message); });
  size_t bytes = 0;
  stdin.on("data", [&](const Buffer& chunk) { bytes += chunk.length(); });
  stdin.on("end", [&] { console.log("bytes", bytes); });
  process::on("exit", [&](int code) { console.log("exit", code, "destroyed", stdin.destroyed(),
                                                   "ended", stdin.readableEnded()); });
  return run();
}
