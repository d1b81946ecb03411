// http messages as streams (http_body.js's twin): a request body through pipeline() into a gzip
// Transform and the response, async iteration over a request (whole and left early), a
// Readable piped into a response, a failing pipeline into a response, a ClientRequest as a
// pipeline's destination and a client response as a pipeline's source.
#include <nodecc/nodecc.h>

#include <cctype>
#include <cstdio>
#include <functional>
#include <memory>

using namespace nodecc;

static stream::Writable& collector(std::function<void(Buffer)> done) {
  auto parts = std::make_shared<std::vector<Buffer>>();
  auto* w = new stream::Writable(
      {.write = [parts](auto&, const Buffer& chunk, auto, auto cb) {
         parts->push_back(chunk);
         cb(nullptr);
       },
       .final = [parts, done](auto&, auto cb) {
         done(Buffer::concat(*parts));
         cb(nullptr);
       }});
  w->ownSelf();
  return *w;
}

static http::Server* server;

static Promise<> handle(http::IncomingMessage& req, http::ServerResponse& res) {
  if (req.url == "/gzip") {
    res.setHeader("Content-Type", "application/gzip");
    stream::pipeline(req, zlib::createGzip(), res, [&res](Error* err) {
      std::printf("server /gzip pipeline %s %s\n", err ? err->code.c_str() : "ok",
                  res.writableFinished ? "true" : "false");
    });
  } else if (req.url == "/iterate") {
    size_t bytes = 0;
    std::string text;
    for (auto it = req.iterate(); auto chunk = co_await it.next();) {
      bytes += chunk->size();
      text += chunk->toString();
    }
    std::printf("server /iterate %zu %s %s\n", bytes, text.substr(0, 12).c_str(),
                req.complete ? "true" : "false");
    res.end(std::to_string(bytes));
  } else if (req.url == "/break") {
    req.on("aborted", [] { std::printf("server /break aborted\n"); });
    req.on("close", [&req] {
      std::printf("server /break req close %s\n", req.destroyed ? "true" : "false");
    });
    for (auto it = req.iterate(); auto chunk = co_await it.next();) {
      std::printf("server /break first chunk %s\n", chunk->size() > 0 ? "true" : "false");
      break;
    }
    std::printf("server /break after loop %s\n", req.destroyed ? "true" : "false");
    res.end("answered after leaving the loop");
  } else if (req.url == "/from") {
    res.on("finish", [] { std::printf("server /from res finish\n"); });
    stream::Readable::from(std::vector<Buffer>{Buffer::from("alpha "), Buffer::from("beta "), Buffer::from("gamma")}).pipe(res);
  } else if (req.url == "/fail") {
    res.writeHead(200);
    res.write("partial ");
    auto src = std::make_shared<stream::Readable>(stream::ReadableOptions<Buffer>{.read = [](auto&, size_t) {}});
    src->push("more ");
    setImmediate([src] { src->destroy(Error("source failed")); });
    stream::pipeline(*src, res, [&res, src](Error* err) {
      std::printf("server /fail pipeline %s %s\n", err->message.c_str(),
                  res.destroyed ? "true" : "false");
    });
  } else if (req.url == "/upper") {
    stream::Transform upper({.transform = [](auto&, const Buffer& chunk, auto, auto cb) {
      std::string s = chunk.toString();
      for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
      cb(nullptr, s);
    }});
    co_await stream::promises::pipeline(req, upper, res);
    std::printf("server /upper done %s\n", res.writableFinished ? "true" : "false");
  } else {
    res.end("?");
  }
}

using OnResponse = std::function<void(http::IncomingMessage&, std::function<void()>)>;

