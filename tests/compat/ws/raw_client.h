// The client side of the server pairs (raw_client.js is its twin): a raw TCP socket that writes
// hand-made frames (masked, as a client must, or not, to test the server's checks) and decodes
// what the server sends back into lines: the HTTP response head (its Date line dropped), the
// body of a refusal, then frame by frame.
//
// raw_client.js's requireWs has no twin: when npm's ws is missing the JavaScript exits 77 and
// run_pair.py reports SKIP without running the C++.
#pragma once
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>
#include <nodecc/nodecc.h>

namespace raw {

using namespace nodecc;

inline const uint8_t MASK[4] = {0x37, 0xfa, 0x21, 0x3d};

struct FrameOptions {
  bool fin = true;
  bool rsv1 = false;
  bool rsv2 = false;
  bool mask = true;
};

// One frame as a client writes it. payload: bytes (text as UTF-8).
inline std::string frame(int opcode, std::string_view data, FrameOptions opts = {}) {
  const bool masked = opts.mask;
  std::string head(1, char((!opts.fin ? 0 : 0x80) | (opts.rsv1 ? 0x40 : 0) | (opts.rsv2 ? 0x20 : 0) | opcode));
  const int maskBit = masked ? 0x80 : 0;
  const size_t length = data.size();
  if (length < 126) {
    head += char(maskBit | length);
  } else if (length < 65536) {
    head += {char(maskBit | 126), char(length >> 8), char(length & 0xff)};
  } else {
    head += {char(maskBit | 127), 0, 0, 0, 0, char((length >> 24) & 0xff), char((length >> 16) & 0xff),
             char((length >> 8) & 0xff), char(length & 0xff)};
  }
  if (masked) head.append(reinterpret_cast<const char*>(MASK), 4);
  std::string out = head;
  out.resize(head.size() + length);
  for (size_t i = 0; i < length; i++) out[head.size() + i] = masked ? char(uint8_t(data[i]) ^ MASK[i % 4]) : data[i];
  return out;
}

// A close frame's payload: the code (big-endian), then the reason's bytes.
inline std::string closePayload(int code, std::string_view reason = "") {
  return std::string{char(code >> 8), char(code & 0xff)} + std::string(reason);
}

// A payload as a line: JSON text (hex when binary) when short, else its bytes summed.
inline std::string describe(std::string_view payload, bool binary) {
  if (payload.size() > 40) {
    int sum = 0;
    for (char b : payload) sum = (sum + uint8_t(b)) % 65536;
    return "sum=" + std::to_string(sum);
  }
  return binary ? "hex=" + Buffer::from(payload).toString("hex") : JSON::stringify(Buffer::from(payload).toString());
}

inline uint32_t readUInt(std::string_view b, size_t offset, size_t n) {
  uint32_t v = 0;
  for (size_t i = 0; i < n; i++) v = (v << 8) | uint8_t(b[offset + i]);
  return v;
}

inline bool startsWithIgnoreCase(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); i++) {
    if (std::tolower(uint8_t(s[i])) != prefix[i]) return false;
  }
  return true;
}

// Decodes the server's bytes into `log`. onOpen runs once a 101 head has arrived, onCloseFrame(code)
// after a close frame has been logged.
class Reader {
 public:
  Reader(std::vector<std::string>& log, UniqueFunction<void()> onOpen, UniqueFunction<void(int)> onCloseFrame)
      : log(log), onOpen(std::move(onOpen)), onCloseFrame(std::move(onCloseFrame)) {}

  void push(const Buffer& chunk) {
    buf += chunk.view();
    if (mode == "head") {
      const size_t end = buf.find("\r\n\r\n");
      if (end == std::string::npos) return;
      std::vector<std::string> lines;
      for (size_t start = 0; start <= end;) {
        size_t eol = buf.find("\r\n", start);
        lines.push_back(buf.substr(start, eol - start));
        start = eol + 2;
      }
      for (const std::string& line : lines) {
        if (!startsWithIgnoreCase(line, "date:")) log.push_back("< " + Buffer::from(line).toString("latin1"));
      }
      buf.erase(0, end + 4);
      mode = lines[0].starts_with("HTTP/1.1 101 ") ? "frames" : "body";
      if (mode == "frames") onOpen();
    }
    if (mode == "frames") frames();
  }

  void frames() {
    for (;;) {
      if (buf.size() < 2) return;
      const uint8_t b0 = uint8_t(buf[0]);
      const uint8_t b1 = uint8_t(buf[1]);
      uint64_t length = b1 & 0x7f;
      size_t offset = 2;
      if (length == 126) {
        if (buf.size() < 4) return;
        length = readUInt(buf, 2, 2);
        offset = 4;
      } else if (length == 127) {
        if (buf.size() < 10) return;
        length = uint64_t(readUInt(buf, 2, 4)) * 4294967296 + readUInt(buf, 6, 4);
        offset = 10;
      }
      if (b1 & 0x80) offset += 4;  // a server must not mask: shown below, payload left masked
      if (buf.size() < offset + length) return;
      const std::string payload = buf.substr(offset, length);
      buf.erase(0, offset + length);
      const int opcode = b0 & 0x0f;
      std::string line = "frame fin=" + std::to_string(b0 >> 7) + " rsv=" + std::to_string((b0 >> 4) & 7) + " op=" + std::to_string(opcode) +
                         " len=" + std::to_string(length) + ((b1 & 0x80) ? " masked" : "");
      if (opcode == 8 && length >= 2) {
        line += " close " + std::to_string(readUInt(payload, 0, 2)) + " " + describe(std::string_view(payload).substr(2), false);
      } else if (length > 0) {
        line += " " + describe(payload, opcode == 2 || (b0 & 0x40) != 0);  // compressed: hex
      }
      log.push_back(line);
      if (opcode == 8) onCloseFrame(length >= 2 ? int(readUInt(payload, 0, 2)) : 1005);
    }
  }

