#pragma once
// Multi-core servers: N worker threads, each running the whole application (the setup
// function) on its own loop, with its own listening sockets on the same port (SO_REUSEPORT: the
// kernel spreads connections over the workers). Nothing is shared between workers and no lock
// is taken on a request path; broadcast() is the one way to reach every worker.
//
//   int main() {
//     return cluster::run(4, [] {
//       http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
//         res.end("worker " + std::to_string(cluster::workerId()) + "\n");
//       }).listen(8080);
//     });
//   }
//
// Node's cluster forks processes; here workers are threads of one process, so each has its own
// loop, timers, process object (listeners, exitCode) and servers, but they share the heap,
// the file descriptor table, and the fs thread pool. process::exit() in a worker ends the whole
// process.
#include <cstdint>
#include <functional>

namespace nodecc::cluster {

struct Options {
  unsigned workers = 0;              // 0: one per core
  uint64_t shutdownTimeout = 30000;  // ms a graceful stop may take; then the process exits
};

// Runs setup on every worker and serves until every worker has ended (their loops have nothing
// left to do); the calling thread waits meanwhile. Listening on port 0 gives every worker the
// same ephemeral port (the first worker's).
//
// SIGINT and SIGTERM stop the workers gracefully: a worker with a listener for that signal
// (process::on("SIGTERM", ...)) gets the event; one without closes its servers (no new
// connections; requests in flight finish, then idle connections close). A second signal, or
// shutdownTimeout, ends the process at once with exit code 1.
//
// An exception escaping a worker's callback, with no 'uncaughtException' listener on that
// worker, is printed with the worker's id and ends that worker only; the others keep serving.
// Returns 0 when every worker ended normally, 1 when one ended by an uncaught exception.
int run(const Options& options, std::function<void()> setup);
int run(unsigned workers, std::function<void()> setup);

// Any thread: runs fn on every running worker's loop thread (each gets a copy of fn). Returns
// the number of workers it was sent to.
size_t broadcast(std::function<void()> fn);

// 1..N on a worker thread (Node's cluster.worker.id), 0 on any other thread.
unsigned workerId();
bool isWorker();
// The number of cores this process may run on (os.availableParallelism()).
unsigned availableParallelism();

}  // namespace nodecc::cluster
