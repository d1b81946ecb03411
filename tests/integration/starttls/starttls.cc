// The STARTTLS program test_starttls.py drives: TLS over sockets that spoke plaintext first
// (tls::connect({socket}) and tls::createTLSSocket(socket, {isServer: true})).
//   starttls server KEY CERT     -> a plain net server: "STARTTLS\n" is answered "GO\n" and
//                                   the socket wrapped; then every line comes back in upper
//                                   case. Prints "port N", then "secure PROTOCOL SERVERNAME"
//                                   per handshake.
//   starttls client PORT CERT    -> net::connect, "STARTTLS\n", waits for "GO\n", then TLS
//                                   over the same socket (ca CERT, servername localhost);
//                                   sends "hello\n", prints what comes back and its events.
//   starttls churn N KEY CERT    -> N STARTTLS upgrades against its own server, each cut
//                                   mid-handshake in one of several ways (the client's
//                                   TLSSocket or plain socket destroyed, the server's wrapped
//                                   socket destroyed) or once secured; prints the descriptor
//                                   count before and after and fails unless they match and
//                                   every socket of both sides closed.
#include <nodecc/nodecc.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
using namespace nodecc;

namespace {

std::string upper(std::string s) {
  for (char& c : s) {
    c = char(std::toupper(static_cast<unsigned char>(c)));
  }
  return s;
}

size_t countFds() {
  return fs::readdirSync("/proc/self/fd").size();
}

// A net server that upgrades on "STARTTLS\n". `onWrapped` sees each wrapped socket first.
net::Server& starttlsServer(const std::string& key, const std::string& cert,
                            std::function<void(tls::TLSSocket&)> onWrapped) {
  tls::SecureContextOptions co;
  co.key = {key};
  co.cert = {cert};
  tls::SecureContext ctx = tls::createSecureContext(co);
  return net::createServer([ctx, onWrapped](net::Socket& plain) {
    plain.on("error", [](const Error&) {});
    plain.once("data", [&plain, ctx, onWrapped](const Buffer& chunk) {
      if (chunk.toString() != "STARTTLS\n") {
        plain.end("NO\n");
        return;
      }
      plain.write("GO\n");
      tls::TLSSocketOptions o;
      o.isServer = true;
      o.secureContext = ctx;
      onWrapped(tls::createTLSSocket(plain, o));
    });
  });
}

// Connects, asks for STARTTLS, and calls `then` with the plain socket once "GO\n" came.
void startTls(uint16_t port, std::function<void(net::Socket&)> then) {
  auto self = std::make_shared<net::Socket*>(nullptr);
  net::Socket& plain = net::connect(port, "127.0.0.1", [self] { (*self)->write("STARTTLS\n"); });
  *self = &plain;
  plain.on("error", [](const Error& e) { std::printf("plain error %s\n", e.code.c_str()); });
  plain.once("data", [&plain, then](const Buffer& chunk) {
    if (chunk.toString() != "GO\n") {
      std::printf("refused %s", chunk.toString().c_str());
      plain.destroy();
      return;
    }
    then(plain);
  });
}

int server(const std::string& key, const std::string& cert) {
  net::Server& s = starttlsServer(key, cert, [](tls::TLSSocket& socket) {
    socket.on("secure", [&socket] {
      std::printf("secure %s %s\n", socket.getProtocol().c_str(), socket.servername.c_str());
      std::fflush(stdout);
    });
    socket.on("data", [&socket](const Buffer& data) { socket.write(upper(data.toString())); });
    socket.on("error", [](const Error&) {});
  });
  s.listen(0, "127.0.0.1", [&s] {
    std::printf("port %u\n", s.address().port);
    std::fflush(stdout);
  });
  return nodecc::run();
}

int client(uint16_t port, const std::string& cert) {
  startTls(port, [cert](net::Socket& plain) {
    tls::ConnectionOptions o;
    o.socket = &plain;
    o.ca = {cert};
    o.servername = "localhost";
    auto self = std::make_shared<tls::TLSSocket*>(nullptr);
    tls::TLSSocket& socket = tls::connect(o, [self] {
      tls::TLSSocket& s = **self;
      std::printf("secureConnect %s %s\n", s.authorized ? "true" : "false",
                  s.getProtocol().c_str());
      s.write("hello\n");
    });
    *self = &socket;
    socket.on("data", [&socket](const Buffer& data) {
      std::printf("data %s", data.toString().c_str());
      socket.end();
    });
    socket.on("end", [] { std::printf("end\n"); });
    socket.on("error", [](const Error& e) { std::printf("error %s\n", e.code.c_str()); });
    socket.on("close",
              [](bool hadError) { std::printf("close %s\n", hadError ? "true" : "false"); });
  });
  return nodecc::run();
}

int churn(int n, const std::string& key, const std::string& cert) {
  struct State {
    int n = 0;
    int started = 0;
    int clientClosed = 0;
    int serverClosed = 0;
    int plainClosed = 0;
    int wrapped = 0;
    size_t fdsBefore = 0;
    net::Server* server = nullptr;
    std::string cert;
  };
  static State st;
  st.n = n;
  st.cert = cert;
  // How each upgrade ends, by its number: 0 the client's TLSSocket destroyed at once (its
  // ClientHello written), 1 the same a little later (mid-handshake), 2 the client's plain
  // socket destroyed (which destroys its TLSSocket), 3 the server's wrapped socket destroyed
  // before the handshake, 4 secured, then ended.
  constexpr int kWays = 5;
  static std::function<void()> next;
  static std::function<void()> done;
  net::Server& s = starttlsServer(key, cert, [](tls::TLSSocket& socket) {
    int way = st.wrapped++ % kWays;
    socket.on("error", [](const Error&) {});
    socket.on("close", [](bool) {
      ++st.serverClosed;
      done();
    });
    socket.on("data", [&socket](const Buffer&) { socket.end(); });
    if (way == 3) {
      socket.destroy();
    }
  });
  st.server = &s;
  done = [] {
    if (st.clientClosed < st.n || st.serverClosed < st.n || st.plainClosed < st.n) {
      return;
    }
    // The close phase that frees the last sockets comes after their 'close' listeners.
    setTimeout(
        [] {
          st.server->getConnections([](Error*, size_t connections) {
            size_t after = countFds();
            std::printf("churn %d fds %zu %zu connections %zu\n", st.n, st.fdsBefore, after,
                        connections);
            bool ok = after == st.fdsBefore && connections == 0;
            st.server->close();
            if (!ok) {
              process::exitCode = 1;
            }
          });
        },
        50);
  };
  next = [] {
    if (st.started == st.n) {
      return;
    }
    int way = st.started++ % kWays;
    startTls(st.server->address().port, [way](net::Socket& plain) {
      plain.on("close", [](bool) {
        ++st.plainClosed;
        done();
      });
      tls::ConnectionOptions o;
      o.socket = &plain;
      o.ca = {st.cert};
      o.servername = "localhost";
      tls::TLSSocket& socket = tls::connect(o);
      socket.on("error", [](const Error&) {});
      socket.on("close", [](bool) {
        ++st.clientClosed;
        done();
        next();
      });
      socket.on("secureConnect", [&socket] { socket.write("x"); });
      if (way == 0) {
        socket.destroy();
      } else if (way == 1) {
        setImmediate([&socket] { socket.destroy(); });
      } else if (way == 2) {
        plain.destroy();
      }
    });
  };
  // A hang is a failure that says where it stands.
  Timeout watchdog = setTimeout(
      [] {
        std::printf("churn %d stuck: started %d wrapped %d closed client %d plain %d server %d\n",
                    st.n, st.started, st.wrapped, st.clientClosed, st.plainClosed, st.serverClosed);
        std::exit(1);
      },
      20000);
  watchdog.unref();
  s.listen(0, "127.0.0.1", [] {
    st.fdsBefore = countFds();
    for (int i = 0; i < 8; ++i) {
      next();  // eight at a time
    }
  });
  return nodecc::run();
}

}  // namespace

int main(int argc, char** argv) {
  std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "server" && argc == 4) {
    return server(fs::readFileSync(argv[2], "utf8"), fs::readFileSync(argv[3], "utf8"));
  }
  if (mode == "client" && argc == 4) {
    return client(uint16_t(std::atoi(argv[2])), fs::readFileSync(argv[3], "utf8"));
  }
  if (mode == "churn" && argc == 5) {
    return churn(std::atoi(argv[2]), fs::readFileSync(argv[3], "utf8"),
                 fs::readFileSync(argv[4], "utf8"));
  }
  std::fprintf(stderr, "usage: starttls server KEY CERT | client PORT CERT | churn N KEY CERT\n");
  return 2;
}