static Promise<> request(std::string path, std::function<void(http::ClientRequest&)> body,
                         OnResponse onResponse) {
  auto r = Promise<>::withResolvers();
  std::function<void()> done = [resolve = r.resolve] { resolve(); };
  http::RequestOptions o;
  o.port = server->address().port;
  o.host = "127.0.0.1";
  o.method = "POST";
  o.path = path;
  auto& req = http::request(o, [onResponse, done](http::IncomingMessage& res) {
    onResponse(res, done);
  });
  req.on("error", [path, done](const Error&) {
    std::printf("client %s error\n", path.c_str());
    done();
  });
  body(req);
  return r.promise;
}

static std::function<void(http::ClientRequest&)> send(std::string text) {
  return [text](http::ClientRequest& req) { req.end(text); };
}

static Promise<> client() {
  std::string big = std::string(100000, 'x') + "end";
  co_await request(
      "/gzip",
      [](http::ClientRequest& req) {
        req.write("hello ");
        req.write("gzip ");
        req.end("world");
      },
      [](http::IncomingMessage& res, std::function<void()> done) {
        auto parts = std::make_shared<std::vector<Buffer>>();
        res.on("data", [parts](const Buffer& c) { parts->push_back(c); });
        res.on("end", [&res, parts, done] {
          std::printf("client /gzip %d %s\n", res.statusCode,
                      zlib::gunzipSync(Buffer::concat(*parts)).toString().c_str());
          done();
        });
      });
  co_await request("/iterate", send(big), [](http::IncomingMessage& res, auto done) {
    res.setEncoding("utf8");
    auto t = std::make_shared<std::string>();
    res.on("data", [t](const std::string& c) { *t += c; });
    res.on("end", [t, done] {
      std::printf("client /iterate %s\n", t->c_str());
      done();
    });
  });
  // Leaving the loop early destroys the request but not its connection (Node's destroyer
  // drops req.socket first): the handler still answers.
  co_await request(
      "/break",
      [](http::ClientRequest& req) {
        req.write("first");
        setTimeout([&req] { req.end("second"); }, 50);
      },
      [](http::IncomingMessage& res, auto done) {
        res.setEncoding("utf8");
        auto t = std::make_shared<std::string>();
        res.on("data", [t](const std::string& c) { *t += c; });
        res.on("end", [&res, t, done] {
          std::printf("client /break %d %s\n", res.statusCode, t->c_str());
          done();
        });
      });
  co_await request("/from", send(""), [](http::IncomingMessage& res, auto done) {
    stream::pipeline(res, collector([](Buffer b) {
                       std::printf("client /from %s\n", b.toString().c_str());
                     }),
                     [done](Error* err) {
                       std::printf("client /from pipeline %s\n", err ? err->code.c_str() : "ok");
                       done();
                     });
  });
  co_await request("/fail", send(""), [](http::IncomingMessage& res, auto done) {
    res.on("data", [](const Buffer& c) {
      std::printf("client /fail data %s\n", c.toString().c_str());
    });
    res.on("aborted", [] { std::printf("client /fail aborted\n"); });
    res.on("error", [](const Error& err) { std::printf("client /fail error %s\n", err.code.c_str()); });
    res.on("close", [done] {
      std::printf("client /fail close\n");
      done();
    });
  });
  co_await request(
      "/upper",
      [](http::ClientRequest& req) {
        stream::pipeline(stream::Readable::from(std::vector<Buffer>{Buffer::from("one "), Buffer::from("two "), Buffer::from("three")}),
                         req, [](Error* err) {
                           std::printf("client /upper request pipeline %s\n",
                                       err ? err->code.c_str() : "ok");
                         });
      },
      [](http::IncomingMessage& res, auto done) {
        res.setEncoding("utf8");
        auto t = std::make_shared<std::string>();
        res.on("data", [t](const std::string& c) { *t += c; });
        res.on("end", [t, done] {
          std::printf("client /upper %s\n", t->c_str());
          done();
        });
      });
  server->close([](Error*) { std::printf("closed\n"); });
}

int main() {
  server = &http::createServer(handle);
  server->listen(0, "127.0.0.1", [] { client(); });
  return run();
}
