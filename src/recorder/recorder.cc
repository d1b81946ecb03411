#include "recorder/recorder.h"

#include <elf.h>
#include <link.h>
#include <signal.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>

#include "os/seam.h"
#include "os/stdio.h"
#include "recorder/config.h"
#include "recorder/frame_writer.h"
#include "recorder/replayer.h"
#include "recorder/trace_format.h"

extern char** environ;

namespace nodecc::recorder::core {

namespace kernel = os::core::kernel;
using os::core::Result;

thread_local ThreadTrace tThreadTrace;

namespace {

// Sinks of every loop thread, for dumps from any thread or a signal handler. Never freed: a
// thread's last frames must still be dumpable after it ended.
constexpr size_t kMaxSinks = 1024;
std::array<std::atomic<TraceSink*>, kMaxSinks> gSinks;
std::atomic<size_t> gSinkCount{0};
std::mutex gAttachMutex;

// A function-local static: the start-up hook (priority 101) runs before the dynamic
// initialization of this file's namespace-scope objects, which would reset a global.
RecordConfig& config() {
  static RecordConfig c;
  return c;
}
bool gReplaying = false;

std::string readCmdline(std::vector<std::string>* argv) {
  FILE* f = std::fopen("/proc/self/cmdline", "rb");
  if (f == nullptr) {
    return {};
  }
  std::string all;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
    all.append(buf, n);
  }
  std::fclose(f);
  size_t start = 0;
  for (size_t i = 0; i < all.size(); ++i) {
    if (all[i] == '\0') {
      argv->push_back(all.substr(start, i - start));
      start = i + 1;
    }
  }
  return all;
}

std::string makeHeader(uint64_t loopId) {
  TraceHeader h;
  h.buildId = buildId();
  h.loopId = loopId;
  h.pid = uint64_t(::getpid());
  h.startWallMs = kernel::wallClockMs();
  char cwd[4096];
  if (::getcwd(cwd, sizeof cwd) != nullptr) {
    h.cwd = cwd;
  }
  readCmdline(&h.argv);
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
    h.env.emplace_back(*e);
  }
  h.flags = uint8_t((config().writes ? kWriteData : 0) | (crcAvailable() ? kCrcHash : 0));
  return encodeHeader(h);
}

std::string sinkPath(uint64_t loopId) {
  std::string path = config().path;
  if (path.empty()) {
    path = "nodecc-" + std::to_string(::getpid()) + ".trace";
  }
  if (loopId > 0) {
    path += ".loop" + std::to_string(loopId);
  }
  return path;
}

// --- recording hooks: the kernel's answer, recorded when this thread has a sink

template <ClockId id, class T, T (*read)()>
T recClock() {
  const T v = read();
  ThreadTrace& t = tThreadTrace;
  if (t.sink) {
    auto& last = t.lastClock[size_t(id)];
    emitTagged(*t.sink, FrameType::kClock, uint8_t(id), int64_t(uint64_t(v) - last), nullptr, 0);
    last = uint64_t(v);
  }
  return v;
}

Result<size_t> recGetRandom(void* out, size_t length) {
  auto r = kernel::getRandom(out, length);
  if (TraceSink* s = tThreadTrace.sink) {
    emitResultBytes(*s, FrameType::kRandom, r ? int64_t(*r) : r.error(), out, r ? *r : 0);
  }
  return r;
}

void recSocketResult(SocketCall call, int result) {
  if (TraceSink* s = tThreadTrace.sink) {
    emitTagged(*s, FrameType::kSocketResult, uint8_t(call), result, nullptr, 0);
  }
}

Result<void> recBind(int fd, const sockaddr* addr, socklen_t len) {
  auto r = kernel::bindSocket(fd, addr, len);
  recSocketResult(SocketCall::kBind, r.error());
  return r;
}
Result<void> recListen(int fd, int backlog) {
  auto r = kernel::listenSocket(fd, backlog);
  recSocketResult(SocketCall::kListen, r.error());
  return r;
}
Result<void> recShutdown(int fd) {
  auto r = kernel::shutdownWrite(fd);
  recSocketResult(SocketCall::kShutdown, r.error());
  return r;
}
int recPendingError(int fd) {
  const int r = kernel::pendingSocketError(fd);
  recSocketResult(SocketCall::kPendingError, r);
  return r;
}

template <AddressKind kind, Result<void> (*call)(int, sockaddr_storage*, socklen_t*)>
Result<void> recAddress(int fd, sockaddr_storage* out, socklen_t* len) {
  auto r = call(fd, out, len);
  if (TraceSink* s = tThreadTrace.sink) {
    emitTagged(*s, FrameType::kAddress, uint8_t(kind), r.error(), out, r ? size_t(*len) : 0);
  }
  return r;
}

