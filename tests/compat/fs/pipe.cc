// readStream.pipe(): to a WriteStream (a file copy whose write() returns false on every 64 KiB
// chunk: the source pauses until each 'drain') and to an http.ServerResponse (a client over a
// raw TCP socket dechunks the body). Each stream's events are collected and printed at the
// end, since the two streams' events interleave by timing. The last chunk's 'drain' races with
// the source's end (end() first suppresses it, in Node too): at least chunks - 1 drains.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>
#include <nodecc/crypto.h>
#include <nodecc/nodecc.h>
using namespace nodecc;

std::string tmp;
std::string at(const std::string& name) { return tmp + "/" + name; }
const char* str(bool b) { return b ? "true" : "false"; }
std::string sha(const Buffer& b) { return crypto::createHash("sha256").update(b).digest("hex"); }
std::string join(const std::vector<std::string>& v) { std::string o; for (size_t i = 0; i < v.size(); i++) o += (i ? "," : "") + v[i]; return o; }
Buffer data;

struct FileCopy { std::vector<std::string> rsLog, wsLog; int chunks = 0, drains = 0, closed = 0; };

void toFile(UniqueFunction<void()> done) {
  fs::ReadStream& rs = fs::createReadStream(at("src.bin"));
  fs::WriteStream& ws = fs::createWriteStream(at("dst.bin"));
  auto s = std::make_shared<FileCopy>();
  rs.on("data", [s](const Buffer&) { s->chunks++; });
  rs.on("open", [s](int) { s->rsLog.push_back("open"); });
  for (const char* ev : {"end", "close"}) rs.on(ev, [s, ev] { s->rsLog.push_back(ev); });
  ws.on("open", [s](int) { s->wsLog.push_back("open"); });
  for (const char* ev : {"finish", "close"}) ws.on(ev, [s, ev] { s->wsLog.push_back(ev); });
  ws.on("drain", [s] { s->drains++; });
  fs::WriteStream& ret = rs.pipe(ws);
  std::printf("pipe returns destination %s\n", str(&ret == &ws));
  auto done2 = std::make_shared<UniqueFunction<void()>>(std::move(done));
  auto read = std::make_shared<size_t>(0), written = std::make_shared<size_t>(0);
  auto onClose = [s, done2, read, written] {
    if (++s->closed < 2) return;
    std::printf("file source %s chunks %d bytesRead %zu\n", join(s->rsLog).c_str(), s->chunks, *read);
    std::printf("file destination %s drains %s bytesWritten %zu\n", join(s->wsLog).c_str(), str(s->drains >= s->chunks - 1), *written);
    std::printf("file copy equal %s\n", str(fs::readFileSync(at("dst.bin")).equals(data)));
    (*done2)();
  };
  // The streams are gone after 'close': read their counters in their own 'close'.
  rs.on("close", [&rs, read, onClose] { *read = rs.bytesRead; onClose(); });
  ws.on("close", [&ws, written, onClose] { *written = ws.bytesWritten; onClose(); });
}

void toResponse(UniqueFunction<void()> done) {
  struct State { int pending = 2; size_t sourceRead = 0; http::Server* server = nullptr; UniqueFunction<void()> done; std::vector<Buffer> parts; };
  auto st = std::make_shared<State>();
  st->done = std::move(done);
  auto finish = [st] {
    if (--st->pending > 0) return;
    std::printf("response source closed %zu\n", st->sourceRead);
    st->server->close([st](Error*) { st->done(); });
  };
  http::Server& server = http::createServer([st, finish](http::IncomingMessage&, http::ServerResponse& res) {
    res.setHeader("Content-Type", "application/octet-stream");
    fs::ReadStream& rs = fs::createReadStream(at("src.bin"), {.highWaterMark = 16384});
    rs.pipe(res);
    rs.on("close", [&rs, st, finish] { st->sourceRead = rs.bytesRead; finish(); });
  });
  st->server = &server;
  server.listen(0, "127.0.0.1", [st, finish, &server] {
    net::Socket& socket = net::connect(server.address().port, "127.0.0.1");
    socket.on("connect", [&socket] { socket.write("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"); });
    socket.on("data", [st](const Buffer& c) { st->parts.push_back(c); });
    socket.on("end", [st, finish] {
      Buffer raw = Buffer::concat(st->parts);
      std::string_view v = raw.view();
      size_t headEnd = v.find("\r\n\r\n");
      std::vector<std::string> head;
      std::string_view h = v.substr(0, headEnd);
      for (size_t p = 0;;) { size_t e = h.find("\r\n", p); head.emplace_back(h.substr(p, e == std::string_view::npos ? std::string_view::npos : e - p)); if (e == std::string_view::npos) break; p = e + 2; }
      std::printf("status %s\n", head[0].c_str());
      std::vector<std::string> names;
      for (size_t i = 1; i < head.size(); i++) { std::string n = head[i].substr(0, head[i].find(':')); for (char& ch : n) ch = char(std::tolower(ch)); if (n != "date") names.push_back(n); }
      std::sort(names.begin(), names.end());
      std::printf("headers %s\n", join(names).c_str());
      std::string body;
      size_t pos = headEnd + 4;
      for (;;) {
        size_t lineEnd = v.find("\r\n", pos);
        size_t size = std::stoul(std::string(v.substr(pos, lineEnd - pos)), nullptr, 16);
        if (size == 0) break;
        body.append(v.substr(lineEnd + 2, size));
        pos = lineEnd + 2 + size + 2;
      }
      size_t length = body.size();
      std::printf("body %zu %s\n", length, str(sha(Buffer::adopt(std::move(body))) == sha(data)));
      finish();
    });
  });
}

int main() {
  tmp = fs::mkdtempSync("/tmp/nodecc-fs-pipe-");
  std::string bytes(1000000, '\0');
  for (size_t i = 0; i < bytes.size(); i++) bytes[i] = char((i * 7 + (i >> 8)) & 0xff);
  data = Buffer::adopt(std::move(bytes));
  fs::writeFileSync(at("src.bin"), data);

  toFile([] { toResponse([] {
    fs::rmSync(tmp, {.recursive = true});
    std::printf("cleaned %s\n", str(fs::existsSync(tmp)));
  }); });
  return nodecc::run();
}
