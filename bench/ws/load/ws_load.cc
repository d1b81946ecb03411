// bench-ws-load: the load client of the WebSocket benchmark (bench/ws/run.py).
//
// One thread, level-triggered epoll, nonblocking sockets, no code shared with any server it
// measures (ws_proto.h is its own SHA-1, base64 and frame code). It opens --conns connections
// to ws://HOST:PORT/ with a real upgrade (Sec-WebSocket-Key, and it checks the 101 and the
// Sec-WebSocket-Accept), then:
//
//   echo  every connection keeps --depth messages of --size bytes in flight (masked text frames,
//         binary with --binary) and checks every reply: opcode, length and content (each
//         message carries its connection and sequence number). After --warmup seconds it counts
//         the replies of --seconds seconds and prints one JSON line: messages/s, and with
//         --server-pid the server's utime+stime over exactly that window (/proc/PID/stat,
//         all threads), so messages per server CPU-second; its own CPU time too, to show it
//         was not the bottleneck.
//   idle  opens the connections (--idle-messages echoes each first), prints {"ready": ...},
//         then holds them --seconds (or until its stdin, a pipe, closes), answering pings, and
//         prints how many were still open. The runner reads the server's RSS in between.
//
// --deflate offers permessage-deflate as browsers do ("permessage-deflate;
// client_max_window_bits": context takeover both ways, 15-bit windows), or with
// --no-context-takeover "client_no_context_takeover; server_no_context_takeover". Whatever the
// server answers is honoured: the client deflates every message (zlib raw deflate, level 6,
// Z_SYNC_FLUSH, the trailing 00 00 ff ff removed, RSV1 set), keeping its deflate stream across
// messages unless the server said client_no_context_takeover, and inflates every RSV1 reply
// with the 00 00 ff ff appended, resetting its inflater per message only when the server said
// server_no_context_takeover (or ended a message with a final block). The zlib streams are made
// at a connection's first message, so idle connections cost the client nothing for them.
//
// Cost per message, kept low so one client core outruns one server core: one read per
// readiness, every frame a read produced (replies, pongs) staged and sent in one write, no
// allocation per message, the clock read once per epoll_wait.
//
//   bench-ws-load --port N [--host 127.0.0.1] [--mode echo|idle] [--conns 100] [--depth 1]
//                 [--size 32] [--binary] [--deflate] [--no-context-takeover] [--warmup 2]
//                 [--seconds 5] [--server-pid PID] [--idle-messages 0] [--connect-batch 256]
//
// Exits 1 on any protocol or echo error (a wrong reply makes the run worthless), with why.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <string_view>
#include <vector>

#include "ws_proto.h"

namespace {

using namespace wsload;

constexpr size_t kReadBytes = 256 * 1024;
constexpr int kMaxEvents = 512;
constexpr size_t kMaxHandshakeBytes = 8192;
constexpr int kConnectTimeoutSeconds = 60;
constexpr size_t kLatencyBuckets = 100000;  // 1 us each; later ones land in the last
constexpr std::string_view kPattern = "|nodecc-ws-bench payload, echo me back please|";

struct Options {
  std::string host = "127.0.0.1";
  int port = 0;
  bool idle = false;
  int conns = 100;
  int depth = 1;
  size_t size = 32;
  bool binary = false;
  bool deflate = false;
  bool noContextTakeover = false;
  double warmup = 2;
  double seconds = 5;
  int serverPid = 0;
  int idleMessages = 0;
  int connectBatch = 256;
};

[[noreturn]] void fail(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "bench-ws-load: ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
  exit(1);
}

double monotonicSeconds() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

double ownCpuSeconds() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

// utime + stime of every thread of PID, in seconds; -1 when it cannot be read.
double serverCpuSeconds(int pid) {
  if (pid <= 0) {
    return -1;
  }
  char path[64], buf[1024];
  snprintf(path, sizeof path, "/proc/%d/stat", pid);
  FILE* f = fopen(path, "r");
  if (!f) {
    return -1;
  }
  const size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = 0;
  const char* p = strrchr(buf, ')');  // the command name may hold spaces
  if (!p) {
    return -1;
  }
  unsigned long long utime = 0, stime = 0;
  // After ")": state(3) ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt
  // utime(14) stime(15).
  if (sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &utime, &stime) != 2) {
    return -1;
  }
  return double(utime + stime) / double(sysconf(_SC_CLK_TCK));
}

