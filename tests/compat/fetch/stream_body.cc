// fetch() with a stream body (duplex: 'half'), sent chunked: a ReadableStream from
// Readable.toWeb, a Readable, a Request over a stream, another response's body; the missing
// duplex option, duplex 'full', a 307 and a 303 redirect with a stream body, and a source
// stream that fails mid-upload (the fetch rejects, the server sees the upload aborted).
#include <nodecc/nodecc.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

using namespace nodecc;

const char* str(bool b) { return b ? "true" : "false"; }
std::string orUndefined(std::optional<std::string_view> v) { return v ? std::string(*v) : "undefined"; }
std::string orNull(const std::optional<std::string>& v) { return v ? *v : "null"; }

std::optional<Resolve<std::string>> aborted;
http::Server& server = http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
  if (req.url == "/307") {
    res.writeHead(307, {{"location", "/echo"}});
    res.end();
    return;
  }
  if (req.url == "/303") {
    res.writeHead(303, {{"location", "/echo"}});
    res.end();
    return;
  }
  if (req.url == "/data") {
    for (int i = 0; i < 50; i++) res.write(Buffer::alloc(1000, 'd'));
    res.end();
    return;
  }
  auto body = std::make_shared<std::string>();
  req.on("data", [body](const Buffer& c) { *body += c.toString(); });
  req.on("aborted", [] { (*aborted)("aborted"); });
  req.on("end", [&req, &res, body] {
    std::string shown = body->size() > 20 ? std::to_string(body->size()) + " bytes" : *body;
    res.end(req.method + " te=" + orUndefined(req.headers.get("transfer-encoding")) + " cl=" + orUndefined(req.headers.get("content-length")) + " ct=" + orUndefined(req.headers.get("content-type")) + " " + shown);
  });
});