// --- replaying hooks: the main thread's answers come from the trace

template <ClockId id, class T, T (*read)()>
T repClock() {
  ThreadTrace& t = tThreadTrace;
  if (t.replayer == nullptr || t.bypass > 0) {
    return read();
  }
  PayloadReader r = t.replayer->expect(FrameType::kClock, "a clock read");
  uint8_t which = 0;
  int64_t delta;
  if (!r.byte(&which) || !r.i64(&delta)) {
    t.replayer->diverge("corrupt clock frame");
  }
  if (which != uint8_t(id)) {
    t.replayer->diverge("the program read clock " + std::to_string(int(id)) +
                        ", the recording read clock " + std::to_string(int(which)));
  }
  auto& last = t.lastClock[size_t(id)];
  last += uint64_t(delta);
  return T(last);
}

Result<size_t> repGetRandom(void* out, size_t length) {
  ThreadTrace& t = tThreadTrace;
  if (t.replayer == nullptr || t.bypass > 0) {
    return kernel::getRandom(out, length);
  }
  PayloadReader r = t.replayer->expect(FrameType::kRandom, "getrandom");
  int64_t result = 0;
  const uint8_t* bytes;
  (void)r.i64(&result);
  if (result < 0) {
    return os::core::Errno{int(result)};
  }
  if (size_t(result) != length || !r.bytes(length, &bytes)) {
    t.replayer->diverge("the program asked for " + std::to_string(length) +
                        " random bytes, the recording got " + std::to_string(result));
  }
  std::memcpy(out, bytes, length);
  return length;
}

int repSocketResult(SocketCall call, const char* name) {
  Replayer* rp = tThreadTrace.replayer;
  PayloadReader r = rp->expect(FrameType::kSocketResult, name);
  uint8_t which = 0;
  int64_t result = 0;
  (void)r.byte(&which);
  (void)r.i64(&result);
  if (which != uint8_t(call)) {
    rp->diverge(std::string("the program called ") + name + ", the recording another socket call");
  }
  return int(result);
}

Result<void> asResult(int r) {
  if (r < 0) {
    return os::core::Errno{r};
  }
  return {};
}

Result<void> repBind(int fd, const sockaddr* addr, socklen_t len) {
  if (tThreadTrace.replayer == nullptr || tThreadTrace.bypass > 0) {
    return kernel::bindSocket(fd, addr, len);
  }
  return asResult(repSocketResult(SocketCall::kBind, "bind"));
}
Result<void> repListen(int fd, int backlog) {
  if (tThreadTrace.replayer == nullptr || tThreadTrace.bypass > 0) {
    return kernel::listenSocket(fd, backlog);
  }
  return asResult(repSocketResult(SocketCall::kListen, "listen"));
}
Result<void> repShutdown(int fd) {
  if (tThreadTrace.replayer == nullptr || tThreadTrace.bypass > 0) {
    return kernel::shutdownWrite(fd);
  }
  return asResult(repSocketResult(SocketCall::kShutdown, "shutdown"));
}
int repPendingError(int fd) {
  if (tThreadTrace.replayer == nullptr || tThreadTrace.bypass > 0) {
    return kernel::pendingSocketError(fd);
  }
  return repSocketResult(SocketCall::kPendingError, "getsockopt(SO_ERROR)");
}

template <AddressKind kind, Result<void> (*call)(int, sockaddr_storage*, socklen_t*)>
Result<void> repAddress(int fd, sockaddr_storage* out, socklen_t* len) {
  Replayer* rp = tThreadTrace.replayer;
  if (rp == nullptr || tThreadTrace.bypass > 0) {
    return call(fd, out, len);
  }
  PayloadReader r =
      rp->expect(FrameType::kAddress, kind == AddressKind::kLocal ? "getsockname" : "getpeername");
  uint8_t which = 0;
  int64_t result = 0;
  (void)r.byte(&which);
  (void)r.i64(&result);
  if (which != uint8_t(kind)) {
    rp->diverge("getsockname and getpeername swapped");
  }
  if (result < 0) {
    return os::core::Errno{int(result)};
  }
  const uint8_t* bytes;
  const size_t n = r.remaining();
  (void)r.bytes(n, &bytes);
  std::memset(out, 0, sizeof *out);
  std::memcpy(out, bytes, n);
  *len = socklen_t(n);
  return {};
}

// --- crash and stop signals

void onCrashSignal(int sig) {
  if (sig == SIGUSR2) {
    dumpAll("SIGUSR2", false);
    return;
  }
  dumpAll("fatal signal", true);
  // SA_RESETHAND restored the default action: the signal, raised again, ends the process as
  // it would have (core dump included).
  ::raise(sig);
}

