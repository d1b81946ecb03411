// http::serveStatic through a real server and socket: the fall-through `next` form (at once
// and after a thread-pool lookup), headers the caller set before handing the response over,
// res.statusCode and 'finish', the onResponse hook, and a root that cannot be opened.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <nodecc/nodecc.h>
#include <nodecc/serve_static.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "unit/api/api_test_util.h"
#include "unit/static/static_test_util.h"

namespace nodecc {
namespace {

using ServeStaticTest = test::ApiTest;
using staticfiles::core::test::TempTree;

struct Reply {
  int status = 0;
  std::map<std::string, std::string> headers;  // lower-case names
  std::vector<std::string> names;              // as received, in order
  std::string body;
};

// A blocking HTTP/1.1 client on one keep-alive connection (runs on its own thread).
class Client {
 public:
  explicit Client(uint16_t port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ok_ = ::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
  }
  ~Client() { ::close(fd_); }

  Reply request(const std::string& method, const std::string& path) {
    std::string req = method + " " + path + " HTTP/1.1\r\nHost: x\r\n\r\n";
    Reply r;
    if (!ok_ || ::send(fd_, req.data(), req.size(), 0) != ssize_t(req.size())) {
      return r;
    }
    size_t end;
    while ((end = buf_.find("\r\n\r\n")) == std::string::npos) {
      if (!fill()) {
        return r;
      }
    }
    std::string head = buf_.substr(0, end);
    buf_.erase(0, end + 4);
    r.status = std::stoi(head.substr(9, 3));
    for (size_t at = head.find("\r\n"); at != std::string::npos;) {
      size_t next = head.find("\r\n", at + 2);
      std::string line = head.substr(at + 2, next == std::string::npos ? next : next - at - 2);
      size_t colon = line.find(':');
      std::string name = line.substr(0, colon);
      r.names.push_back(name);
      for (char& c : name) {
        c = char(std::tolower(static_cast<unsigned char>(c)));
      }
      r.headers[name] = line.substr(colon + 2);
      at = next;
    }
    auto cl = r.headers.find("content-length");
    if (cl == r.headers.end() && method != "HEAD") {
      ADD_FAILURE() << "no Content-Length in " << head;
      return r;
    }
    size_t length = method == "HEAD" ? 0 : std::stoul(cl->second);
    while (buf_.size() < length) {
      if (!fill()) {
        return r;
      }
    }
    r.body = buf_.substr(0, length);
    buf_.erase(0, length);
    return r;
  }