enum class State { kIdle, kConnecting, kHandshaking, kOpen, kClosed };

struct Conn {
  int fd = -1;
  uint32_t index = 0;
  State state = State::kIdle;
  char key[24];
  std::string head;              // the handshake response, until its "\r\n\r\n"
  std::vector<uint8_t> partial;  // an incomplete frame left by the last read
  std::vector<uint8_t> out;      // frames staged during one read, or not taken by the kernel
  size_t outOff = 0;
  bool wantWrite = false;
  Deflate deflate;
  z_stream* deflater = nullptr;
  z_stream* inflater = nullptr;
  uint64_t sent = 0;
  uint64_t received = 0;
  std::vector<double> sentAt;  // ring of --depth send times, for the latency percentiles
};

class Client {
 public:
  explicit Client(const Options& o) : o_(o) {}
  int run();

 private:
  enum class Phase { kConnecting, kWarmup, kMeasure, kHold, kDone };

  void startConnect(Conn& c);
  void sendHandshake(Conn& c);
  void onEvent(Conn& c, uint32_t events);
  void onReadable(Conn& c);
  bool finishHandshake(Conn& c);
  void processFrames(Conn& c, uint8_t* data, size_t len);
  void onMessage(Conn& c, const FrameHeader& h, const uint8_t* payload, size_t len);
  void stageMessage(Conn& c);
  void stageControl(Conn& c, uint8_t opcode, const uint8_t* payload, size_t len);
  void flush(Conn& c);
  void closeConn(Conn& c, const char* why);
  void opened(Conn& c);
  void fillPayload(uint8_t* p, uint32_t conn, uint64_t seq) const;
  void setEvents(Conn& c, uint32_t events);
  void snapshotStart();
  void printEcho();
  void recordLatency(double seconds);
  double percentile(double q) const;

  const Options& o_;
  int ep_ = -1;
  std::vector<Conn> conns_;
  std::vector<uint8_t> rbuf_ = std::vector<uint8_t>(kReadBytes);
  std::vector<uint8_t> scratch_;  // payloads, (in|de)flated bytes
  std::vector<uint8_t> expected_;
  std::string template_;
  Phase phase_ = Phase::kConnecting;
  double now_ = 0;
  int nextToConnect_ = 0;
  int inProgress_ = 0;
  int open_ = 0;
  int failed_ = 0;
  int settled_ = 0;
  bool allSettled_ = false;
  uint32_t rng_ = 0x9E3779B9u;
  uint64_t counted_ = 0;  // replies in the measured window
  uint64_t compressedReplies_ = 0;
  uint64_t bytesOnWire_ = 0;  // reply payload bytes as received (compressed or not)
  std::string extension_;     // the first connection's Sec-WebSocket-Extensions answer
  double t0_ = 0, serverCpu0_ = 0, ownCpu0_ = 0;
  std::vector<uint32_t> latency_ = std::vector<uint32_t>(kLatencyBuckets);
  uint64_t latencyCount_ = 0;
};

void Client::setEvents(Conn& c, uint32_t events) {
  epoll_event ev{};
  ev.events = events;
  ev.data.u32 = c.index;
  if (epoll_ctl(ep_, EPOLL_CTL_MOD, c.fd, &ev) != 0) {
    fail("epoll_ctl: %s", strerror(errno));
  }
}