void onStopSignal(int sig) {
  for (size_t i = 0; i < gSinkCount.load(std::memory_order_acquire); ++i) {
    TraceSink* s = gSinks[i].load(std::memory_order_acquire);
    if (s != nullptr && s->mode() == TraceSink::Mode::kFile) {
      s->dump();
    }
  }
  ::raise(sig);
}

void installSignals() {
  struct sigaction sa {};
  sigemptyset(&sa.sa_mask);
  sa.sa_handler = &onCrashSignal;
  sa.sa_flags = SA_RESETHAND | SA_NODEFER;
  for (int sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT}) {
    ::sigaction(sig, &sa, nullptr);
  }
  sa.sa_flags = SA_RESTART;
  ::sigaction(SIGUSR2, &sa, nullptr);
  sa.sa_handler = &onStopSignal;
  sa.sa_flags = SA_RESETHAND;
  for (int sig : {SIGTERM, SIGINT}) {
    struct sigaction old {};
    ::sigaction(sig, nullptr, &old);
    if (old.sa_handler == SIG_DFL) {
      ::sigaction(sig, &sa, nullptr);
    }
  }
}

void flushAtExit() {
  flushFiles();
}

}  // namespace

void programExiting(int status) {
  if (Replayer* r = tThreadTrace.replayer) {
    r->exited(status);
  }
}

void flushFiles() {
  for (size_t i = 0; i < gSinkCount.load(std::memory_order_acquire); ++i) {
    TraceSink* s = gSinks[i].load(std::memory_order_acquire);
    if (s != nullptr && s->mode() == TraceSink::Mode::kFile) {
      s->dump();
    }
  }
}

namespace {

void startRecording(const RecordConfig& c) {
  config() = c;
  os::core::SeamHooks& h = os::core::seam;
  h.monotonicNs = &recClock<ClockId::kMonotonicNs, uint64_t, &kernel::monotonicNs>;
  h.wallClockMs = &recClock<ClockId::kWallMs, int64_t, &kernel::wallClockMs>;
  h.wallClockSeconds = &recClock<ClockId::kWallSeconds, int64_t, &kernel::wallClockSeconds>;
  h.getRandom = &recGetRandom;
  h.bindSocket = &recBind;
  h.listenSocket = &recListen;
  h.localAddress = &recAddress<AddressKind::kLocal, &kernel::localAddress>;
  h.peerAddress = &recAddress<AddressKind::kPeer, &kernel::peerAddress>;
  h.shutdownWrite = &recShutdown;
  h.pendingSocketError = &recPendingError;
  installSignals();
  std::atexit(&flushAtExit);
}

[[noreturn]] void refuse(const std::string& why) {
  std::fprintf(stderr, "nodecc replay: %s\n", why.c_str());
  std::_Exit(2);
}

void startReplay(const char* path) {
  TraceReader reader;
  if (!reader.open(path)) {
    refuse(reader.error());
  }
  const TraceHeader& h = reader.header();
  const std::string mine = buildId();
  if (h.buildId != mine) {
    refuse(std::string(path) + " was recorded by build " + hexOf(h.buildId) +
           "; this executable is build " + hexOf(mine) + ": a trace replays only in its build");
  }
  if ((h.flags & kWrapped) != 0 || h.firstFrame != 0) {
    refuse(std::string(path) + " starts at frame " + std::to_string(h.firstFrame) +
           " (its ring had wrapped): only a trace from the start of a run replays");
  }
  if ((h.flags & kCrcHash) != 0 && !crcAvailable()) {
    refuse(std::string(path) + " hashes writes with CRC32C, which this CPU lacks (SSE4.2)");
  }
  if (h.loopId != 0) {
    refuse(std::string(path) + " is loop " + std::to_string(h.loopId) +
           "'s trace: replay runs the main thread's loop (loop 0) only");
  }
  gReplaying = true;
  // Never freed: the process ends inside the replay.
  tThreadTrace.replayer = new Replayer(std::move(reader));
  // main's return and exit(), whose status an atexit handler is not told.
  std::atexit([] { programExiting(-1); });
  os::core::SeamHooks& s = os::core::seam;
  s.monotonicNs = &repClock<ClockId::kMonotonicNs, uint64_t, &kernel::monotonicNs>;
  s.wallClockMs = &repClock<ClockId::kWallMs, int64_t, &kernel::wallClockMs>;
  s.wallClockSeconds = &repClock<ClockId::kWallSeconds, int64_t, &kernel::wallClockSeconds>;
  s.getRandom = &repGetRandom;
  s.bindSocket = &repBind;
  s.listenSocket = &repListen;
  s.localAddress = &repAddress<AddressKind::kLocal, &kernel::localAddress>;
  s.peerAddress = &repAddress<AddressKind::kPeer, &kernel::peerAddress>;
  s.shutdownWrite = &repShutdown;
  s.pendingSocketError = &repPendingError;
}

// Before every C++ static object of the program (priority 101), so that clock reads made by
// static initializers (process.uptime's origin) are recorded and replayed too.
__attribute__((constructor(101))) void recorderInit() {
  // First of all, before a trace file or anything else can take fd 0, 1 or 2 (Node's
  // PlatformInit): the recorder's start-up is the earliest code every program runs.
  os::core::reserveStdio();
  if (const char* replay = std::getenv("NODECC_REPLAY"); replay != nullptr && *replay != '\0') {
    startReplay(replay);
    return;
  }
  const char* spec = std::getenv("NODECC_RECORD");
  if (spec == nullptr || *spec == '\0') {
    return;
  }
  RecordConfig c;
  std::string error;
  if (!parseRecordConfig(spec, &c, &error)) {
    // A typo must not take a server down: warn and run without recording.
    std::fprintf(stderr, "nodecc: NODECC_RECORD=%s ignored: %s\n", spec, error.c_str());
    return;
  }
  if (c.mode == RecordConfig::Mode::kOff) {
    return;
  }
  startRecording(c);
  attachThread();
}

int phdrCallback(dl_phdr_info* info, size_t, void* data) {
  auto* out = static_cast<std::string*>(data);
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_NOTE) {
      continue;
    }
    const auto* p = reinterpret_cast<const uint8_t*>(info->dlpi_addr + ph.p_vaddr);
    const uint8_t* end = p + ph.p_memsz;
    while (p + sizeof(ElfW(Nhdr)) <= end) {
      ElfW(Nhdr) n;
      std::memcpy(&n, p, sizeof n);
      const uint8_t* name = p + sizeof n;
      const uint8_t* desc = name + ((n.n_namesz + 3) & ~3u);
      if (n.n_type == NT_GNU_BUILD_ID && n.n_namesz == 4 && std::memcmp(name, "GNU", 4) == 0 &&
          desc + n.n_descsz <= end) {
        out->assign(reinterpret_cast<const char*>(desc), n.n_descsz);
        return 1;
      }
      p = desc + ((n.n_descsz + 3) & ~3u);
    }
  }
  return 1;  // the first object is the executable: stop either way
}

}  // namespace