 private:
  bool fill() {
    char tmp[65536];
    ssize_t n = ::recv(fd_, tmp, sizeof tmp, 0);
    if (n <= 0) {
      return false;
    }
    buf_.append(tmp, size_t(n));
    return true;
  }
  int fd_;
  bool ok_;
  std::string buf_;
};

// Serves with `server` until `client` (run on a thread once listening) returns.
void runWith(http::Server& server, const std::function<void(uint16_t)>& client) {
  std::atomic<bool> done{false};
  std::thread t;
  server.listen(0, "127.0.0.1", [&] {
    uint16_t port = server.address().port;
    t = std::thread([&, port] {
      client(port);
      done = true;
    });
  });
  Timeout poll = setInterval(
      [&] {
        if (done) {
          clearInterval(poll);
          server.close();
        }
      },
      5);
  nodecc::run();
  t.join();
}

TEST_F(ServeStaticTest, FallThroughToNextForClientErrorsAtOnceAndAfterALookup) {
  TempTree tree;
  tree.write("a.txt", "file a");
  auto files = http::serveStatic(tree.path());
  int nextCalls = 0;
  http::Server& server =
      http::createServer([&](http::IncomingMessage& req, http::ServerResponse& res) {
        files(req, res, [&] {
          ++nextCalls;
          res.statusCode = 404;  // (writeHead first would send the body chunked, as Node does)
          res.setHeader("Content-Type", "text/plain");
          res.end("fell through: " + req.url);
        });
      });
  std::vector<Reply> replies;
  runWith(server, [&](uint16_t port) {
    Client c(port);
    replies.push_back(c.request("GET", "/a.txt"));    // miss, served
    replies.push_back(c.request("GET", "/missing"));  // miss, then next
    replies.push_back(c.request("POST", "/a.txt"));   // 405 at once, next
    replies.push_back(c.request("GET", "/.hidden"));  // dotfile 404 at once, next
    replies.push_back(c.request("GET", "/a.txt"));    // hit
  });
  ASSERT_EQ(replies.size(), 5u);
  EXPECT_EQ(replies[0].body, "file a");
  EXPECT_EQ(replies[1].body, "fell through: /missing");
  EXPECT_EQ(replies[2].body, "fell through: /a.txt");
  EXPECT_EQ(replies[3].body, "fell through: /.hidden");
  EXPECT_EQ(replies[4].body, "file a");
  EXPECT_EQ(nextCalls, 3);
}

TEST_F(ServeStaticTest, HeadersSetByTheCallerAreSentAndReplaceOurs) {
  TempTree tree;
  tree.write("a.txt", "file a");
  auto files = http::serveStatic(tree.path(), {.cacheControl = "max-age=60"});
  http::Server& server =
      http::createServer([&](http::IncomingMessage& req, http::ServerResponse& res) {
        res.setHeader("Access-Control-Allow-Origin", "*");
        res.setHeader("Cache-Control", "no-store");
        res.setHeader("Content-Length", "999");  // framing stays ours
        files(req, res);
      });
  Reply r;
  runWith(server, [&](uint16_t port) { r = Client(port).request("GET", "/a.txt"); });
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body, "file a");
  EXPECT_EQ(r.headers["access-control-allow-origin"], "*");
  EXPECT_EQ(r.headers["cache-control"], "no-store");
  EXPECT_EQ(r.headers["content-length"], "6");
  EXPECT_EQ(std::count(r.names.begin(), r.names.end(), "Cache-Control"), 1);
  EXPECT_EQ(std::count(r.names.begin(), r.names.end(), "Content-Length"), 1);
  EXPECT_EQ(r.headers["etag"].size() > 2, true);
}

TEST_F(ServeStaticTest, StatusCodeFinishAndOnResponse) {
  TempTree tree;
  tree.write("a.txt", "0123456789");
  std::vector<std::string> hook;
  http::StaticOptions o;
  o.onResponse = [&](http::IncomingMessage& req, http::ServerResponse&, int status,
                     uint64_t bytes) {
    hook.push_back(req.method + " " + req.url + " " + std::to_string(status) + " " +
                   std::to_string(bytes));
  };
  auto files = http::serveStatic(tree.path(), std::move(o));
  std::vector<int> finished;
  http::Server& server =
      http::createServer([&](http::IncomingMessage& req, http::ServerResponse& res) {
        res.on("finish", [&finished, &res] { finished.push_back(res.statusCode); });
        files(req, res);
      });
  runWith(server, [&](uint16_t port) {
    Client c(port);
    c.request("GET", "/a.txt");
    c.request("HEAD", "/a.txt");
    c.request("GET", "/nope");
  });
  EXPECT_EQ(finished, (std::vector<int>{200, 200, 404}));
  ASSERT_EQ(hook.size(), 3u);
  EXPECT_EQ(hook[0], "GET /a.txt 200 10");
  EXPECT_EQ(hook[1], "HEAD /a.txt 200 0");
  EXPECT_EQ(hook[2].rfind("GET /nope 404 ", 0), 0u);
}

TEST_F(ServeStaticTest, RootThatCannotBeOpenedThrows) {
  try {
    (void)http::serveStatic("/nonexistent/nodecc/root");
    FAIL() << "no exception";
  } catch (const Error& e) {
    EXPECT_EQ(e.code, "ENOENT");
    EXPECT_EQ(e.syscall, "open");
  }
  TempTree tree;
  tree.write("file", "x");
  EXPECT_THROW((void)http::serveStatic(tree.at("file")), Error);  // ENOTDIR
}

}  // namespace
}  // namespace nodecc
