// for await over fs.createReadStream with start/end/highWaterMark: the chunks of the range
// ('end' inclusive); a loop left early with break destroys the stream (an AbortError, then
// 'close') and its fd is closed; a loop that runs to the end sees 'end' and 'close'; a
// ReadStream with an encoding hands out text; stream.addAbortSignal destroys one with
// AbortError. The streams delete themselves after 'close': what is printed after it was read
// in the stream's own listeners.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

std::string tmp;
std::string at(const std::string& name) { return tmp + "/" + name; }
const char* str(bool b) { return b ? "true" : "false"; }
std::string join(const std::vector<std::string>& v, const char* sep = ",") { std::string o; for (size_t i = 0; i < v.size(); i++) o += (i ? sep : "") + v[i]; return o; }

std::string fdClosed(int fd) {
  try { fs::fstatSync(fd); return "open"; } catch (const Error& e) { return e.code; }
}

Promise<> immediate() {
  return Promise<>([](auto resolve, auto) { setImmediate([resolve] { resolve(); }); });
}

Promise<> early() {
  auto& rs = fs::createReadStream(at("abc.txt"), {.start = 2, .end = 21, .highWaterMark = 4});
  struct State { int fd = -1; std::vector<std::string> log; bool closed = false, ended = false; std::string errored = "null"; };
  auto st = std::make_shared<State>();
  rs.on("open", [st](int f) { st->fd = f; st->log.push_back("open"); });
  rs.on("ready", [st] { st->log.push_back("ready"); });
  rs.on("end", [st] { st->log.push_back("end"); });
  rs.on("error", [st](const Error& e) { st->log.push_back("error " + e.name + " " + e.code); });
  auto closed = Promise<>::withResolvers();
  rs.on("close", [st, &rs, resolve = closed.resolve] {
    st->log.push_back("close");
    st->closed = rs.closed();
    st->ended = rs.readableEnded();
    st->errored = rs.errored() ? rs.errored()->name : "null";
    resolve();
  });
  int n = 0;
  for (auto it = rs.iterate(); auto chunk = co_await it.next();) {
    std::printf("chunk %zu %s\n", chunk->length(), chunk->toString().c_str());
    if (++n == 3) break;
  }
  std::printf("after break destroyed %s bytesRead %zu\n", str(rs.destroyed()), rs.bytesRead);
  co_await closed.promise;
  std::printf("early events %s\n", join(st->log).c_str());
  std::printf("early fd %s closed %s ended %s errored %s\n", fdClosed(st->fd).c_str(), str(st->closed), str(st->ended), st->errored.c_str());
}

Promise<> whole() {
  auto& rs = fs::createReadStream(at("abc.txt"), {.start = 20, .highWaterMark = 4});
  auto log = std::make_shared<std::vector<std::string>>();
  auto bytesRead = std::make_shared<size_t>(0);
  rs.on("end", [log, bytesRead, &rs] { log->push_back("end"); *bytesRead = rs.bytesRead; });
  rs.on("close", [log] { log->push_back("close"); });
  std::vector<std::string> chunks;
  for (auto it = rs.iterate(); auto chunk = co_await it.next();) chunks.push_back(chunk->toString());
  std::printf("whole %s %zu\n", join(chunks, "|").c_str(), *bytesRead);
  co_await immediate();
  std::printf("whole events %s\n", join(*log).c_str());
}

Promise<> text() {
  auto& rs = fs::createReadStream(at("abc.txt"), {.encoding = "utf8", .start = 0, .end = 9, .highWaterMark = 5});
  std::string encoding(rs.readableEncoding());
  std::vector<std::string> parts;
  // With an encoding the chunks are the decoded text (Node's strings), still held in Buffers
  // by read() and the iterator.
  for (auto it = rs.iterate(); auto s = co_await it.next();) parts.push_back("string:" + s->toString());
  std::printf("text %s %s\n", join(parts, " ").c_str(), encoding.c_str());
}

Promise<> aborted() {
  AbortController ac;
  auto& rs = stream::addAbortSignal(ac.signal, fs::createReadStream(at("abc.txt"), {.highWaterMark = 5}));
  auto log = std::make_shared<std::vector<std::string>>();
  rs.on("data", [log, ac](const Buffer& c) mutable { log->push_back("data " + c.toString()); ac.abort(); });
  rs.on("error", [log](const Error& e) { log->push_back("error " + e.name + " " + e.code); });
  auto closed = Promise<>::withResolvers();
  rs.on("close", [log, &rs, resolve = closed.resolve] { log->push_back("close " + std::to_string(rs.bytesRead)); resolve(); });
  co_await closed.promise;
  std::printf("aborted %s\n", join(*log).c_str());
}

Promise<> all() {
  co_await early();
  co_await whole();
  co_await text();
  co_await aborted();
  fs::rmSync(tmp, {.recursive = true});
  std::printf("cleaned %s\n", str(fs::existsSync(tmp)));
}

int main() {
  tmp = fs::mkdtempSync("/tmp/nodecc-fs-iterate-");
  fs::writeFileSync(at("abc.txt"), "abcdefghijklmnopqrstuvwxyz");
  all();
  return nodecc::run();
}
