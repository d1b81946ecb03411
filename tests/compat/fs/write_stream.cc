// fs.createWriteStream: write() returns false once highWaterMark bytes are buffered, 'drain'
// follows when they are written, writes buffered meanwhile go out together; end(chunk, cb),
// 'finish' then 'close', bytesWritten; the flags option; a write after end; a failed open.
#include <cstdio>
#include <deque>
#include <memory>
#include <string>
#include <nodecc/nodecc.h>
using namespace nodecc;

std::string tmp;
std::string rel(std::string p) {
  if (p.empty()) return "undefined";
  for (size_t i = p.find(tmp); i != std::string::npos; i = p.find(tmp, i)) p.replace(i, tmp.size(), "<tmp>");
  return p;
}
std::string at(const std::string& name) { return tmp + "/" + name; }
const char* str(bool b) { return b ? "true" : "false"; }

std::deque<UniqueFunction<void()>> steps;
template <class F> void step(F f) { steps.emplace_back(std::move(f)); }
void next() { if (steps.empty()) return; auto f = std::move(steps.front()); steps.pop_front(); f(); }

struct Counter { int i = 0, drains = 0, callbacks = 0; };

void go(fs::WriteStream& ws, std::shared_ptr<Counter> c) {
  std::string chunk(6, 'x');
  while (c->i < 10) {
    c->i++;
    bool ok = ws.write(chunk, [c](Error* err) { c->callbacks++; std::printf("cb %d %s\n", c->i, err ? err->message.c_str() : "null"); });
    std::printf("write %d %s %zu %s\n", c->i, str(ok), ws.writableLength(), str(ws.writableNeedDrain()));
    if (!ok) { ws.once("drain", [&ws, c] { c->drains++; go(ws, c); }); return; }
  }
  ws.end("END", [c](Error*) { std::printf("end cb %d\n", c->callbacks); });
  std::printf("ended %s %s\n", str(ws.writableEnded()), str(ws.writableFinished()));
}

void goBig(fs::WriteStream& ws, std::shared_ptr<Counter> c, Buffer chunk) {
  while (c->i < 64) {
    c->i++;
    if (!ws.write(chunk)) { ws.once("drain", [&ws, c, chunk] { c->drains++; goBig(ws, c, chunk); }); return; }
  }
  ws.end();
}

int main() {
  tmp = fs::mkdtempSync("/tmp/nodecc-fs-ws-");

  step([] {
    fs::WriteStream& ws = fs::createWriteStream(at("out.txt"), {.highWaterMark = 16});
    std::printf("created %s %zu %s\n", str(ws.pending), ws.writableHighWaterMark(), rel(ws.path).c_str());
    for (const char* ev : {"ready", "drain", "finish", "close"}) {
      ws.on(ev, [ev, &ws] { std::printf("ws %s %zu %zu %s\n", ev, ws.bytesWritten, ws.writableLength(), str(ws.writableFinished())); });
    }
    ws.on("open", [](int) { std::printf("ws open number\n"); });
    auto c = std::make_shared<Counter>();
    go(ws, c);
    ws.on("close", [c] {
      std::printf("drains %d callbacks %d %zu\n", c->drains, c->callbacks, fs::readFileSync(at("out.txt"), "utf8").size());
      next();
    });
  });
  step([] {
    fs::WriteStream& ws = fs::createWriteStream(at("out.txt"), {.flags = "a"});
    ws.write(Buffer::from("++"));
    ws.end();
    ws.on("finish", [&ws] { std::printf("append finish %zu\n", ws.bytesWritten); });
    ws.on("close", [] { std::printf("append close %llu\n", (unsigned long long)fs::statSync(at("out.txt")).size); next(); });
  });
  step([] {
    fs::WriteStream& ws = fs::createWriteStream(at("pos.txt"));
    ws.end("0123456789");
    ws.on("close", [] {
      fs::WriteStream& w2 = fs::createWriteStream(at("pos.txt"), {.flags = "r+", .start = 3});
      w2.write("abc");
      w2.end("d");
      w2.on("close", [] { std::printf("start option %s\n", fs::readFileSync(at("pos.txt"), "utf8").c_str()); next(); });
    });
  });
  step([] {
    fs::WriteStream& ws = fs::createWriteStream(at("nodir/x.txt"));
    ws.on("open", [](int) { std::printf("no open expected\n"); });
    ws.on("error", [](const Error& e) { std::printf("open error %s %s %s %s\n", rel(e.message).c_str(), e.code.c_str(), e.syscall.c_str(), rel(e.path).c_str()); });
    ws.on("close", [&ws] { std::printf("open error close %s\n", str(ws.destroyed())); next(); });
  });
  step([] {
    fs::WriteStream& ws = fs::createWriteStream(at("after.txt"));
    ws.end();
    ws.write("z", [](Error* e) { std::printf("write after end cb %s %s\n", e->code.c_str(), e->message.c_str()); });
    ws.on("finish", [] { std::printf("no finish expected\n"); });
    ws.on("error", [](const Error& e) { std::printf("write after end error %s %s\n", e.code.c_str(), e.message.c_str()); });
    ws.on("close", [] { std::printf("write after end close %llu\n", (unsigned long long)fs::statSync(at("after.txt")).size); next(); });
  });
  step([] {
    fs::WriteStream& ws = fs::createWriteStream(at("empty.txt"));
    ws.on("finish", [&ws] { std::printf("empty finish %zu\n", ws.bytesWritten); });
    ws.on("close", [] { std::printf("empty close %llu\n", (unsigned long long)fs::statSync(at("empty.txt")).size); next(); });
    ws.end();
  });
  step([] {
    fs::WriteStream& ws = fs::createWriteStream(at("big.bin"));
    auto c = std::make_shared<Counter>();
    goBig(ws, c, Buffer::from(std::string(65536, '\1')));
    ws.on("close", [c, &ws] { std::printf("big %d %d %zu %llu\n", c->i, c->drains, ws.bytesWritten, (unsigned long long)fs::statSync(at("big.bin")).size); next(); });
  });
  step([] {
    fs::rmSync(tmp, {.recursive = true});
    std::printf("cleaned %s\n", str(fs::existsSync(tmp)));
  });
  next();
  return nodecc::run();
}