  // At the socket's close: a refusal's body, bytes left undecoded.
  void finish() {
    if (mode == "body") {
      log.push_back("body " + JSON::stringify(Buffer::from(buf).toString("latin1")));
    } else if (buf.size() > 0) {
      log.push_back(std::to_string(buf.size()) + " bytes left undecoded (" + mode + ")");
    }
  }

 private:
  std::vector<std::string>& log;
  UniqueFunction<void()> onOpen;
  UniqueFunction<void(int)> onCloseFrame;
  std::string buf;
  std::string mode = "head";
};

// Connects to the server at `port`, writes `request` and decodes the answer into `log`.
// onOpen(socket) once a 101 head has arrived; done() once the socket has closed. With
// replyClose, a close frame is answered with one of the same code (none for 1005), as a client
// completes the closing handshake. A client that hears nothing for 3 s gives up (ws's close
// timeout is 30 s: a side that waits for it is shown).
inline net::Socket& connect(uint16_t port, std::string request, std::vector<std::string>& log,
                            UniqueFunction<void(net::Socket&)> onOpen, UniqueFunction<void()> done,
                            bool replyClose = false) {
  // The connect callback runs later, once `socket` is known (a JavaScript closure sees it).
  auto self = std::make_shared<net::Socket*>(nullptr);
  net::Socket& socket = net::connect(port, "127.0.0.1", [self, request] { (*self)->write(request); });
  *self = &socket;
  auto onOpenShared = std::make_shared<UniqueFunction<void(net::Socket&)>>(std::move(onOpen));
  auto reader = std::make_shared<Reader>(log, [&socket, onOpenShared] { (*onOpenShared)(socket); }, [&socket, replyClose](int code) {
    if (replyClose) socket.write(frame(8, code == 1005 ? "" : closePayload(code)));
  });
  auto timer = std::make_shared<Timeout>(setTimeout([&log, &socket] {
    log.push_back("client gave up after 3 s");
    socket.destroy();
  }, 3000));
  socket.on("data", [reader](const Buffer& chunk) { reader->push(chunk); });
  socket.on("end", [&log] { log.push_back("server ended TCP"); });
  socket.on("error", [&log](const Error& err) { log.push_back("socket error " + err.code); });
  auto doneShared = std::make_shared<UniqueFunction<void()>>(std::move(done));
  socket.on("close", [&log, reader, timer, doneShared](bool) {
    clearTimeout(*timer);
    reader->finish();
    log.push_back("TCP closed");
    (*doneShared)();
  });
  return socket;
}

inline const std::string KEY = "dGhlIHNhbXBsZSBub25jZQ==";

// A raw HTTP request: the request line, the header lines, the empty line.
inline std::string request(std::string_view method, std::string_view url, const std::vector<std::string>& lines) {
  std::string out = std::string(method) + " " + std::string(url) + " HTTP/1.1\r\n";
  for (const std::string& l : lines) out += l + "\r\n";
  return out + "\r\n";
}

// A valid upgrade request for `url` with `extra` header lines.
inline std::string upgrade(std::string_view url, const std::vector<std::string>& extra = {}) {
  std::vector<std::string> lines = {"Host: x", "Upgrade: websocket", "Connection: Upgrade",
                                    "Sec-WebSocket-Key: " + KEY, "Sec-WebSocket-Version: 13"};
  lines.insert(lines.end(), extra.begin(), extra.end());
  return request("GET", url, lines);
}

// One case at a time (the handshake and errors pairs): what the server and the client logged,
// printed once every side has settled: the client's socket closed and, if the server took the
// connection (pending++), its WebSocket too.
struct CaseLog {
  std::vector<std::string> server;
  std::vector<std::string> client;
  int pending = 0;
  UniqueFunction<void()> done = [] {};

  void start(std::string name, UniqueFunction<void()> next) {
    server.clear();
    client.clear();
    pending = 1;
    done = [this, name = std::move(name), next = std::move(next)]() mutable {
      std::printf("-- %s\n", name.c_str());
      for (const std::string& line : server) std::printf("server: %s\n", line.c_str());
      for (const std::string& line : client) std::printf("client: %s\n", line.c_str());
      next();
    };
  }
  void settle() {
    if (--pending == 0) {
      auto finish = std::move(done);  // the next case sets done again while this one runs
      finish();
    }
  }
};

}  // namespace raw
