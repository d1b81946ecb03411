// fs.createReadStream: events in order, chunk sizes for start/end/highWaterMark ('end' is
// inclusive), pause/resume with read-ahead, a missing file ('error' then 'close'), ranges past
// the end and an empty file. Streams run one after another so the order is deterministic.
#include <cstdio>
#include <deque>
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

void watch(std::string name, fs::ReadStream& rs, bool showData) {
  rs.on("open", [name](int) { std::printf("%s open fd\n", name.c_str()); });
  for (const char* ev : {"ready", "end", "pause", "resume"}) {
    rs.on(ev, [name, ev] { std::printf("%s %s \n", name.c_str(), ev); });
  }
  rs.on("close", [name, &rs] {
    std::printf("%s close \n", name.c_str());
    std::printf("%s bytesRead %zu destroyed %s ended %s\n", name.c_str(), rs.bytesRead, str(rs.destroyed()), str(rs.readableEnded()));
    next();
  });
  rs.on("error", [name](const Error& e) { std::printf("%s error %s %s %s %s\n", name.c_str(), rel(e.message).c_str(), e.code.c_str(), e.syscall.c_str(), rel(e.path).c_str()); });
  if (showData) rs.on("data", [name](const Buffer& c) { std::printf("%s data %zu %s\n", name.c_str(), c.length(), c.toString().c_str()); });
}

int main() {
  tmp = fs::mkdtempSync("/tmp/nodecc-fs-rs-");
  fs::writeFileSync(at("abc.txt"), "abcdefghijklmnopqrstuvwxyz");
  fs::writeFileSync(at("empty.txt"), "");
  fs::writeFileSync(at("big.bin"), std::string(200000, '\7'));

  step([] {
    fs::ReadStream& rs = fs::createReadStream(at("abc.txt"), {.start = 2, .end = 11, .highWaterMark = 4});
    std::printf("range pending %s %zu %s\n", str(rs.pending), rs.bytesRead, rel(rs.path).c_str());
    watch("range", rs, true);
    process::nextTick([] { std::printf("tick after create\n"); });
  });
  step([] { watch("whole", fs::createReadStream(at("abc.txt"), {.highWaterMark = 10}), true); });
  step([] { watch("one byte", fs::createReadStream(at("abc.txt"), {.start = 5, .end = 5}), true); });
  step([] { watch("start only", fs::createReadStream(at("abc.txt"), {.start = 20}), true); });
  step([] { watch("past end", fs::createReadStream(at("abc.txt"), {.start = 30}), true); });
  step([] { watch("empty", fs::createReadStream(at("empty.txt")), true); });
  step([] { watch("missing", fs::createReadStream(at("missing.txt")), true); });
  step([] { watch("dir", fs::createReadStream(tmp), true); });
  step([] {
    // Paused in every 'data' and resumed by a timer. Whether the read-ahead reached the end of
    // the file before the timer fired is a race (in Node too), and it moves 'resume' events and
    // the timer's own turn; so only what does not depend on it is printed.
    fs::ReadStream& rs = fs::createReadStream(at("abc.txt"), {.highWaterMark = 10});
    auto timer = std::make_shared<Timeout>();
    rs.on("pause", [] { std::printf("paused pause\n"); });
    rs.on("end", [] { std::printf("paused end\n"); });
    rs.on("close", [&rs, timer] {
      clearTimeout(*timer);
      std::printf("paused close %zu\n", rs.bytesRead);
      next();
    });
    rs.on("data", [&rs, timer](const Buffer& c) {
      std::printf("paused data %zu isPaused %s\n", c.length(), str(rs.isPaused()));
      rs.pause();
      std::printf("after pause %s\n", str(rs.isPaused()));
      *timer = setTimeout([&rs] { rs.resume(); }, 5);
    });
  });
  step([] {
    auto chunks = std::make_shared<int>(0);
    auto total = std::make_shared<size_t>(0);
    fs::ReadStream& rs = fs::createReadStream(at("big.bin"));
    rs.on("data", [chunks, total](const Buffer& c) { (*chunks)++; *total += c.length(); });
    rs.on("end", [chunks, total, &rs] { std::printf("big %d %zu %zu\n", *chunks, *total, rs.readableHighWaterMark()); });
    rs.on("close", next);
  });
  step([] {
    fs::ReadStream& rs = fs::createReadStream(at("abc.txt"));
    rs.on("open", [&rs](int) { std::printf("destroy after open\n"); rs.destroy(); });
    rs.on("data", [](const Buffer&) { std::printf("no data expected\n"); });
    rs.on("close", [&rs] { std::printf("destroyed close %s %zu\n", str(rs.destroyed()), rs.bytesRead); next(); });
  });
  step([] {
    int fd = fs::openSync(at("abc.txt"), "r");
    fs::ReadStream& rs = fs::createReadStream("", {.fd = fd, .start = 23});
    rs.on("data", [](const Buffer& c) { std::printf("fd data %s\n", c.toString().c_str()); });
    rs.on("close", [] { std::printf("fd close %s\n", str(fs::existsSync(at("abc.txt")))); next(); });
  });
  step([] {
    try { fs::createReadStream(at("abc.txt"), {.start = 5, .end = 2}); } catch (const Error& e) { std::printf("bad range %s %s %s\n", e.name.c_str(), e.code.c_str(), e.message.c_str()); }
    fs::rmSync(tmp, {.recursive = true});
    std::printf("cleaned %s\n", str(fs::existsSync(tmp)));
  });
  next();
  return nodecc::run();
}