void Client::startConnect(Conn& c) {
  c.fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (c.fd < 0) {
    fail("socket: %s (raise the open-files limit for %d connections)", strerror(errno), o_.conns);
  }
  int one = 1;
  setsockopt(c.fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(uint16_t(o_.port));
  if (inet_pton(AF_INET, o_.host.c_str(), &addr.sin_addr) != 1) {
    fail("bad --host %s", o_.host.c_str());
  }
  if (connect(c.fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 && errno != EINPROGRESS) {
    fail("connect: %s", strerror(errno));
  }
  c.state = State::kConnecting;
  ++inProgress_;
  epoll_event ev{};
  ev.events = EPOLLOUT;
  ev.data.u32 = c.index;
  epoll_ctl(ep_, EPOLL_CTL_ADD, c.fd, &ev);
}

void Client::sendHandshake(Conn& c) {
  uint8_t nonce[16];
  for (auto& b : nonce) {
    rng_ ^= rng_ << 13, rng_ ^= rng_ >> 17, rng_ ^= rng_ << 5;
    b = uint8_t(rng_);
  }
  base64(nonce, 16, c.key);
  std::string req = "GET / HTTP/1.1\r\nHost: " + o_.host + ":" + std::to_string(o_.port) +
                    "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: " +
                    std::string(c.key, 24) + "\r\nSec-WebSocket-Version: 13\r\n";
  if (o_.deflate) {
    req += o_.noContextTakeover ? "Sec-WebSocket-Extensions: permessage-deflate; "
                                  "client_no_context_takeover; server_no_context_takeover\r\n"
                                : "Sec-WebSocket-Extensions: permessage-deflate; "
                                  "client_max_window_bits\r\n";
  }
  req += "\r\n";
  // A fresh socket's send buffer takes a few hundred bytes whole.
  if (write(c.fd, req.data(), req.size()) != ssize_t(req.size())) {
    closeConn(c, "the handshake request did not go out in one write");
    return;
  }
  c.state = State::kHandshaking;
  setEvents(c, EPOLLIN);
}

void Client::onEvent(Conn& c, uint32_t events) {
  if (c.state == State::kConnecting) {
    int err = 0;
    socklen_t len = sizeof err;
    getsockopt(c.fd, SOL_SOCKET, SO_ERROR, &err, &len);
    if (err != 0) {
      closeConn(c, strerror(err));
      return;
    }
    sendHandshake(c);
    return;
  }
  if (events & EPOLLOUT) {
    flush(c);
  }
  if (c.state != State::kClosed && (events & (EPOLLIN | EPOLLHUP | EPOLLERR))) {
    onReadable(c);
  }
}

void Client::onReadable(Conn& c) {
  // The last read's incomplete frame goes in front of this read's bytes.
  const size_t keep = c.partial.size();
  if (keep) {
    memcpy(rbuf_.data(), c.partial.data(), keep);
    c.partial.clear();
  }
  const ssize_t n = read(c.fd, rbuf_.data() + keep, rbuf_.size() - keep);
  if (n <= 0) {
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
      if (keep) {
        c.partial.assign(rbuf_.data(), rbuf_.data() + keep);
      }
      return;
    }
    closeConn(c, n == 0 ? "the server closed the connection" : strerror(errno));
    return;
  }
  uint8_t* data = rbuf_.data();
  size_t len = keep + size_t(n);
  if (c.state == State::kHandshaking) {
    c.head.append(reinterpret_cast<char*>(data), len);
    const size_t end = c.head.find("\r\n\r\n");
    if (end == std::string::npos) {
      if (c.head.size() > kMaxHandshakeBytes) {
        closeConn(c, "handshake response too long");
      }
      return;
    }
    const size_t rest = c.head.size() - (end + 4);
    data = rbuf_.data() + len - rest;  // the bytes after the head, still in rbuf_
    len = rest;
    c.head.resize(end + 4);
    if (!finishHandshake(c)) {
      return;
    }
  }
  processFrames(c, data, len);
  if (c.state != State::kClosed && c.out.size() > c.outOff) {
    flush(c);
  }
}

bool Client::finishHandshake(Conn& c) {
  const std::string_view head = c.head;
  if (head.substr(0, 13) != "HTTP/1.1 101 ") {
    fprintf(stderr, "bench-ws-load: server answered: %.*s\n", int(head.find("\r\n")), head.data());
    closeConn(c, "the upgrade was not answered with 101");
    return false;
  }
  bool found;
  char accept[28];
  acceptFor(std::string_view(c.key, 24), accept);
  if (headerValue(head, "Sec-WebSocket-Accept", &found) != std::string_view(accept, 28)) {
    closeConn(c, "wrong or missing Sec-WebSocket-Accept");
    return false;
  }
  const std::string_view ext = headerValue(head, "Sec-WebSocket-Extensions", &found);
  if (!parseDeflateResponse(ext, &c.deflate) || (c.deflate.on && !o_.deflate)) {
    closeConn(c, "an extension this client did not offer");
    return false;
  }
  if (c.index == 0) {
    extension_ = found ? std::string(ext) : "none";
  }
  c.head.clear();
  c.head.shrink_to_fit();
  c.state = State::kOpen;
  opened(c);
  return true;
}

void Client::opened(Conn& c) {
  --inProgress_;
  ++open_;
  if (o_.idle && o_.idleMessages > 0) {
    stageMessage(c);
    flush(c);
    return;
  }
  ++settled_;
}

void Client::closeConn(Conn& c, const char* why) {
  if (c.state == State::kClosed) {
    return;
  }
  const bool wasOpen = c.state == State::kOpen;
  if (c.state == State::kConnecting || c.state == State::kHandshaking) {
    --inProgress_;
  }
  if (phase_ != Phase::kHold && phase_ != Phase::kDone) {
    // Before the hold (idle) or during the echo, a lost connection spoils the run.
    fail("connection %u: %s", c.index, why);
  }
  if (wasOpen) {
    --open_;
  }
  ++failed_;
  epoll_ctl(ep_, EPOLL_CTL_DEL, c.fd, nullptr);
  close(c.fd);
  c.fd = -1;
  c.state = State::kClosed;
}

void Client::processFrames(Conn& c, uint8_t* data, size_t len) {
  while (len > 0) {
    FrameHeader h;
    const int hl = parseFrameHeader(data, len, &h);
    if (hl < 0) {
      closeConn(c, "a frame a server must not send (masked, RSV2/3, bad control frame)");
      return;
    }
    if (hl == 0 || len - size_t(hl) < h.payloadLen) {
      c.partial.assign(data, data + len);
      return;
    }
    const uint8_t* payload = data + hl;
    const size_t plen = size_t(h.payloadLen);
    if (h.opcode == kPing) {
      stageControl(c, kPong, payload, plen);
    } else if (h.opcode == kClose) {
      closeConn(c, "the server sent a close frame");
      return;
    } else if (h.opcode != kPong) {
      onMessage(c, h, payload, plen);
      if (c.state == State::kClosed) {
        return;
      }
    }
    data += size_t(hl) + plen;
    len -= size_t(hl) + plen;
  }
}

void Client::onMessage(Conn& c, const FrameHeader& h, const uint8_t* payload, size_t len) {
  if (!h.fin || h.opcode == kContinuation) {
    closeConn(c, "a fragmented reply (this client sends unfragmented messages only)");
    return;
  }
  const uint8_t opcode = o_.binary ? kBinary : kText;
  if (h.opcode != opcode) {
    closeConn(c, "the reply's opcode is not the message's");
    return;
  }
  if (phase_ == Phase::kMeasure) {
    bytesOnWire_ += len;
  }
  if (h.rsv1) {
    if (!c.deflate.on) {
      closeConn(c, "RSV1 set without permessage-deflate");
      return;
    }
    if (!c.inflater) {
      c.inflater = new z_stream{};
      if (inflateInit2(c.inflater, -15) != Z_OK) {
        fail("inflateInit2 failed");
      }
    }
    static const uint8_t kTail[4] = {0x00, 0x00, 0xff, 0xff};
    z_stream* z = c.inflater;
    z->next_out = scratch_.data();
    z->avail_out = uInt(scratch_.size());
    z->next_in = const_cast<uint8_t*>(payload);
    z->avail_in = uInt(len);
    int r = inflate(z, Z_SYNC_FLUSH);
    if (r == Z_OK || r == Z_BUF_ERROR) {
      z->next_in = const_cast<uint8_t*>(kTail);
      z->avail_in = 4;
      r = inflate(z, Z_SYNC_FLUSH);
    }
    if (r != Z_OK && r != Z_STREAM_END && r != Z_BUF_ERROR) {
      closeConn(c, "the reply does not inflate");
      return;
    }
    payload = scratch_.data();
    len = scratch_.size() - z->avail_out;
    if (r == Z_STREAM_END || c.deflate.serverNoContextTakeover) {
      inflateReset(z);
    }
    if (phase_ == Phase::kMeasure) {
      ++compressedReplies_;
    }
  }
  fillPayload(expected_.data(), c.index, c.received);
  if (len != o_.size || memcmp(payload, expected_.data(), len) != 0) {
    fprintf(stderr, "bench-ws-load: connection %u reply %" PRIu64 ": %zu bytes \"%.*s\"\n", c.index,
            c.received, len, int(len < 80 ? len : 80), payload);
    closeConn(c, "the reply is not the message sent");
    return;
  }
  if (phase_ == Phase::kMeasure) {
    ++counted_;
    recordLatency(now_ - c.sentAt[c.received % c.sentAt.size()]);
  }
  ++c.received;
  if (!o_.idle) {
    if (phase_ == Phase::kWarmup || phase_ == Phase::kMeasure) {
      stageMessage(c);
    }
  } else if (c.received < uint64_t(o_.idleMessages)) {
    stageMessage(c);
  } else {
    ++settled_;
  }
}

void Client::fillPayload(uint8_t* p, uint32_t conn, uint64_t seq) const {
  memcpy(p, template_.data(), o_.size);
  // 16 hex digits: the connection in the top 24 bits, the sequence in the low 40 (as many as
  // fit in smaller messages, lowest digits last).
  const uint64_t tag = uint64_t(conn) << 40 | (seq & ((uint64_t(1) << 40) - 1));
  const size_t digits = o_.size < 16 ? o_.size : 16;
  for (size_t i = 0; i < digits; ++i) {
    p[digits - 1 - i] = uint8_t("0123456789abcdef"[(tag >> (4 * i)) & 15]);
  }
}

void Client::stageMessage(Conn& c) {
  uint8_t* payload = scratch_.data();
  fillPayload(payload, c.index, c.sent);
  size_t len = o_.size;
  bool rsv1 = false;
  if (c.deflate.on) {
    if (!c.deflater) {
      c.deflater = new z_stream{};
      const int bits = c.deflate.clientMaxWindowBits < 9 ? 9 : c.deflate.clientMaxWindowBits;
      if (deflateInit2(c.deflater, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -bits, 8,
                       Z_DEFAULT_STRATEGY) != Z_OK) {
        fail("deflateInit2 failed");
      }
    } else if (c.deflate.clientNoContextTakeover) {
      deflateReset(c.deflater);
    }
    uint8_t* out = scratch_.data() + scratch_.size() / 2;
    z_stream* z = c.deflater;
    z->next_in = payload;
    z->avail_in = uInt(len);
    z->next_out = out;
    z->avail_out = uInt(scratch_.size() / 2);
    if (deflate(z, Z_SYNC_FLUSH) != Z_OK || z->avail_out == 0 || z->avail_in != 0) {
      fail("deflate failed");
    }
    len = scratch_.size() / 2 - z->avail_out;
    if (len < 4 || memcmp(out + len - 4, "\x00\x00\xff\xff", 4) != 0) {
      fail("deflate output does not end with 00 00 ff ff");
    }
    len -= 4;
    payload = out;
    rsv1 = true;
  }
  const size_t at = c.out.size();
  c.out.resize(at + len + 14);
  rng_ ^= rng_ << 13, rng_ ^= rng_ >> 17, rng_ ^= rng_ << 5;
  const size_t n =
      writeMaskedFrame(c.out.data() + at, o_.binary ? kBinary : kText, rsv1, payload, len, rng_);
  c.out.resize(at + n);
  c.sentAt[c.sent % c.sentAt.size()] = now_;
  ++c.sent;
}

void Client::stageControl(Conn& c, uint8_t opcode, const uint8_t* payload, size_t len) {
  const size_t at = c.out.size();
  c.out.resize(at + len + 14);
  rng_ ^= rng_ << 13, rng_ ^= rng_ >> 17, rng_ ^= rng_ << 5;
  c.out.resize(at + writeMaskedFrame(c.out.data() + at, opcode, false, payload, len, rng_));
}

void Client::flush(Conn& c) {
  while (c.outOff < c.out.size()) {
    const ssize_t n = write(c.fd, c.out.data() + c.outOff, c.out.size() - c.outOff);
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      if (errno == EAGAIN) {
        if (!c.wantWrite) {
          c.wantWrite = true;
          setEvents(c, EPOLLIN | EPOLLOUT);
        }
        return;
      }
      closeConn(c, strerror(errno));
      return;
    }
    c.outOff += size_t(n);
  }
  c.out.clear();  // keeps its capacity: no allocation per message
  c.outOff = 0;
  if (c.wantWrite) {
    c.wantWrite = false;
    setEvents(c, EPOLLIN);
  }
}

