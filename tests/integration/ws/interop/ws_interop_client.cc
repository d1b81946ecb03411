// nodecc's WebSocket client (ws::connect) against another implementation's echo server (the
// Python, Go and Node peers of run_interop.py): every case sent, every echo checked.
//
//   ws-interop-client PEER ws://127.0.0.1:PORT
//
// Three connections, one after the other:
//   /plain    no permessage-deflate, subprotocols chat.v2 and chat.v1 offered (the peer
//             chooses chat.v1): text, binary of all 256 byte values, empty messages, 1 MiB
//             binary and text, messages sent in fragments, a long "frag:" message the peer
//             echoes in fragments, our ping, the peer's ping ("ping-me"), then our close 4000
//   /close    the peer closes ("close-me"): 4001 "server closing"
//   /deflate  ws's default offer (permessage-deflate; client_max_window_bits): small, empty,
//             a message after the empty one, 1 MiB compressible messages, compressed
//             fragments, 5 similar messages, close 1000
// Prints "ok   ..." or "FAIL ..." per check and a summary; exits 1 when a check failed. The
// peer's byte counts (is /deflate compressed on the wire?) are run_interop.py's to check.
#include <nodecc/nodecc.h>
#include <nodecc/ws.h>

#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

using namespace nodecc;

namespace {

constexpr size_t kMiB = 1 << 20;
constexpr double kStepTimeoutMs = 10000;

std::string peerName;
int checks = 0;
int failed = 0;

void check(bool ok, const std::string& what) {
  checks++;
  if (!ok) {
    failed++;
  }
  std::printf("%snodecc client vs %s: %s\n", ok ? "ok   " : "FAIL ", peerName.c_str(),
              what.c_str());
  std::fflush(stdout);
}

std::string allBytes() {
  std::string b(256, '\0');
  for (size_t i = 0; i < b.size(); i++) {
    b[i] = char(i);
  }
  return b;
}

// Bytes from a linear congruential generator: incompressible enough, the same every run.
std::string pseudoRandom(size_t n, uint32_t seed, std::string_view alphabet = {}) {
  std::string s(n, '\0');
  for (size_t i = 0; i < n; i++) {
    seed = seed * 1103515245u + 12345u;
    uint8_t b = uint8_t(seed >> 24);
    s[i] = alphabet.empty() ? char(b) : alphabet[b % alphabet.size()];
  }
  return s;
}

std::string repeat(std::string_view part, size_t times) {
  std::string s;
  s.reserve(part.size() * times);
  for (size_t i = 0; i < times; i++) {
    s += part;
  }
  return s;
}

// One step of a connection's script: what it sends, and the event that must come back (a
// message equal to `expected`, a pong with `expected`'s payload, or a close with code and
// reason).
struct Step {
  std::string what{};
  std::function<void(ws::WebSocket&)> send{};
  enum { kMessage, kPong, kClose } wait = kMessage;
  Buffer expected{};
  bool isBinary = false;
  int code = 0;
  std::string serverPing{};  // the ping payload the peer must have sent before the message
};

Step echo(std::string what, std::string data, bool isBinary) {
  Buffer buffer = Buffer::adopt(std::string(data));
  Step step{.what = std::move(what), .send = nullptr, .expected = buffer, .isBinary = isBinary};
  step.send = [buffer, isBinary](ws::WebSocket& socket) {
    socket.send(buffer, {.binary = isBinary});
  };
  return step;
}

Step fragments(std::string what, std::vector<std::string> parts, bool isBinary) {
  std::string whole;
  for (const auto& p : parts) {
    whole += p;
  }
  Step step{
      .what = std::move(what), .expected = Buffer::adopt(std::string(whole)), .isBinary = isBinary};
  step.send = [parts, isBinary](ws::WebSocket& socket) {
    for (size_t i = 0; i < parts.size(); i++) {
      socket.send(Buffer::adopt(std::string(parts[i])),
                  {.binary = isBinary, .fin = i + 1 == parts.size()});
    }
  };
  return step;
}

Step closeStep(std::string what, int code, std::string reason, bool weClose) {
  Step step{.what = std::move(what),
            .wait = Step::kClose,
            .expected = Buffer::from(reason),
            .code = code};
  step.send = [weClose, code, reason](ws::WebSocket& socket) {
    if (weClose) {
      socket.close(code, reason);
    } else {
      socket.send("close-me");
    }
  };
  return step;
}

// Runs a script on a new connection, then `done`.
void runScript(const std::string& url, ws::ClientOptions options,
               std::function<void(ws::WebSocket&)> onOpen, std::vector<Step> steps,
               std::function<void()> done) {
  struct State {
    std::vector<Step> steps;
    size_t next = 0;
    std::string lastPing;
    Timeout timer;
    std::function<void()> done;
    bool finished = false;
  };
  auto state = std::make_shared<State>();
  state->steps = std::move(steps);
  state->done = std::move(done);
  ws::WebSocket& socket = ws::connect(url, {"chat.v2", "chat.v1"}, std::move(options));

  auto finish = [state] {
    if (!state->finished) {
      state->finished = true;
      clearTimeout(state->timer);
      state->done();
    }
  };
  // Sends the next step's message, with a deadline for its answer.
  auto start = std::make_shared<std::function<void()>>();
  *start = [state, &socket, finish] {
    clearTimeout(state->timer);
    if (state->next == state->steps.size()) {
      return;
    }
    state->timer = setTimeout(
        [state, &socket, finish] {
          check(false, state->steps[state->next].what + ": nothing in time");
          socket.terminate();
          finish();
        },
        kStepTimeoutMs);
    state->steps[state->next].send(socket);
  };
  // The step just answered is checked; the next one starts.
  auto advance = [state, start] {
    state->next++;
    (*start)();
  };
  auto current = [state]() -> Step* {
    return state->next < state->steps.size() ? &state->steps[state->next] : nullptr;
  };

  socket.on("open", [&socket, onOpen, start] {
    onOpen(socket);
    (*start)();
  });
  socket.on("error", [url](const Error& err) { check(false, url + ": error " + err.message); });
  socket.on("ping", [state](const Buffer& data) { state->lastPing = data.toString(); });
  socket.on("message", [state, current, advance](const Buffer& data, bool isBinary) {
    Step* step = current();
    if (step == nullptr || step->wait != Step::kMessage) {
      check(false, "unexpected message of " + std::to_string(data.size()) + " bytes");
      return;
    }
    bool same = isBinary == step->isBinary && data.equals(step->expected);
    std::string what = step->what + " echoed (" + std::to_string(step->expected.size()) + " bytes)";
    if (!step->serverPing.empty()) {
      same = same && state->lastPing == step->serverPing;
      what = step->what + " (ping '" + state->lastPing + "' answered)";
    }
    check(same, what + (same ? ""
                             : ": got " + std::to_string(data.size()) + " bytes, " +
                                   (isBinary ? "binary" : "text")));
    advance();
  });
  socket.on("pong", [current, advance](const Buffer& data) {
    Step* step = current();
    if (step == nullptr || step->wait != Step::kPong) {
      check(false, "unexpected pong");
      return;
    }
    check(data.equals(step->expected), step->what + " ('" + data.toString() + "')");
    advance();
  });
  socket.on("close", [state, current, finish](int code, const Buffer& reason) {
    Step* step = current();
    if (step != nullptr && step->wait == Step::kClose) {
      check(code == step->code && reason.equals(step->expected),
            step->what + " (" + std::to_string(code) + ", '" + reason.toString() + "')");
      state->next++;
    }
    if (state->next < state->steps.size()) {
      check(false,
            "closed (" + std::to_string(code) + ") before: " + state->steps[state->next].what);
    }
    finish();
  });
}

}  // namespace

