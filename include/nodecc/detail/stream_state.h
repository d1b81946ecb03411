#pragma once
// The untyped halves of a Readable's and a Writable's state (Node's ReadableState and
// WritableState less the chunks), their bits, and the chunk queue. Laid out inline in the
// stream: a stream that never buffers (a flowing source whose 'data' goes straight out)
// allocates nothing for its state.
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "nodecc/buffer.h"

namespace nodecc::stream::detail {

inline constexpr size_t kDefaultHighWaterMarkBytes = 16 * 1024;
inline constexpr size_t kDefaultHighWaterMarkObjects = 16;
// read(n) may raise the high-water mark up to this (Node's MAX_HWM).
inline constexpr size_t kMaxHighWaterMark = 0x40000000;

// lib/internal/streams/readable.js's kState bits (those not in CommonBits).
enum ReadableBits : uint32_t {
  kRObjectMode = 1u << 0,
  kEnded = 1u << 1,
  kEndEmitted = 1u << 2,
  kReading = 1u << 3,
  kRSync = 1u << 4,
  kNeedReadable = 1u << 5,
  kEmittedReadable = 1u << 6,
  kReadableListening = 1u << 7,
  kResumeScheduled = 1u << 8,
  kReadingMore = 1u << 9,
  kDataEmitted = 1u << 10,
  kDecoder = 1u << 11,
  kHasFlowing = 1u << 12,
  kFlowing = 1u << 13,
  kHasPaused = 1u << 14,
  kPaused = 1u << 15,
  kDataListening = 1u << 16,
  kReadableOff = 1u << 17,  // a Duplex made with readable: false
  // Stream's kDestroyed | kErrored, mirrored here by Stream: the hot paths test one word at a
  // fixed offset instead of reaching the virtual base (three dependent loads).
  kRDead = 1u << 18,
};

struct ReadableState {
  uint32_t bits = kRSync;
  size_t length = 0;  // bytes, or chunks in object mode
  size_t highWaterMark = kDefaultHighWaterMarkBytes;
  uint32_t dataListeners = 0;
  uint32_t readableListeners = 0;
  bool has(uint32_t b) const { return (bits & b) != 0; }
};

// lib/internal/streams/writable.js's kState bits (those not in CommonBits).
enum WritableBits : uint32_t {
  kWObjectMode = 1u << 0,
  kWSync = 1u << 1,
  kFinalCalled = 1u << 2,
  kNeedDrain = 1u << 3,
  kEnding = 1u << 4,
  kFinished = 1u << 5,
  kWriting = 1u << 6,
  kBufferProcessing = 1u << 7,
  kPrefinished = 1u << 8,
  kOnFinished = 1u << 9,
  kWritableOff = 1u << 10,  // a Duplex made with writable: false
  kCorked = 1u << 11,
  kExpectWriteCb = 1u << 12,
  kAfterWritePending = 1u << 13,
  kWEnded = 1u << 14,
  kHasFinal = 1u << 15,
  // Mirrors of Stream's bits, kept by Stream (see kRDead): kDestroyed | kErrored, and
  // kConstructing.
  kWDead = 1u << 16,
  kWConstructing = 1u << 17,
};

struct WritableState {
  uint32_t bits = kWSync;
  uint32_t corked = 0;
  size_t length = 0;  // bytes, or chunks in object mode, buffered or being written
  size_t highWaterMark = kDefaultHighWaterMarkBytes;
  size_t writelen = 0;
  size_t pendingcb = 0;
  bool has(uint32_t b) const { return (bits & b) != 0; }
};

// A FIFO of chunks with a head index (Node's buffer + bufferIndex): popping the front costs
// no move, and the storage is kept for reuse once drained.
template <class T>
class ChunkQueue {
 public:
  bool empty() const { return head_ == items_.size(); }
  size_t size() const { return items_.size() - head_; }
  T& front() { return items_[head_]; }
  T& operator[](size_t i) { return items_[head_ + i]; }
  void push(T v) { items_.push_back(std::move(v)); }
  void pushFront(T v) {
    if (head_ > 0) {
      items_[--head_] = std::move(v);
    } else {
      items_.insert(items_.begin(), std::move(v));
    }
  }
  T popFront() {
    T v = std::move(items_[head_++]);
    if (head_ == items_.size()) {
      clear();
    } else if (head_ > 1024) {
      items_.erase(items_.begin(), items_.begin() + ptrdiff_t(head_));
      head_ = 0;
    }
    return v;
  }
  void clear() {
    items_.clear();
    head_ = 0;
  }

 private:
  std::vector<T> items_;
  size_t head_ = 0;
};

}  // namespace nodecc::stream::detail