std::string buildId() {
  static const std::string id = [] {
    std::string out;
    dl_iterate_phdr(&phdrCallback, &out);
    return out;
  }();
  return id;
}

bool recording() {
  return config().mode != RecordConfig::Mode::kOff;
}
bool replaying() {
  return gReplaying;
}
bool recordWrites() {
  return config().writes;
}

TraceSink* attachThread() {
  ThreadTrace& t = tThreadTrace;
  if (t.sink != nullptr || !recording()) {
    return t.sink;
  }
  std::lock_guard<std::mutex> lock(gAttachMutex);
  const size_t id = gSinkCount.load(std::memory_order_relaxed);
  if (id >= kMaxSinks) {
    return nullptr;
  }
  const auto mode =
      config().mode == RecordConfig::Mode::kRing ? TraceSink::Mode::kRing : TraceSink::Mode::kFile;
  t.sink =
      new TraceSink(mode, sinkPath(id), makeHeader(id), config().ringBytes, config().rotateBytes);
  gSinks[id].store(t.sink, std::memory_order_release);
  gSinkCount.store(id + 1, std::memory_order_release);
  return t.sink;
}

bool start(std::string_view spec, std::string* error) {
  if (recording() || replaying()) {
    *error = "the recorder is already on";
    return false;
  }
  RecordConfig c;
  if (!parseRecordConfig(spec, &c, error)) {
    return false;
  }
  if (c.mode != RecordConfig::Mode::kOff) {
    startRecording(c);
  }
  return true;
}

int dumpAll(const char* why, bool fatal) {
  int written = 0;
  for (size_t i = 0; i < gSinkCount.load(std::memory_order_acquire); ++i) {
    TraceSink* s = gSinks[i].load(std::memory_order_acquire);
    // A file trace is flushed only by its own thread outside a handler that returns (a flush
    // interrupting that thread's append would write its frame twice); it is written as it
    // goes anyway. `fatal` handlers never return to the interrupted append.
    if (s == nullptr || (s->mode() == TraceSink::Mode::kFile && !fatal && s != tThreadTrace.sink) ||
        !s->dump()) {
      continue;
    }
    ++written;
    // write(2) only: this may run in a signal handler.
    const char* parts[] = {"nodecc: flight recorder trace written to ", s->path().c_str(), " (",
                           why, ")\n"};
    for (const char* part : parts) {
      ssize_t n = ::write(2, part, std::strlen(part));
      (void)n;
    }
  }
  return written;
}

}  // namespace nodecc::recorder::core