int main() {
  const auto& argv = process::argv();
  if (argv.size() != 4) {
    std::fprintf(stderr, "usage: ws-interop-client PEER ws://127.0.0.1:PORT\n");
    return 2;
  }
  peerName = argv[2];
  const std::string base = argv[3];
  const std::string all = allBytes();
  const std::string text = "h\xc3\xa9llo, nodecc \xe2\x9c\x93 \xf0\x9f\x8c\x8d";

  std::vector<Step> plain = {
      echo("text", text, false),
      echo("binary of all 256 byte values", all, true),
      echo("empty text", "", false),
      echo("empty binary", "", true),
      echo("1 MiB binary", pseudoRandom(kMiB, 1), true),
      echo("1 MiB text", pseudoRandom(kMiB, 2, "abcdefghijklmnopqrstuvwxyz0123456789 "), false),
      fragments("text sent in 3 fragments", {"one-", "two-", "three"}, false),
      fragments("binary sent in 2 fragments", {all.substr(0, 100), all.substr(100)}, true),
      fragments("text sent split inside a character", {"\xf0\x9f", "\x8c\x8d"}, false),
      echo("6000-byte text the peer echoes in fragments", "frag:" + repeat("0123456789", 600),
           false),
      Step{.what = "ping answered by a pong with its payload",
           .send = [](ws::WebSocket& s) { s.ping("nodecc-ping"); },
           .wait = Step::kPong,
           .expected = Buffer::from("nodecc-ping")},
      Step{.what = "the peer's ping answered",
           .send = [](ws::WebSocket& s) { s.send("ping-me"); },
           .expected = Buffer::from("pong-ok:server-ping"),
           .serverPing = "server-ping"},
      closeStep("close 4000 'bye from nodecc' answered", 4000, "bye from nodecc", true),
  };
  std::vector<Step> serverClose = {
      closeStep("the peer's close 4001 'server closing' seen", 4001, "server closing", false),
  };
  const std::string part = "frag:" + repeat("abc", 1000);
  std::vector<Step> deflate = {
      echo("small compressed text", "small", false),
      echo("empty compressed text", "", false),
      // With context takeover (Python's and ws's servers keep it) the empty message's payload
      // must still be a DEFLATE block (RFC 7692 7.2.3.6: 0x00): a bad one breaks this one.
      echo("text after the empty one", "after the empty message", false),
      echo("1 MiB compressible text", repeat("nodecc interop ", kMiB / 15 + 1).substr(0, kMiB),
           false),
      echo("1 MiB compressible binary", repeat(all, kMiB / 256), true),
      fragments("compressed text sent in 3 fragments", {part, part, part}, false),
  };
  for (int i = 1; i <= 5; i++) {
    deflate.push_back(echo("compressed message " + std::to_string(i) + " of 5",
                           "message " + std::to_string(i) + " " + std::string(4096, 'z'), false));
  }
  deflate.push_back(closeStep("compressed connection closed with 1000", 1000, "done", true));

  ws::ClientOptions plainOptions;
  plainOptions.perMessageDeflate.enabled = false;
  plainOptions.handshakeTimeout = 10000;
  ws::ClientOptions deflateOptions;  // ws's default offer
  deflateOptions.handshakeTimeout = 10000;

  auto onPlainOpen = [](ws::WebSocket& s) {
    check(s.protocol() == "chat.v1", "subprotocol chat.v1 chosen ('" + s.protocol() + "')");
    check(s.extensions().empty(), "no extension without an offer ('" + s.extensions() + "')");
  };
  auto onDeflateOpen = [](ws::WebSocket& s) {
    check(s.extensions().rfind("permessage-deflate", 0) == 0,
          "permessage-deflate negotiated ('" + s.extensions() + "')");
  };
  auto summary = [] {
    std::printf("nodecc client vs %s: %d checks, %d failed\n", peerName.c_str(), checks, failed);
    process::exitCode = failed ? 1 : 0;
  };
  runScript(base + "/plain", plainOptions, onPlainOpen, std::move(plain), [&] {
    runScript(
        base + "/close", plainOptions, [](ws::WebSocket&) {}, std::move(serverClose),
        [&] {
          runScript(base + "/deflate", deflateOptions, onDeflateOpen, std::move(deflate), summary);
        });
  });
  return nodecc::run();
}