Promise<> main2() {
  std::string base = "http://127.0.0.1:" + std::to_string(server.address().port);
  RequestInit web{.method = "POST", .body = stream::toWeb(stream::Readable::from(std::vector<std::string>{"ab", "cd"})), .duplex = "half"};
  Response res = co_await fetch(base + "/echo", web);
  std::printf("web %s\n", (co_await res.text()).c_str());
  RequestInit readable{.method = "POST", .body = stream::Readable::from(std::vector<Buffer>{Buffer::from("xy"), Buffer::from("z")}), .duplex = "half"};
  res = co_await fetch(base + "/echo", readable);
  std::printf("readable %s\n", (co_await res.text()).c_str());

  RequestInit put{.method = "PUT", .body = stream::toWeb(stream::Readable::from(std::vector<std::string>{"r", "q"})), .duplex = "half"};
  Request req(base + "/echo", put);
  std::printf("request %s %s %s\n", req.duplex.c_str(), str(req.bodyUsed()), orNull(req.headers.get("content-type")).c_str());
  res = co_await fetch(req);
  std::printf("request sent %s %s\n", str(req.bodyUsed()), (co_await res.text()).c_str());
  RequestInit localInit{.method = "POST", .body = stream::toWeb(stream::Readable::from(std::vector<Buffer>{Buffer::from("lo"), Buffer::from("cal")})), .duplex = "half"};
  Request local(base + "/x", localInit);
  std::printf("request text %s\n", (co_await local.text()).c_str());

  Response data = co_await fetch(base + "/data");
  RequestInit proxy{.method = "POST", .body = data.body, .duplex = "half"};
  res = co_await fetch(base + "/echo", proxy);
  std::printf("proxied %s\n", (co_await res.text()).c_str());

  try {
    RequestInit noDuplex{.method = "POST", .body = stream::toWeb(stream::Readable::from(std::vector<std::string>{"a"}))};
    co_await fetch(base + "/echo", noDuplex);
  } catch (const Error& err) {
    std::printf("no duplex %s %s\n", err.name.c_str(), err.message.c_str());
  }
  try {
    RequestInit noDuplex{.method = "POST", .body = stream::toWeb(stream::Readable::from(std::vector<std::string>{"a"}))};
    Request(base + "/echo", noDuplex);
  } catch (const Error& err) {
    std::printf("no duplex request %s %s\n", err.name.c_str(), err.message.c_str());
  }
  try {
    RequestInit full{.method = "POST", .body = stream::toWeb(stream::Readable::from(std::vector<std::string>{"a"})), .duplex = "full"};
    co_await fetch(base + "/echo", full);
  } catch (const Error& err) {
    std::printf("full %s %s\n", err.name.c_str(), err.message.c_str());
  }
  try {
    RequestInit r307{.method = "POST", .body = stream::toWeb(stream::Readable::from(std::vector<std::string>{"a"})), .duplex = "half"};
    co_await fetch(base + "/307", r307);
  } catch (const Error& err) {
    std::printf("307 %s %s %s \"%s\"\n", err.name.c_str(), err.message.c_str(), err.cause->name.c_str(), err.cause->message.c_str());
  }
  RequestInit r303{.method = "POST", .body = stream::toWeb(stream::Readable::from(std::vector<std::string>{"a"})), .duplex = "half"};
  res = co_await fetch(base + "/303", r303);
  std::printf("303 %s %s\n", str(res.redirected), (co_await res.text()).c_str());

  ReadableStream locked = stream::toWeb(stream::Readable::from(std::vector<std::string>{"a"}));
  locked.getReader();
  try {
    RequestInit lockedInit{.method = "POST", .body = locked, .duplex = "half"};
    co_await fetch(base + "/echo", lockedInit);
  } catch (const Error& err) {
    std::printf("locked %s %s\n", err.name.c_str(), err.message.c_str());
  }
  ReadableStream lockedFull =
      stream::toWeb(stream::Readable::from(std::vector<std::string>{"a"}));
  lockedFull.getReader();
  try {
    RequestInit fullInit{.method = "POST", .body = lockedFull, .duplex = "full"};
    co_await fetch(base + "/echo", fullInit);
  } catch (const Error& err) {
    std::printf("locked full %s %s\n", err.name.c_str(), err.message.c_str());
  }
  try {
    RequestInit requestInit{.method = "POST", .body = lockedFull, .duplex = "half"};
    Request request(base + "/echo", requestInit);
  } catch (const Error& err) {
    std::printf("locked request %s %s\n", err.name.c_str(), err.message.c_str());
  }
  Response used = co_await fetch(base + "/data");
  co_await used.text();
  try {
    RequestInit usedInit{.method = "POST", .body = used.body, .duplex = "half"};
    co_await fetch(base + "/echo", usedInit);
  } catch (const Error& err) {
    std::printf("used %s %s\n", err.name.c_str(), err.message.c_str());
  }

  auto failing = []() -> AsyncGenerator<std::string> {
    co_yield "one";
    co_await timers::promises::setTimeout(20);
    throw Error("EBOOM", "boom");
  };
  auto serverSaw = Promise<std::string>::withResolvers();
  aborted.emplace(serverSaw.resolve);
  try {
    RequestInit bad{.method = "POST", .body = stream::toWeb(stream::Readable::from(failing())), .duplex = "half"};
    co_await fetch(base + "/echo", bad);
  } catch (const Error& err) {
    std::printf("failed %s %s %s %s %s\n", err.name.c_str(), err.message.c_str(), err.cause->name.c_str(), err.cause->message.c_str(), err.cause->code.c_str());
  }
  std::printf("server %s\n", (co_await serverSaw.promise).c_str());

  // An upload aborted by its signal while the source waits for data.
  stream::Readable src({.read = [](stream::Readable&, size_t) {}});
  src.push("first");
  AbortController ac;
  auto serverSaw2 = Promise<std::string>::withResolvers();
  aborted.emplace(serverSaw2.resolve);
  RequestInit abortable{.method = "POST", .body = stream::toWeb(src), .signal = ac.signal, .duplex = "half"};
  auto pending = fetch(base + "/echo", abortable);
  setTimeout([&ac] { ac.abort(); }, 50);
  try {
    co_await pending;
  } catch (const Error& err) {
    std::printf("abort %s %s\n", err.name.c_str(), err.message.c_str());
  }
  std::printf("server %s\n", (co_await serverSaw2.promise).c_str());
  server.close();
}

int main() {
  server.listen(0, "127.0.0.1", [] { main2(); });
  return nodecc::run();
}
