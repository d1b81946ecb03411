// Readable.fromWeb(response.body): piped through pipeline into a Writable counting bytes, into
// createGunzip, read by async iteration, and destroyed early (the server sees its response
// close before it finished; the fetch connection is closed).
#include <nodecc/nodecc.h>
#include <nodecc/zlib.h>

#include <cstdio>
#include <memory>
#include <string>

using namespace nodecc;

const char* str(bool b) { return b ? "true" : "false"; }

std::optional<Resolve<bool>> slowClosed;
http::Server& server = http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
  if (req.url == "/data") {
    for (int i = 0; i < 100; i++) res.write(Buffer::alloc(1000, 'x'));
    res.end();
  } else if (req.url == "/gzip") {
    std::string s;
    for (int i = 0; i < 1000; i++) s += "hello, ";
    res.end(zlib::gzipSync(s + "end"));
  } else if (req.url == "/slow") {
    auto timer = setInterval([&res] { res.write(Buffer::alloc(1000, 'y')); }, 5);
    res.on("close", [&res, timer] {
      clearInterval(timer);
      (*slowClosed)(res.writableFinished);
    });
  }
});

std::unique_ptr<stream::Writable> counter(std::shared_ptr<size_t> totals) {
  return std::make_unique<stream::Writable>(stream::WritableOptions<Buffer>{
    .write = [totals](stream::Writable&, const Buffer& chunk, std::string_view, stream::Callback cb) {
      *totals += chunk.length();
      cb();
    },
  });
}

Promise<> main2() {
  std::string base = "http://127.0.0.1:" + std::to_string(server.address().port);
  Response res = co_await fetch(base + "/data");
  auto totals = std::make_shared<size_t>(0);
  stream::Readable& r = stream::fromWeb(res.body);
  std::printf("fromWeb %s %zu %s\n", str(r.readableObjectMode()), r.readableHighWaterMark(), str(res.body.locked()));
  auto count = counter(totals);
  co_await stream::promises::pipeline(r, *count);
  std::printf("counted %zu %s\n", *totals, str(res.bodyUsed()));

  res = co_await fetch(base + "/gzip");
  auto text = std::make_shared<std::string>();
  stream::Writable collect({
    .write = [text](stream::Writable&, const Buffer& chunk, std::string_view, stream::Callback cb) {
      *text += chunk.toString();
      cb();
    },
  });
  co_await stream::promises::pipeline(stream::fromWeb(res.body), zlib::createGunzip(), collect);
  std::printf("gunzip %zu %s\n", text->size(), text->substr(text->size() - 8).c_str());

  res = co_await fetch(base + "/data");
  size_t bytes = 0;
  for (auto it = stream::fromWeb(res.body).iterate(); auto chunk = co_await it.next();) bytes += chunk->length();
  std::printf("iterated %zu\n", bytes);

  auto closed = Promise<bool>::withResolvers();
  slowClosed.emplace(closed.resolve);
  res = co_await fetch(base + "/slow");
  stream::Readable& slow = stream::fromWeb(res.body);
  slow.on("close", [&slow] { std::printf("client close %s\n", str(slow.destroyed())); });
  for (auto it = slow.iterate(); auto chunk = co_await it.next();) {
    std::printf("first chunk %s\n", str((*chunk)[0] == 0x79));
    break;
  }
  std::printf("server finished %s\n", str(co_await closed.promise));

  res = co_await fetch(base + "/slow");
  stream::Readable& failing = stream::fromWeb(res.body);
  // Runtime-owned: read destroyed() while it lives (until the turn after its 'close').
  bool failingClosed = false;
  failing.on("close", [&] { failingClosed = true; });
  stream::Writable sink({
    .write = [](stream::Writable&, const Buffer&, std::string_view, stream::Callback cb) {
      Error e("sink failed");
      cb(&e);
    },
  });
  auto closed2 = Promise<bool>::withResolvers();
  slowClosed.emplace(closed2.resolve);
  try {
    co_await stream::promises::pipeline(failing, sink);
  } catch (const Error& err) {
    std::printf("pipeline %s %s\n", err.message.c_str(), str(failingClosed || failing.destroyed()));
  }
  std::printf("server finished %s\n", str(co_await closed2.promise));

  res = co_await fetch(base + "/data");
  co_await res.text();
  try {
    stream::fromWeb(res.body);
  } catch (const Error& err) {
    std::printf("used body %s %s %s\n", err.name.c_str(), err.code.c_str(), err.message.c_str());
  }
  server.close();
}

int main() {
  server.listen(0, "127.0.0.1", [] { main2(); });
  return nodecc::run();
}
