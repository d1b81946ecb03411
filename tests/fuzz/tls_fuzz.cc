// libFuzzer target for TLS on the HTTP server: the fuzz input is what a client sends as the
// first records of a connection to an https::createServer (a self-signed P-256 certificate made
// at start), pushed through a socketpair into a real nodecc loop, as server_fuzz.cc does for
// plain HTTP. Every "~|~" splits the input: the loop runs until quiet between pieces.
//
// Properties, besides "no crash, no leak, no UB": once the client has finished (half-closed),
// the server closes the connection and forgets it; a handler never runs for bytes that did not
// come through a finished handshake (the fuzzer cannot complete one).
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "api/http/server/exchange.h"
#include "api/runtime.h"
#include "http/server_core.h"
#include "nodecc/https.h"

namespace {

using namespace nodecc;

constexpr std::string_view kSplit = "~|~";
constexpr int kPatience = 2000;
constexpr int kQuietRounds = 3;
int gRequests = 0;

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "property violated: %s\n", what);
    std::abort();
  }
}

std::string pem(int (*write)(BIO*, void*), void* obj) {
  BIO* bio = BIO_new(BIO_s_mem());
  write(bio, obj);
  char* data = nullptr;
  long len = BIO_get_mem_data(bio, &data);
  std::string out(data, size_t(len));
  BIO_free(bio);
  return out;
}

// A self-signed P-256 certificate for "localhost", made once.
void makeCertificate(std::string* keyPem, std::string* certPem) {
  EVP_PKEY* key = EVP_EC_gen("P-256");
  X509* x = X509_new();
  ASN1_INTEGER_set(X509_get_serialNumber(x), 1);
  X509_gmtime_adj(X509_getm_notBefore(x), 0);
  X509_gmtime_adj(X509_getm_notAfter(x), 86400);
  X509_set_pubkey(x, key);
  X509_NAME* name = X509_get_subject_name(x);
  X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                             reinterpret_cast<const unsigned char*>("localhost"), -1, -1, 0);
  X509_set_issuer_name(x, name);
  X509_sign(x, key, EVP_sha256());
  *keyPem = pem(
      [](BIO* b, void* k) {
        return PEM_write_bio_PrivateKey(b, static_cast<EVP_PKEY*>(k), nullptr, nullptr, 0, nullptr,
                                        nullptr);
      },
      key);
  *certPem = pem([](BIO* b, void* c) { return PEM_write_bio_X509(b, static_cast<X509*>(c)); }, x);
  X509_free(x);
  EVP_PKEY_free(key);
}

http::Server* server() {
  static http::Server* s = [] {
    signal(SIGPIPE, SIG_IGN);
    https::ServerOptions o;
    o.key.emplace_back();
    o.cert.emplace_back();
    makeCertificate(&o.key[0], &o.cert[0]);
    o.ALPNProtocols = {"http/1.1"};
    http::Server* srv =
        &https::createServer(o, [](http::IncomingMessage&, http::ServerResponse& res) {
          ++gRequests;
          res.end("hello\n");
        });
    srv->listen(0, "127.0.0.1");
    http::detail::HttpServerImpl* impl = nodecc::detail::Access::impl(*srv);
    check(impl->core != nullptr, "the server has a core once listening");
    // Connections come from socketpairs; the accept hook still installs TLS on them.
    impl->core->listener().close();
    nodecc::detail::Runtime::current().loop().run(loop::core::Loop::RunMode::kNoWait);
    return srv;
  }();
  return s;
}

struct Client {
  int fd = -1;
  bool eof = false;
  void read() {
    char buf[64 * 1024];
    while (!eof) {
      const ssize_t n = recv(fd, buf, sizeof buf, 0);
      if (n > 0) {
        continue;
      }
      if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
        eof = true;
      }
      return;
    }
  }
};

void settle(Client& c) {
  int quiet = 0;
  for (int round = 0; round < kPatience && quiet < kQuietRounds; ++round) {
    nodecc::detail::Runtime::current().loop().run(loop::core::Loop::RunMode::kNoWait);
    const bool before = c.eof;
    c.read();
    quiet = c.eof == before ? quiet + 1 : 0;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  http::Server* srv = server();
  http::core::ServerCore& core = *nodecc::detail::Access::impl(*srv)->core;
  int sv[2];
  check(socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, sv) == 0, "socketpair");
  static_cast<net::core::Listener::Handler&>(core).onConnection(sv[1]);
  Client client;
  client.fd = sv[0];
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  const int requestsBefore = gRequests;
  for (;;) {
    const size_t cut = rest.find(kSplit);
    std::string_view piece = rest.substr(0, cut);
    while (!piece.empty() && !client.eof) {
      const ssize_t n = ::send(client.fd, piece.data(), piece.size(), MSG_NOSIGNAL);
      if (n <= 0) {
        break;  // the server closed, or will not read more now
      }
      piece.remove_prefix(size_t(n));
    }
    settle(client);
    if (cut == std::string_view::npos) {
      break;
    }
    rest.remove_prefix(cut + kSplit.size());
  }
  shutdown(client.fd, SHUT_WR);
  for (int round = 0; round < kPatience && (core.connectionCount() > 0 || !client.eof); ++round) {
    settle(client);
  }
  check(core.connectionCount() == 0, "the server forgets a connection the client finished");
  check(client.eof, "the server closes a connection the client finished");
  check(gRequests == requestsBefore, "no request without a finished handshake");
  close(client.fd);
  return 0;
}