void Client::recordLatency(double seconds) {
  size_t us = seconds <= 0 ? 0 : size_t(seconds * 1e6);
  ++latency_[us < kLatencyBuckets ? us : kLatencyBuckets - 1];
  ++latencyCount_;
}

double Client::percentile(double q) const {
  if (!latencyCount_) {
    return 0;
  }
  const uint64_t want = uint64_t(q * double(latencyCount_));
  uint64_t seen = 0;
  for (size_t i = 0; i < kLatencyBuckets; ++i) {
    seen += latency_[i];
    if (seen > want) {
      return double(i);
    }
  }
  return double(kLatencyBuckets);
}

void Client::snapshotStart() {
  t0_ = monotonicSeconds();
  serverCpu0_ = serverCpuSeconds(o_.serverPid);
  ownCpu0_ = ownCpuSeconds();
}

void Client::printEcho() {
  const double wall = monotonicSeconds() - t0_;
  const double serverCpu1 = serverCpuSeconds(o_.serverPid);
  const double own = ownCpuSeconds() - ownCpu0_;
  const double server = serverCpu1 >= 0 && serverCpu0_ >= 0 ? serverCpu1 - serverCpu0_ : -1;
  printf(
      "{\"mode\": \"echo\", \"conns\": %d, \"depth\": %d, \"size\": %zu, \"deflate_offered\": %s, "
      "\"extension\": \"%s\", \"msgs\": %" PRIu64
      ", \"seconds\": %.3f, \"msgs_per_s\": %.0f, "
      "\"server_cpu_s\": %.3f, \"msgs_per_server_cpu_s\": %.0f, \"server_cpu_util\": %.3f, "
      "\"client_cpu_s\": %.3f, \"client_cpu_util\": %.3f, \"compressed_replies\": %" PRIu64
      ", \"reply_bytes_on_wire\": %.1f, \"p50_us\": %.0f, \"p99_us\": %.0f, \"p999_us\": %.0f}\n",
      o_.conns, o_.depth, o_.size, o_.deflate ? "true" : "false", extension_.c_str(), counted_,
      wall, double(counted_) / wall, server, server > 0 ? double(counted_) / server : 0,
      server >= 0 ? server / wall : -1, own, own / wall, compressedReplies_,
      counted_ ? double(bytesOnWire_) / double(counted_) : 0, percentile(0.5), percentile(0.99),
      percentile(0.999));
  fflush(stdout);
}

