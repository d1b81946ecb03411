// stream.pipeline(fs.createReadStream, zlib.createGzip, fs.createWriteStream, cb), then back
// through stream/promises pipeline with createGunzip: both files compare equal to the source,
// and each stream's events come in Node's order (collected per stream and printed at the end,
// since the three streams' events interleave by timing). Then a pipeline whose source is
// missing: the error reaches the callback, and the destination (destroyed while it opens its
// file) still opens it, then closes without 'finish'. Then stream.finished on a ReadStream,
// and the same gzip with pipe(): createReadStream(a).pipe(createGzip()).pipe(createWriteStream(b)).
#include <cstdio>
#include <initializer_list>
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
std::string join(const std::vector<std::string>& v) { std::string o; for (size_t i = 0; i < v.size(); i++) o += (i ? "," : "") + v[i]; return o; }
Buffer data;
using Log = std::shared_ptr<std::vector<std::string>>;
Log newLog() { return std::make_shared<std::vector<std::string>>(); }

void watch(Log log, EventEmitter& s, std::initializer_list<const char*> events) {
  for (const char* ev : events) {
    if (std::string_view(ev) == "open") s.on("open", [log](int) { log->push_back("open number"); });
    else s.on(ev, [log, ev] { log->push_back(ev); });
  }
}

void gzip(UniqueFunction<void()> done) {
  Log rsLog = newLog(), gzLog = newLog(), wsLog = newLog();
  auto& rs = fs::createReadStream(at("src.txt"), {.highWaterMark = 16384});
  auto& gz = zlib::createGzip();
  auto& ws = fs::createWriteStream(at("src.txt.gz"));
  watch(rsLog, rs, {"open", "ready", "end", "close"});
  watch(gzLog, gz, {"finish", "end", "close"});
  watch(wsLog, ws, {"open", "ready", "finish", "close"});
  // The streams delete themselves after 'close', before the pipeline's callback (a nextTick
  // later): the count is read at 'finish'.
  auto written = std::make_shared<size_t>(0);
  ws.on("finish", [&ws, written] { *written = ws.bytesWritten; });
  auto& ret = stream::pipeline(rs, gz, ws, [rsLog, gzLog, wsLog, written, done = std::move(done)](Error* err) mutable {
    std::printf("gzip callback %s\n", err ? err->code.c_str() : "null");
    std::printf("read stream %s\n", join(*rsLog).c_str());
    std::printf("gzip %s\n", join(*gzLog).c_str());
    std::printf("write stream %s\n", join(*wsLog).c_str());
    std::printf("bytesWritten matches %s\n", str(*written == fs::statSync(at("src.txt.gz")).size));
    done();
  });
  std::printf("pipeline returns the destination %s\n", str(&ret == &ws));
}

Promise<> gunzip() {
  auto& rs = fs::createReadStream(at("src.txt.gz"));
  auto& ws = fs::createWriteStream(at("copy.txt"));
  Log log = newLog();
  watch(log, ws, {"finish", "close"});
  co_await stream::promises::pipeline(rs, zlib::createGunzip(), ws);
  std::printf("gunzip resolved %s\n", join(*log).c_str());
  std::printf("round trip equal %s\n", str(fs::readFileSync(at("copy.txt")).equals(data)));
  std::printf("gunzipSync equal %s\n", str(zlib::gunzipSync(fs::readFileSync(at("src.txt.gz"))).equals(data)));
}

void missing(UniqueFunction<void()> done) {
  auto& rs = fs::createReadStream(at("missing.txt"));
  auto& ws = fs::createWriteStream(at("never.gz"));
  Log log = newLog();
  watch(log, ws, {"open", "finish", "close"});
  rs.on("close", [log] { log->push_back("source close"); });
  auto pending = std::make_shared<int>(2);
  auto finish = std::make_shared<UniqueFunction<void()>>(std::move(done));
  auto settle = [pending, log, finish] {
    if (--*pending > 0) return;
    // The destination was destroyed while it opened its file: it still opens it (then closes it).
    std::printf("missing events %s %s\n", join(*log).c_str(), str(fs::existsSync(at("never.gz"))));
    (*finish)();
  };
  ws.on("close", settle);
  stream::pipeline(rs, zlib::createGzip(), ws, [log, settle](Error* err) {
    std::printf("missing callback %s %s\n", err->code.c_str(), rel(err->message).c_str());
    log->push_back("callback");
    settle();
  });
}

void finishedCallback(UniqueFunction<void()> done) {
  auto& rs = fs::createReadStream(at("src.txt"));
  auto bytes = std::make_shared<size_t>(0);
  rs.on("data", [bytes](const Buffer& c) { *bytes += c.length(); });
  stream::finished(rs, [&rs, bytes, done = std::move(done)](Error* err) mutable {
    std::printf("finished %s %zu %s\n", err ? err->code.c_str() : "null", *bytes, str(rs.readableEnded()));
    done();
  });
}

void chain(UniqueFunction<void()> done) {
  auto& ws = fs::createReadStream(at("src.txt")).pipe(zlib::createGzip()).pipe(fs::createWriteStream(at("chain.gz")));
  Log log = newLog();
  ws.on("finish", [log] { log->push_back("finish"); });
  ws.on("close", [log, done = std::make_shared<UniqueFunction<void()>>(std::move(done))] {
    log->push_back("close");
    std::printf("chain %s %s\n", join(*log).c_str(), str(zlib::gunzipSync(fs::readFileSync(at("chain.gz"))).equals(data)));
    (*done)();
  });
}

int main() {
  tmp = fs::mkdtempSync("/tmp/nodecc-fs-pipeline-");
  std::string lines;
  for (int i = 0; i < 20000; i++) lines += std::to_string(i) + " line of text number " + std::to_string(i * 7 % 1000) + "\n";
  data = Buffer::from(lines);
  fs::writeFileSync(at("src.txt"), data);
  gzip([] {
    gunzip().then([] {
      missing([] {
        finishedCallback([] {
          chain([] {
            fs::rmSync(tmp, {.recursive = true});
            std::printf("cleaned %s\n", str(fs::existsSync(tmp)));
          });
        });
      });
    });
  });
  return nodecc::run();
}
