// Readable.toWeb(readable) read by getReader(): chunks of strings and of Buffers, {done: true}
// at the end, the lock, cancel() destroying the Readable, the Readable's error rejecting a
// pending read(), and a premature close.
#include <nodecc/nodecc.h>

#include <cstdio>
#include <string>
#include <vector>

using namespace nodecc;

const char* str(bool b) { return b ? "true" : "false"; }

std::string show(const ReadResult& r) {
  return std::string(str(r.done)) + " " + (r.done ? "undefined" : r.value.toString());
}

Promise<> main2() {
  ReadableStreamDefaultReader reader = stream::toWeb(stream::Readable::from(std::vector<std::string>{"a", "bc"})).getReader();
  for (;;) {
    ReadResult r = co_await reader.read();
    std::printf("read %s\n", show(r).c_str());
    if (r.done) break;
  }
  ReadableStreamDefaultReader bytes = stream::toWeb(stream::Readable::from(std::vector<Buffer>{Buffer::from("xy"), Buffer::from("z")})).getReader();
  std::string b1 = show(co_await bytes.read()), b2 = show(co_await bytes.read()), b3 = show(co_await bytes.read());
  std::printf("bytes %s %s %s\n", b1.c_str(), b2.c_str(), b3.c_str());

  stream::Readable src({.read = [](stream::Readable&, size_t) {}});
  ReadableStream web = stream::toWeb(src);
  std::printf("locked %s\n", str(web.locked()));
  ReadableStreamDefaultReader rr = web.getReader();
  std::printf("locked %s\n", str(web.locked()));
  src.push("q");
  src.push(nullptr);
  std::string p1 = show(co_await rr.read()), p2 = show(co_await rr.read());
  std::printf("pushed %s %s\n", p1.c_str(), p2.c_str());

  stream::Readable src3({.read = [](stream::Readable&, size_t) {}});
  src3.on("close", [&src3] { std::printf("src3 close %s\n", str(src3.destroyed())); });
  ReadableStreamDefaultReader r3 = stream::toWeb(src3).getReader();
  auto pending3 = r3.read();
  r3.cancel();
  std::printf("cancelled %s %s\n", str(src3.destroyed()), show(co_await pending3).c_str());

  stream::Readable src4({.read = [](stream::Readable&, size_t) {}});
  ReadableStreamDefaultReader r4 = stream::toWeb(src4).getReader();
  auto p = r4.read();
  src4.destroy(Error("bad"));
  try {
    co_await p;
  } catch (const Error& e) {
    std::printf("error %s %s\n", e.name.c_str(), e.message.c_str());
  }

  stream::Readable src5({.read = [](stream::Readable&, size_t) {}});
  ReadableStreamDefaultReader r5 = stream::toWeb(src5).getReader();
  auto p5 = r5.read();
  src5.destroy();
  try {
    co_await p5;
  } catch (const Error& e) {
    std::printf("premature %s %s %s\n", e.name.c_str(), e.message.c_str(), e.cause->code.c_str());
  }

  // Backpressure: a Readable with a 4-byte high-water mark is paused once 4 bytes wait.
  int reads = 0;
  stream::Readable src6({
    .highWaterMark = 4,
    .read = [&reads](stream::Readable& self, size_t) {
      reads++;
      if (reads <= 6) self.push("ab");
      else self.push(nullptr);
    },
  });
  ReadableStreamDefaultReader r6 = stream::toWeb(src6).getReader();
  co_await timers::promises::setTimeout(20);
  std::printf("buffered reads %s %s\n", str(reads <= 4), str(src6.isPaused()));
  std::string all;
  for (;;) {
    ReadResult r = co_await r6.read();
    if (r.done) break;
    all += r.value.toString();
  }
  std::printf("all %s %d\n", all.c_str(), reads);

  Response res(stream::toWeb(stream::Readable::from(std::vector<Buffer>{Buffer::from("hel"), Buffer::from("lo")})));
  std::string resText = co_await res.text();
  std::printf("response %d %s %s %s %s\n", res.status, str(res.ok), res.headers.get("content-type").value_or("null").c_str(), resText.c_str(), str(res.bodyUsed()));
  Response textRes("hey");
  ReadableStreamDefaultReader tr = textRes.body.getReader();
  std::string t1 = show(co_await tr.read()), t2 = show(co_await tr.read());
  std::printf("text response %s %s %s\n", textRes.headers.get("content-type").value_or("null").c_str(), t1.c_str(), t2.c_str());
  Response piped(stream::toWeb(stream::Readable::from(std::vector<Buffer>{Buffer::from("round"), Buffer::from("trip")})));
  std::string back;
  for (auto it = stream::fromWeb(piped.body).iterate(); auto chunk = co_await it.next();) back += chunk->toString();
  std::printf("round trip %s\n", back.c_str());
}

int main() {
  main2();
  return nodecc::run();
}