int Client::run() {
  ep_ = epoll_create1(EPOLL_CLOEXEC);
  conns_.resize(size_t(o_.conns));
  scratch_.resize(2 * (o_.size + 1024) + 65536);
  expected_.resize(o_.size);
  while (template_.size() < o_.size) {
    template_ += kPattern;
  }
  for (size_t i = 0; i < conns_.size(); ++i) {
    conns_[i].index = uint32_t(i);
    conns_[i].sentAt.resize(size_t(o_.depth));
    if (!o_.idle) {
      conns_[i].out.reserve(size_t(o_.depth) * (o_.size + 14) + 256);
    }
  }
  // Stdin, when a pipe, ends the idle hold when it closes (the runner's "done").
  struct stat st;
  const bool stdinPipe = o_.idle && fstat(0, &st) == 0 && S_ISFIFO(st.st_mode);
  if (stdinPipe) {
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.u32 = UINT32_MAX;
    epoll_ctl(ep_, EPOLL_CTL_ADD, 0, &ev);
  }
  now_ = monotonicSeconds();
  const double connectDeadline = now_ + kConnectTimeoutSeconds;
  double phaseEnd = 0;
  std::vector<epoll_event> events(kMaxEvents);
  while (phase_ != Phase::kDone) {
    if (phase_ == Phase::kConnecting) {
      while (nextToConnect_ < o_.conns && inProgress_ < o_.connectBatch) {
        startConnect(conns_[size_t(nextToConnect_++)]);
      }
      if (nextToConnect_ == o_.conns && inProgress_ == 0 && settled_ == open_) {
        if (o_.idle) {
          printf("{\"ready\": true, \"open\": %d, \"extension\": \"%s\"}\n", open_,
                 extension_.c_str());
          fflush(stdout);
          phase_ = Phase::kHold;
          phaseEnd = now_ + o_.seconds;
        } else {
          phase_ = Phase::kWarmup;
          phaseEnd = now_ + o_.warmup;
          for (auto& c : conns_) {
            for (int i = 0; i < o_.depth; ++i) {
              stageMessage(c);
            }
            flush(c);
          }
        }
      } else if (now_ > connectDeadline) {
        fail("%d of %d connections still not open after %d s", o_.conns - open_, o_.conns,
             kConnectTimeoutSeconds);
      }
    }
    int timeoutMs = 100;
    if (phase_ != Phase::kConnecting) {
      timeoutMs = int((phaseEnd - now_) * 1000) + 1;
      timeoutMs = timeoutMs < 0 ? 0 : timeoutMs;
    }
    const int n = epoll_wait(ep_, events.data(), kMaxEvents, timeoutMs);
    if (n < 0 && errno != EINTR) {
      fail("epoll_wait: %s", strerror(errno));
    }
    now_ = monotonicSeconds();
    if (phase_ != Phase::kConnecting && now_ >= phaseEnd) {
      if (phase_ == Phase::kWarmup) {
        snapshotStart();
        phase_ = Phase::kMeasure;
        phaseEnd = now_ + o_.seconds;
      } else if (phase_ == Phase::kMeasure) {
        printEcho();
        phase_ = Phase::kDone;
        break;
      } else {
        phase_ = Phase::kDone;
        break;
      }
    }
    for (int i = 0; i < n; ++i) {
      if (events[size_t(i)].data.u32 == UINT32_MAX) {
        char b[64];
        if (read(0, b, sizeof b) <= 0) {
          phase_ = Phase::kDone;
        }
        continue;
      }
      Conn& c = conns_[events[size_t(i)].data.u32];
      if (c.state != State::kClosed) {
        onEvent(c, events[size_t(i)].events);
      }
    }
  }
  if (o_.idle) {
    printf("{\"mode\": \"idle\", \"open_at_end\": %d, \"lost\": %d}\n", open_, failed_);
    fflush(stdout);
  }
  // An abortive close (RST) leaves no TIME_WAIT behind: 10,000 connections a run would
  // otherwise use up the ephemeral ports of back-to-back runs.
  for (auto& c : conns_) {
    if (c.fd >= 0) {
      linger l{1, 0};
      setsockopt(c.fd, SOL_SOCKET, SO_LINGER, &l, sizeof l);
      close(c.fd);
    }
  }
  return 0;
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    auto next = [&]() -> const char* {
      if (i + 1 >= argc) {
        fail("%s needs a value", argv[i]);
      }
      return argv[++i];
    };
    if (a == "--port") {
      o.port = atoi(next());
    } else if (a == "--host") {
      o.host = next();
    } else if (a == "--mode") {
      const std::string_view m = next();
      if (m != "echo" && m != "idle") {
        fail("--mode is echo or idle");
      }
      o.idle = m == "idle";
    } else if (a == "--conns") {
      o.conns = atoi(next());
    } else if (a == "--depth") {
      o.depth = atoi(next());
    } else if (a == "--size") {
      o.size = size_t(atol(next()));
    } else if (a == "--binary") {
      o.binary = true;
    } else if (a == "--deflate") {
      o.deflate = true;
    } else if (a == "--no-context-takeover") {
      o.noContextTakeover = true;
    } else if (a == "--warmup") {
      o.warmup = atof(next());
    } else if (a == "--seconds") {
      o.seconds = atof(next());
    } else if (a == "--server-pid") {
      o.serverPid = atoi(next());
    } else if (a == "--idle-messages") {
      o.idleMessages = atoi(next());
    } else if (a == "--connect-batch") {
      o.connectBatch = atoi(next());
    } else {
      fail("unknown option %s (see the comment at the top of bench/ws/load/ws_load.cc)", argv[i]);
    }
  }
  if (o.port <= 0 || o.conns <= 0 || o.depth <= 0 || o.size == 0 || o.size > (1 << 20) ||
      o.connectBatch <= 0) {
    fail("need --port, and positive --conns, --depth, --size (at most 1 MiB), --connect-batch");
  }
  return o;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  Client client(o);
  return client.run();
}
