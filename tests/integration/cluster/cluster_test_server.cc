// The server of test_cluster.py: an HTTP app run on --workers N cluster workers.
//   /id         the worker's id
//   /count      "<id> <requests this worker served> <broadcasts this worker received>"
//   /broadcast  sends one broadcast to every worker; answers how many it reached
//   /slow?ms=M  answers 100,000 bytes after M ms
//   /throw      throws from a timer callback (no uncaughtException listener: the worker ends)
#include <nodecc/cluster.h>
#include <nodecc/nodecc.h>

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace nodecc;

namespace {
thread_local uint64_t tRequests = 0;
thread_local uint64_t tBroadcasts = 0;
}  // namespace

int main() {
  unsigned workers = 2;
  uint64_t shutdownTimeout = 30000;
  const auto& argv = process::argv();
  for (size_t i = 2; i + 1 < argv.size(); ++i) {
    if (argv[i] == "--workers") {
      workers = unsigned(std::atoi(argv[i + 1].c_str()));
    } else if (argv[i] == "--shutdown-timeout") {
      shutdownTimeout = std::strtoull(argv[i + 1].c_str(), nullptr, 10);
    }
  }
  cluster::Options options;
  options.workers = workers;
  options.shutdownTimeout = shutdownTimeout;
  return cluster::run(options, [] {
    auto& server = http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
      ++tRequests;
      std::string id = std::to_string(cluster::workerId());
      auto u = url::parse(req.url, true);
      std::string path = u.pathname.value_or("/");
      if (path == "/id") {
        res.end(id);
      } else if (path == "/count") {
        res.end(id + " " + std::to_string(tRequests) + " " + std::to_string(tBroadcasts));
      } else if (path == "/broadcast") {
        size_t n = cluster::broadcast([] { ++tBroadcasts; });
        res.end(std::to_string(n));
      } else if (path == "/slow") {
        uint64_t ms = std::strtoull(u.query["ms"].c_str(), nullptr, 10);
        setTimeout([&res] { res.end(std::string(100000, 'x')); }, ms);
      } else if (path == "/throw") {
        setTimeout([] { throw std::runtime_error("boom in a worker"); }, 0);
        res.end("thrown soon");
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    server.listen(0, "127.0.0.1", [&server] {
      if (cluster::workerId() == 1) {
        std::printf("listening on http://127.0.0.1:%u/\n", server.address().port);
        std::fflush(stdout);
      }
    });
  });
}
