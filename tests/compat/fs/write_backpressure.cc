// fs.createWriteStream with backpressure: writes made before the file is open are buffered
// and go out together once it is; write() turns false at highWaterMark, 'drain' follows once
// everything is written, then end(): 'finish' before 'close', end()'s callback before
// 'finish'. A stream whose directory is missing: the writes' callbacks and end()'s fail with
// ENOENT, 'error' (Node's message) then 'close', no 'finish'. close(cb) on a stream in use.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

std::string tmp;
std::string rel(std::string p) {
  for (size_t i = p.find(tmp); i != std::string::npos; i = p.find(tmp, i)) p.replace(i, tmp.size(), "<tmp>");
  return p;
}
std::string at(const std::string& name) { return tmp + "/" + name; }
const char* str(bool b) { return b ? "true" : "false"; }
std::string code(Error* err) { return err ? err->code : "null"; }
using Log = std::shared_ptr<std::vector<std::string>>;
void print(const std::vector<std::string>& log, const char* sep) {
  std::string o;
  for (size_t i = 0; i < log.size(); i++) o += (i ? sep : "") + log[i];
  std::printf("%s", o.c_str());
}

struct Writer {
  fs::WriteStream& ws;
  Log log;
  int i = 0;
  void more(std::shared_ptr<Writer> self) {
    while (i < 6) {
      int n = ++i;
      bool ok = ws.write("chunk" + std::to_string(n) + "|", [log = log, n](Error* err) { log->push_back("cb" + std::to_string(n) + " " + code(err)); });
      log->push_back("write " + std::to_string(n) + " " + str(ok) + " " + std::to_string(ws.writableLength()) + " " + str(ws.writableNeedDrain()));
      if (!ok) {
        ws.once("drain", [self] { self->more(self); });
        return;
      }
    }
    ws.end("last", [log = log, &ws = ws](Error* err) { log->push_back("end cb " + code(err) + " " + str(ws.writableFinished())); });
    log->push_back(std::string("ended ") + str(ws.writableEnded()) + " " + str(ws.writableFinished()));
  }
};

void backpressure(UniqueFunction<void()> done) {
  fs::WriteStream& ws = fs::createWriteStream(at("out.txt"), {.highWaterMark = 10});
  Log log = std::make_shared<std::vector<std::string>>();
  for (const char* ev : {"open", "ready", "drain", "finish", "close"}) {
    auto entry = [log, ev, &ws] { log->push_back(std::string(ev) + " " + std::to_string(ws.bytesWritten) + " " + std::to_string(ws.writableLength())); };
    if (std::string_view(ev) == "open") ws.on(ev, [entry](int) { entry(); });
    else ws.on(ev, entry);
  }
  auto w = std::make_shared<Writer>(Writer{ws, log});
  w->more(w);
  ws.on("close", [log, done = std::make_shared<UniqueFunction<void()>>(std::move(done))] {
    print(*log, "\n");
    std::printf("\ncontent %s\n", fs::readFileSync(at("out.txt"), "utf8").c_str());
    (*done)();
  });
}

void missingDir(UniqueFunction<void()> done) {
  fs::WriteStream& ws = fs::createWriteStream(at("nodir/x.txt"));
  Log log = std::make_shared<std::vector<std::string>>();
  std::printf("pending %s\n", str(ws.pending));
  log->push_back(std::string("write ") + str(ws.write("a", [log](Error* err) { log->push_back("cb a " + code(err)); })));
  log->push_back(std::string("write ") + str(ws.write("b", [log](Error* err) { log->push_back("cb b " + code(err)); })));
  ws.end([log](Error* err) { log->push_back("end cb " + code(err)); });
  ws.on("open", [log](int) { log->push_back("open"); });
  ws.on("finish", [log] { log->push_back("finish"); });
  ws.on("error", [log](const Error& e) {
    log->push_back("error " + e.code + " " + std::to_string(e.errnum) + " " + e.syscall + " " + rel(e.path) + " " + rel(e.message));
  });
  ws.on("close", [log, &ws, done = std::make_shared<UniqueFunction<void()>>(std::move(done))] {
    log->push_back(std::string("close ") + str(ws.destroyed()) + " " + str(ws.writableFinished()) + " " + std::to_string(ws.bytesWritten));
    setImmediate([log, done] {
      print(*log, "\n");
      std::printf("\n");
      (*done)();
    });
  });
}

void closeWhileWriting(UniqueFunction<void()> done) {
  fs::WriteStream& ws = fs::createWriteStream(at("close.txt"));
  Log log = std::make_shared<std::vector<std::string>>();
  ws.write("one", [log](Error* err) { log->push_back("cb one " + code(err)); });
  ws.on("finish", [log] { log->push_back("finish"); });
  ws.close([log, done = std::make_shared<UniqueFunction<void()>>(std::move(done))](Error* err) {
    log->push_back("close cb " + code(err));
    print(*log, ",");
    std::printf(" %s\n", fs::readFileSync(at("close.txt"), "utf8").c_str());
    (*done)();
  });
  ws.on("close", [log] { log->push_back("close"); });
}

int main() {
  tmp = fs::mkdtempSync("/tmp/nodecc-fs-wbp-");
  backpressure([] {
    missingDir([] {
      closeWhileWriting([] {
        fs::rmSync(tmp, {.recursive = true});
        std::printf("cleaned %s\n", str(fs::existsSync(tmp)));
      });
    });
  });
  return nodecc::run();
}
