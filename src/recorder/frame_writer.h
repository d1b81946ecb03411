#pragma once
// Appending frames to a TraceSink: the recording side of frame.h's layouts. Inline, because
// the recording backend calls them on every read and write.
#include <sys/uio.h>

#include <cstring>

#include "recorder/frame.h"
#include "recorder/trace_sink.h"

namespace nodecc::recorder::core {

// [type][len][payload...]: callers reserve 2 + kMaxVarint + payload bound.
inline uint8_t* frameStart(uint8_t* p, FrameType t, size_t payloadLen) {
  *p = uint8_t(t);
  return putVarint(p + 1, payloadLen);
}

// A frame whose payload length is known only once it is written (a wait batch, a drain):
// openFrame reserves the frame for a payload of at most maxPayload bytes and returns where the
// payload goes, after a one-byte length; closeFrame writes the length and commits, moving the
// payload up in the rare case that its length needs a longer varint (128 bytes or more).
inline uint8_t* openFrame(TraceSink& s, FrameType t, size_t maxPayload) {
  uint8_t* p = s.reserve(1 + kMaxVarint + maxPayload);
  *p = uint8_t(t);
  return p + 2;
}
inline void closeFrame(TraceSink& s, uint8_t* payload, uint8_t* end) {
  const size_t len = size_t(end - payload);
  if (len < 0x80) [[likely]] {
    payload[-1] = uint8_t(len);
    s.commit(end);
    return;
  }
  const size_t extra = varintSize(len) - 1;
  std::memmove(payload + extra, payload, len);
  putVarint(payload - 1, len);
  s.commit(end + extra);
}

inline void emitUnsigned(TraceSink& s, FrameType t, uint64_t v) {
  uint8_t* p = s.reserve(2 * kMaxVarint + 1);
  p = frameStart(p, t, varintSize(v));
  s.commit(putVarint(p, v));
}

inline void emitSigned(TraceSink& s, FrameType t, int64_t v) {
  emitUnsigned(s, t, zigzag(v));
}

// A result (count or -errno) followed by `n` bytes when it is positive.
inline void emitResultBytes(TraceSink& s, FrameType t, int64_t result, const void* bytes,
                            size_t n) {
  const uint64_t z = zigzag(result);
  const size_t len = varintSize(z) + n;
  uint8_t* p = s.reserve(2 + 2 * kMaxVarint + n);
  p = frameStart(p, t, len);
  p = putVarint(p, z);
  if (n > 0) {
    std::memcpy(p, bytes, n);
  }
  s.commit(p + n);
}

// Values below kSmallVarint take one or two varint bytes. A write frame's count (a response's
// length: two bytes from 64 on) is written without putVarint's loop; the read frame keeps the
// loop, whose fd and count are mostly one byte, where the loop costs no more (callgrind).
constexpr uint64_t kSmallVarint = 1u << 14;
inline size_t smallVarintSize(uint64_t v) {
  return v < 0x80 ? 1 : 2;
}
inline uint8_t* putSmallVarint(uint8_t* p, uint64_t v) {
  if (v < 0x80) {
    *p = uint8_t(v);
    return p + 1;
  }
  p[0] = uint8_t(v) | 0x80;
  p[1] = uint8_t(v >> 7);
  return p + 2;
}

// A read: the watcher's fd, the count or -errno, then the bytes when the count is positive.
inline void emitRecv(TraceSink& s, int fd, int64_t result, const void* bytes, size_t n) {
  const uint64_t z = zigzag(result);
  const size_t len = varintSize(uint64_t(fd)) + varintSize(z) + n;
  uint8_t* p = s.reserve(2 + 3 * kMaxVarint + n);
  p = frameStart(p, FrameType::kRecv, len);
  p = putVarint(p, uint64_t(fd));
  p = putVarint(p, z);
  if (n > 0) {
    std::memcpy(p, bytes, n);
  }
  s.commit(p + n);
}

// A tag byte, then a result.
inline void emitTagged(TraceSink& s, FrameType t, uint8_t tag, int64_t result, const void* bytes,
                       size_t n) {
  const uint64_t z = zigzag(result);
  uint8_t* p = s.reserve(3 + 2 * kMaxVarint + n);
  p = frameStart(p, t, 1 + varintSize(z) + n);
  *p++ = tag;
  p = putVarint(p, z);
  if (n > 0) {
    std::memcpy(p, bytes, n);
  }
  s.commit(p + n);
}

// The hash of the first `taken` bytes of an iovec array (what a write consumed).
inline uint64_t hashTaken(const iovec* iov, int count, size_t taken, bool crc) {
  if (count > 0 && taken > 0 && iov[0].iov_len >= taken) [[likely]] {
    // The first piece held all that was taken (a small response's head and body share one
    // buffer): the loops below would do the same with one piece.
    return crc ? crcHash(iov[0].iov_base, taken, 0) : hashBytes(iov[0].iov_base, taken);
  }
  if (crc) {
    uint64_t h = 0;
    for (int i = 0; i < count && taken > 0; ++i) {
      const size_t n = iov[i].iov_len < taken ? iov[i].iov_len : taken;
      h = crcHash(iov[i].iov_base, n, h);
      taken -= n;
    }
    return h;
  }
  WriteHasher h;
  for (int i = 0; i < count && taken > 0; ++i) {
    const size_t n = iov[i].iov_len < taken ? iov[i].iov_len : taken;
    h.add(iov[i].iov_base, n);
    taken -= n;
  }
  return h.finish();
}

inline void emitWrite(TraceSink& s, int64_t result, uint64_t hash) {
  const uint64_t z = zigzag(result);
  uint8_t* p = s.reserve(2 + 2 * kMaxVarint + 8);
  if (result >= 0 && z < kSmallVarint) [[likely]] {
    p[0] = uint8_t(FrameType::kWrite);
    p[1] = uint8_t(smallVarintSize(z) + 8);
    p = putSmallVarint(p + 2, z);
    std::memcpy(p, &hash, 8);
    s.commit(p + 8);
    return;
  }
  p = frameStart(p, FrameType::kWrite, varintSize(z) + (result >= 0 ? 8 : 0));
  p = putVarint(p, z);
  if (result >= 0) {
    std::memcpy(p, &hash, 8);
    p += 8;
  }
  s.commit(p);
}

// The bytes a write took, gathered from its iovecs (the `writes` option).
inline void emitWriteData(TraceSink& s, const iovec* iov, int count, size_t taken) {
  uint8_t* p = s.reserve(1 + kMaxVarint + taken);
  p = frameStart(p, FrameType::kWriteData, taken);
  for (int i = 0; i < count && taken > 0; ++i) {
    const size_t n = iov[i].iov_len < taken ? iov[i].iov_len : taken;
    std::memcpy(p, iov[i].iov_base, n);
    p += n;
    taken -= n;
  }
  s.commit(p);
}

}  // namespace nodecc::recorder::core
