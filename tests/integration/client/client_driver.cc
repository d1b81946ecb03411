// The client the client integration tests drive against nodecc's, Node's and nginx's
// servers. Written as a Node program would be; each mode prints one result line that the
// Python tests check.
//
//   many --url U --count N --concurrency C [--agent keepalive|none|global] [--max-sockets M]
//        N GETs, C at a time: "ok <n> bytes <b> created <sockets> reused <r> maxbusy <m>"
//   download --url U
//        one GET whose body is checked against the /stream pattern as it arrives, RSS sampled:
//        "bytes <n> pattern <ok|bad> rss_base <b> rss_peak <p> status <s>"
//   upload --url U --bytes N
//        one PUT of N pattern bytes written with backpressure: "answer <server's body>"
//   events --url U [--timeout MS] [--abort-after MS] [--agent ...]
//        one GET; the events in order, e.g. "socket response:200 data end close"
#include <nodecc/nodecc.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

using namespace nodecc;

namespace {

std::string arg(const char* name, const std::string& fallback = "") {
  const auto& argv = process::argv();
  for (size_t i = 2; i + 1 < argv.size(); ++i) {
    if (argv[i] == name) {
      return argv[i + 1];
    }
  }
  return fallback;
}

uint64_t num(const char* name, uint64_t fallback) {
  std::string v = arg(name);
  return v.empty() ? fallback : std::strtoull(v.c_str(), nullptr, 10);
}

// The /stream pattern (tests/integration/http/httptest.py has the same).
constexpr size_t kPatternPeriod = 65536;
const std::string& pattern() {
  static const std::string p = [] {
    std::string s(kPatternPeriod, '\0');
    for (size_t i = 0; i < s.size(); ++i) {
      s[i] = char('a' + (i * 7 + i / 251) % 26);
    }
    return s;
  }();
  return p;
}

http::Agent& chooseAgent() {
  std::string kind = arg("--agent", "keepalive");
  if (kind == "global") {
    return http::globalAgent();
  }
  http::AgentOptions o;
  o.keepAlive = kind == "keepalive";
  o.maxSockets = num("--max-sockets", http::AgentOptions::kInfinity);
  thread_local std::unique_ptr<http::Agent> agent;
  agent = std::make_unique<http::Agent>(o);
  return *agent;
}

void many() {
  std::string url = arg("--url");
  uint64_t count = num("--count", 10);
  uint64_t concurrency = num("--concurrency", 1);
  http::Agent* agent = &chooseAgent();
  struct State {
    uint64_t started = 0, done = 0, bytes = 0, reused = 0, failed = 0;
    size_t maxBusy = 0;
  };
  auto st = std::make_shared<State>();
  auto next = std::make_shared<std::function<void()>>();
  *next = [=] {
    if (st->started == count) {
      return;
    }
    ++st->started;
    http::RequestOptions o;
    o.agent = agent;
    auto& req = http::get(url, o, [=](http::IncomingMessage& res) {
      if (res.statusCode != 200) {
        ++st->failed;
      }
      res.on("data", [=](const Buffer& b) { st->bytes += b.size(); });
      res.on("end", [=] {
        size_t busy = 0;
        for (auto& [name, n] : agent->sockets()) {
          busy += n;
        }
        st->maxBusy = std::max(st->maxBusy, busy);
        if (++st->done == count) {
          std::printf("ok %llu bytes %llu created %llu reused %llu maxbusy %zu failed %llu\n",
                      (unsigned long long)st->done, (unsigned long long)st->bytes,
                      (unsigned long long)agent->createdSocketCount(),
                      (unsigned long long)st->reused, st->maxBusy, (unsigned long long)st->failed);
          std::fflush(stdout);
          agent->destroy();
          *next = nullptr;  // it holds itself: let go
          return;
        }
        setImmediate([=] {
          if (*next) {
            (*next)();
          }
        });
      });
    });
    req.on("socket", [=, &req](net::Socket&) {
      if (req.reusedSocket) {
        ++st->reused;
      }
    });
    req.on("error", [](const Error& e) {
      std::printf("error %s %s\n", e.code.c_str(), e.message.c_str());
      std::exit(1);
    });
  };
  for (uint64_t i = 0; i < concurrency; ++i) {
    (*next)();
  }
}

void download() {
  std::string url = arg("--url");
  struct State {
    uint64_t bytes = 0;
    bool ok = true;
    uint64_t rssBase = 0, rssPeak = 0;
    int status = 0;
  };
  auto st = std::make_shared<State>();
  st->rssBase = st->rssPeak = process::memoryUsage().rss;
  Timeout sampler =
      setInterval([st] { st->rssPeak = std::max(st->rssPeak, process::memoryUsage().rss); }, 50);
  http::RequestOptions o;
  o.agent = false;
  auto& req = http::get(url, o, [st, sampler](http::IncomingMessage& res) {
    st->status = res.statusCode;
    res.on("data", [st](const Buffer& b) {
      const std::string& p = pattern();
      size_t at = st->bytes % kPatternPeriod;
      std::string_view v = b.view();
      while (!v.empty() && st->ok) {
        size_t n = std::min(v.size(), kPatternPeriod - at);
        st->ok = v.substr(0, n) == std::string_view(p).substr(at, n);
        v.remove_prefix(n);
        at = 0;
      }
      st->bytes += b.size();
    });
    res.on("end", [st, sampler] {
      clearInterval(sampler);
      std::printf("bytes %llu pattern %s rss_base %llu rss_peak %llu status %d\n",
                  (unsigned long long)st->bytes, st->ok ? "ok" : "bad",
                  (unsigned long long)st->rssBase, (unsigned long long)st->rssPeak, st->status);
      std::fflush(stdout);
    });
    res.on("aborted", [sampler] {
      clearInterval(sampler);
      std::printf("aborted\n");
    });
  });
  req.on("error", [sampler](const Error& e) {
    clearInterval(sampler);
    std::printf("error %s\n", e.code.c_str());
  });
}

void upload() {
  std::string url = arg("--url");
  uint64_t total = num("--bytes", 1 << 20);
  http::RequestOptions o;
  o.agent = false;
  o.method = "PUT";
  auto& req = http::request(url, o, [](http::IncomingMessage& res) {
    res.text().then([](std::string& s) {
      std::printf("answer %s", s.c_str());
      std::fflush(stdout);
    });
  });
  auto sent = std::make_shared<uint64_t>(0);
  auto pump = std::make_shared<std::function<void()>>();
  *pump = [&req, sent, total] {
    while (*sent < total) {
      size_t n = size_t(std::min<uint64_t>(kPatternPeriod, total - *sent));
      *sent += n;
      if (!req.write(std::string_view(pattern()).substr(0, n))) {
        return;
      }
    }
    req.end();
  };
  req.on("drain", [pump] { (*pump)(); });
  req.on("close", [pump] { *pump = nullptr; });
  req.on("error", [](const Error& e) { std::printf("error %s\n", e.code.c_str()); });
  (*pump)();
}

void printEvents() {
  std::string url = arg("--url");
  auto out = std::make_shared<std::vector<std::string>>();
  auto print = [out] {
    std::string line;
    for (auto& e : *out) {
      line += (line.empty() ? "" : " ") + e;
    }
    std::printf("%s\n", line.c_str());
    std::fflush(stdout);
  };
  http::RequestOptions o;
  std::string kind = arg("--agent", "none");
  if (kind == "none") {
    o.agent = false;
  } else {
    o.agent = chooseAgent();
  }
  o.timeout = num("--timeout", 0);
  auto& req = http::get(url, o, [out](http::IncomingMessage& res) {
    out->push_back("response:" + std::to_string(res.statusCode));
    res.on("data", [out](const Buffer&) {
      if (out->back() != "data") {
        out->push_back("data");
      }
    });
    res.on("end", [out] { out->push_back("end"); });
    res.on("aborted", [out] { out->push_back("aborted"); });
    res.on("error", [out](const Error& e) { out->push_back("res-error:" + e.code); });
  });
  req.on("socket", [out](net::Socket&) { out->push_back("socket"); });
  req.on("timeout", [out, &req] {
    out->push_back("timeout");
    req.destroy();
  });
  req.on("error", [out](const Error& e) { out->push_back("error:" + e.code); });
  req.on("close", [out, print] {
    out->push_back("close");
    // The response's own events may follow the request's 'close': print from a later turn.
    setTimeout(print, 50);
  });
  uint64_t abortAfter = num("--abort-after", 0);
  if (abortAfter > 0) {
    setTimeout(
        [&req, out] {
          out->push_back("abort");
          req.destroy();
        },
        double(abortAfter))
        .unref();
  }
}

}  // namespace

int main() {
  const auto& argv = process::argv();
  std::string mode = argv.size() > 2 ? argv[2] : "";
  if (mode == "many") {
    many();
  } else if (mode == "download") {
    download();
  } else if (mode == "upload") {
    upload();
  } else if (mode == "events") {
    printEvents();
  } else {
    std::fprintf(stderr, "usage: client-driver many|download|upload|events --url U ...\n");
    return 2;
  }
  return nodecc::run();
}
