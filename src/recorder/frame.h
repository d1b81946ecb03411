#pragma once
// The trace's frames: one typed record per nondeterministic input a loop received, in the
// order it received them. A frame is [type: 1 byte][payload length: varint][payload]; payload
// integers are LEB128 varints (signed ones zigzag-encoded), so a typical frame is 3-6 bytes
// plus the bytes it carries. docs/replay.md lists every frame and what it holds.
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace nodecc::recorder::core {

// Frame types. Values are part of the trace format (kTraceVersion): never renumber.
enum class FrameType : uint8_t {
  kAdd = 1,            // a watcher registered: its fd
  kWait = 2,           // a backend wait: count, then (fd, events) per ready watcher, in order
  kAccept = 3,         // accept: fd or -errno, then the peer address bytes
  kRecv = 4,           // recv: the watcher's fd, count or -errno, then the bytes read
  kWrite = 5,          // writev: count or -errno, then the 64-bit hash of the bytes taken
  kSendfile = 6,       // sendfile: count or -errno
  kConnect = 7,        // connect: 0 or -errno
  kClock = 8,          // a clock read: which clock, then the delta from the previous read of it
  kRandom = 9,         // random bytes: count or -errno, then the bytes
  kSignal = 10,        // a signal read from a signalfd (0: none left)
  kDrain = 11,         // the cross-thread queue drained: count, then each task's sequence number
  kAsyncCheck = 12,    // the loop's "anything posted?" check: 0 or 1
  kAddress = 13,       // local/peer address of a socket: which, -errno or 0, then the bytes
  kSocketResult = 14,  // bind/listen/shutdown/pending error: which call, its result
  kWriteData = 15,     // the bytes a write took (only with the `writes` option)
  kMax = 15,
};

const char* frameTypeName(FrameType t);

enum class ClockId : uint8_t { kMonotonicNs = 0, kWallMs = 1, kWallSeconds = 2, kCount = 3 };
enum class SocketCall : uint8_t { kBind = 0, kListen = 1, kShutdown = 2, kPendingError = 3 };
enum class AddressKind : uint8_t { kLocal = 0, kPeer = 1 };

// Varints. putVarint writes at most kMaxVarint bytes.
constexpr size_t kMaxVarint = 10;

inline size_t varintSize(uint64_t v) {
  size_t n = 1;
  while (v >= 0x80) {
    v >>= 7;
    ++n;
  }
  return n;
}
inline uint8_t* putVarint(uint8_t* p, uint64_t v) {
  while (v >= 0x80) {
    *p++ = uint8_t(v) | 0x80;
    v >>= 7;
  }
  *p++ = uint8_t(v);
  return p;
}
inline uint64_t zigzag(int64_t v) {
  return (uint64_t(v) << 1) ^ uint64_t(v >> 63);
}
inline int64_t unzigzag(uint64_t v) {
  return int64_t(v >> 1) ^ -int64_t(v & 1);
}

// Reads a varint from [*p, end); false on truncation or a varint longer than 64 bits.
inline bool getVarint(const uint8_t** p, const uint8_t* end, uint64_t* out) {
  uint64_t v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (*p == end) {
      return false;
    }
    const uint8_t b = *(*p)++;
    if (shift == 63 && b > 1) {
      return false;
    }
    v |= uint64_t(b & 0x7f) << shift;
    if ((b & 0x80) == 0) {
      *out = v;
      return true;
    }
  }
  return false;
}

// The hash of written bytes recorded in kWrite frames, fed the pieces of a write (its
// iovecs) one after another. Fletcher-style: two pairs of running sums over 8-byte words (a
// sum and the sum of its prefix sums), mixed once at the end, so that a 160-byte response in
// three pieces costs ~70 instructions where a multiply per word and a finalizer per piece
// cost ~270 (callgrind, the hello benchmark; fewer since the 16-byte steps are vector adds). Any
// one differing word changes the sum; a reordering changes the prefix sums. Not cryptographic: it
// detects divergence, it does not authenticate. The result depends on where the pieces split, which
// replay reproduces.
class WriteHasher {
 public:
  explicit WriteHasher(uint64_t seed = 0) : a_(seed) {}
  void add(const void* data, size_t len) {
    const auto* p = static_cast<const uint8_t*>(data);
    const size_t total = len;
    if (len >= 16) {
      // The 16-byte steps on (a, c) and (b, d) as two-lane vectors: a load and two adds per
      // 16 bytes where the scalar sums took two loads and four adds (SSE2, which every x86-64
      // has, and valgrind too). The same sums: lane 0 is a and b, lane 1 c and d.
      Lanes ac = {a_, c_};
      Lanes bd = {b_, d_};
      while (len >= 32) {
        ac += lanes(p);
        bd += ac;
        ac += lanes(p + 16);
        bd += ac;
        p += 32;
        len -= 32;
      }
      if (len >= 16) {
        ac += lanes(p);
        bd += ac;
        p += 16;
        len -= 16;
      }
      a_ = ac[0];
      c_ = ac[1];
      b_ = bd[0];
      d_ = bd[1];
    }
    if (len >= 8) {
      a_ += word(p);
      b_ += a_;
      p += 8;
      len -= 8;
    }
    if (len > 0) {
      // The last 1-7 bytes: from an 8-byte load ending at the piece's end when the piece is
      // that long (no call to memcpy), else byte by byte.
      uint64_t t = 0;
      if (total >= 8) {
        t = word(p + len - 8) >> (8 * (8 - len));
      } else {
        for (size_t i = 0; i < len; ++i) {
          t |= uint64_t(p[i]) << (8 * i);
        }
      }
      c_ += t;
      d_ += c_;
    }
    d_ += total;  // bytes moved from one piece to the next change the result
  }
  uint64_t finish() const {
    uint64_t h = a_ ^ rotl(b_, 17) ^ rotl(c_, 31) ^ rotl(d_, 47);
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
    return h ^ (h >> 31);
  }

 private:
  using Lanes = uint64_t __attribute__((vector_size(16)));
  static Lanes lanes(const uint8_t* p) {
    Lanes v;
    std::memcpy(&v, p, 16);
    return v;
  }
  static uint64_t word(const uint8_t* p) {
    uint64_t w;
    std::memcpy(&w, p, 8);
    return w;
  }
  static uint64_t rotl(uint64_t v, int r) { return (v << r) | (v >> (64 - r)); }

  uint64_t a_;
  uint64_t b_ = 0x9e3779b97f4a7c15ull;
  uint64_t c_ = 0;
  uint64_t d_ = 0x6a09e667f3bcc909ull;
};

// WriteHasher over one piece.
inline uint64_t hashBytes(const void* data, size_t len, uint64_t seed = 0) {
  WriteHasher h(seed);
  h.add(data, len);
  return h.finish();
}
// The same role through the CPU's CRC32C instruction, four lanes of 8 bytes (~1.5 instructions
// per 8 bytes against ~6): used when the CPU has SSE4.2 (crcAvailable), and the trace header
// says so (kCrcHash) so that replay hashes alike.
bool crcAvailable();
uint64_t crcHash(const void* data, size_t len, uint64_t seed);

}  // namespace nodecc::recorder::core
