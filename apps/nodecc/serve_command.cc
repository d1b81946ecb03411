#include "serve_command.h"

#include <nodecc/cluster.h>
#include <nodecc/nodecc.h>
#include <nodecc/serve_static.h>
#include <sys/resource.h>

#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>

#include "access_log.h"
#include "https_redirect.h"
#include "serve_args.h"

namespace nodecc::cli {

namespace {

// Each cached large file and each connection holds an fd: lift the soft limit to the hard one,
// as nginx's worker_rlimit_nofile and Go's runtime do.
void raiseFileLimit() {
  rlimit r{};
  if (::getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur < r.rlim_max) {
    r.rlim_cur = r.rlim_max;
    (void)::setrlimit(RLIMIT_NOFILE, &r);
  }
}

// Prints a startup failure once, however many workers meet it, and ends the process.
[[noreturn]] void failStart(const std::string& message) {
  static std::once_flag printed;
  std::call_once(printed, [&] { std::fprintf(stderr, "nodecc serve: %s\n", message.c_str()); });
  process::exit(1);
}

// The listening address as a URL's host: an IPv6 address in brackets.
std::string urlHost(const net::AddressInfo& addr) {
  return addr.family == "IPv6" ? "[" + addr.address + "]" : addr.address;
}

// What one worker serves: the files, and with --redirect-http the cleartext redirect to them
// (set once the files' server listens).
struct Servers {
  http::Server* files = nullptr;
  http::Server* redirect = nullptr;
};

// Listens for the redirect once the https server has its port (--port 0 picks one).
http::Server& startRedirect(const ServeArgs& a, uint16_t tlsPort, std::shared_ptr<AccessLog> log,
                            bool announce) {
  http::Server& server = createRedirectServer(tlsPort, std::move(log));
  server.on("error", [&a](const Error& e) {
    failStart("cannot listen on " + a.host + ":" + std::to_string(a.redirectHttp) + ": " +
              e.message);
  });
  server.listen(uint16_t(a.redirectHttp), a.host, [&server, announce, tlsPort] {
    if (!announce) {
      return;
    }
    auto addr = server.address();
    std::string host = urlHost(addr);
    std::printf("Redirecting http://%s:%u/ to https (port %u)\n", host.c_str(), unsigned(addr.port),
                unsigned(tlsPort));
    std::fflush(stdout);
  });
  return server;
}

// What one worker runs: the static handler, its server and access log. With one worker this
// is the whole program; with more, every cluster worker runs it and the kernel spreads the
// connections over their listeners.
std::shared_ptr<Servers> startServer(const ServeArgs& a, bool announce) {
  auto servers = std::make_shared<Servers>();
  auto log = std::make_shared<AccessLog>();
  if (!a.accessLog.empty()) {
    std::string err = log->open(a.accessLog);
    if (!err.empty()) {
      failStart(err);
    }
  }
  http::StaticOptions options;
  options.cacheControl = a.cacheControl;
  options.listDirectories = a.list;
  options.followSymlinks = a.followSymlinks;
  options.gzip = a.gzip;
  options.gzipLevel = a.gzipLevel;
  options.gzipCacheBytes = a.gzipCacheBytes;
  if (log->isOpen()) {
    options.onResponse = [log](http::IncomingMessage& req, http::ServerResponse&, int status,
                               uint64_t bytes) { log->log(req, status, bytes); };
  }
  std::optional<http::StaticHandler> handler;
  try {
    handler.emplace(http::serveStatic(a.dir, std::move(options)));
  } catch (const Error& e) {
    failStart("cannot serve '" + a.dir + "': " + e.message);
  }

  const bool secure = !a.tlsCert.empty();
  http::Server* created = nullptr;
  if (secure) {
    https::ServerOptions tls;
    try {
      tls.cert = {fs::readFileSync(a.tlsCert, "utf8")};
      tls.key = {fs::readFileSync(a.tlsKey, "utf8")};
      tls.ALPNProtocols = {"http/1.1"};
      created = &https::createServer(tls, std::move(*handler));
    } catch (const Error& e) {
      failStart("cannot use the TLS certificate or key: " + e.message);
    }
  } else {
    created = &http::createServer(std::move(*handler));
  }
  http::Server& server = *created;
  server.on("error", [&a](const Error& e) {
    failStart("cannot listen on " + a.host + ":" + std::to_string(a.port) + ": " + e.message);
  });
  servers->files = &server;
  server.listen(a.port, a.host, [&server, &a, announce, secure, log, servers] {
    auto addr = server.address();
    if (announce) {
      std::string host = urlHost(addr);
      std::printf("Serving %s at %s://%s:%u/\n", a.dir.c_str(), secure ? "https" : "http",
                  host.c_str(), unsigned(addr.port));
      std::fflush(stdout);
    }
    if (a.redirectHttp >= 0) {
      servers->redirect = &startRedirect(a, addr.port, log, announce);
    }
  });
  if (log->isOpen()) {
    Timeout flusher = setInterval([log] { log->flush(); }, 1000);
    flusher.unref();
    // The last lines are written once the server has closed (every response sent).
    server.on("close", [log, flusher]() mutable {
      clearInterval(flusher);
      log->close();
    });
  }
  return servers;
}

// One worker on this thread: Ctrl-C closes the server; in-flight responses finish.
int runSingle(const ServeArgs& a) {
  std::shared_ptr<Servers> servers = startServer(a, true);
  http::Server& server = *servers->files;
  auto stopping = std::make_shared<bool>(false);
  auto onSignal = [&server, servers, stopping](const std::string& name, int) {
    if (*stopping) {
      std::fprintf(stderr, "nodecc serve: %s again, exiting now\n", name.c_str());
      process::exit(1);
    }
    *stopping = true;
    std::fprintf(stderr, "nodecc serve: %s, closing (responses in flight finish)\n", name.c_str());
    // The signal listeners would keep the loop alive: exit once the server has closed.
    server.close([](Error*) { process::exit(0); });
    server.closeIdleConnections();
    if (servers->redirect != nullptr) {
      servers->redirect->close();
      servers->redirect->closeIdleConnections();
    }
  };
  process::on("SIGINT", onSignal);
  process::on("SIGTERM", onSignal);
  return nodecc::run();
}

// N workers: the cluster stops them gracefully on the first signal and forces exit on the
// second (or after the shutdown timeout).
int runWorkers(const ServeArgs& a) {
  cluster::Options options;
  options.workers = a.workers;
  std::fprintf(stderr, "nodecc serve: %u workers\n", a.workers);
  return cluster::run(options, [&a] { startServer(a, cluster::workerId() == 1); });
}

}  // namespace

int serveCommand(const std::vector<std::string>& args) {
  ServeArgs a;
  std::string err = parseServeArgs(args, &a);
  if (!err.empty()) {
    std::fprintf(stderr, "nodecc serve: %s\n\n%s", err.c_str(), kServeUsage);
    return 2;
  }
  if (a.help) {
    std::fputs(kServeUsage, stdout);
    return 0;
  }
  if (a.workers == 0) {
    a.workers = cluster::availableParallelism();
  }
  raiseFileLimit();
  return a.workers == 1 ? runSingle(a) : runWorkers(a);
}

}  // namespace nodecc::cli
