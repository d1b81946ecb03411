#pragma once
// TraceSink: where one loop thread's frames go while recording.
//   ring: the last `capacity` bytes of frames in memory, in chunks; written to a file only by
//         dump() (a crash, SIGUSR2, the API). A ring that dropped chunks writes a trace marked
//         kWrapped, readable but not replayable (it starts mid-run).
//   file: frames buffered and written to PATH as they accumulate; past `rotateBytes` the file
//         is closed and PATH.1, PATH.2 ... follow, each with a header.
// Thread: append (reserve/commit) on the owning loop thread only. dump() is async-signal-safe
// (open/write/close of memory prepared beforehand) and may run on any thread: a dump that races
// an append on another thread may end with a partial last chunk (a reader reports it).
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace nodecc::recorder::core {

class TraceSink {
 public:
  enum class Mode { kRing, kFile };
  // `header` is an encoded TraceHeader (trace_format.h); `path` the file a dump or the
  // recording writes.
  TraceSink(Mode mode, std::string path, std::string header, size_t capacity, size_t rotate);
  ~TraceSink();
  TraceSink(const TraceSink&) = delete;
  TraceSink& operator=(const TraceSink&) = delete;

  // Space for a frame of at most n bytes; commit(end) closes it at `end`.
  uint8_t* reserve(size_t n) {
    if (size_t(end_ - cur_) < n) [[unlikely]] {
      nextChunk(n);
    }
    return cur_;
  }
  void commit(uint8_t* end) {
    cur_ = end;
    used_->store(size_t(end - base_), std::memory_order_release);
    ++frames_;
  }

  // Ring: writes the trace to path() (replacing it). File: writes what is buffered.
  // Returns false when the file could not be written. Async-signal-safe.
  bool dump();
  Mode mode() const { return mode_; }
  const std::string& path() const { return path_; }
  uint64_t frameCount() const { return frames_; }
  bool wrapped() const { return wrapped_; }

 private:
  struct Chunk {
    std::unique_ptr<uint8_t[]> data;
    size_t capacity = 0;
    std::atomic<size_t> used{0};
    uint64_t firstFrame = 0;
  };
  void nextChunk(size_t need);
  bool writeFileChunk();
  bool openSegment();
  void enterChunk();

  Mode mode_;
  std::string path_;
  std::string header_;
  size_t rotate_;
  std::vector<Chunk> chunks_;
  size_t current_ = 0;
  // The current chunk's bytes [base_, end_), its next free byte cur_ and its `used` counter,
  // kept at hand so that commit() does not index chunks_ (every read and write commits).
  uint8_t* base_ = nullptr;
  uint8_t* cur_ = nullptr;
  uint8_t* end_ = nullptr;
  std::atomic<size_t>* used_ = nullptr;
  uint64_t frames_ = 0;
  bool wrapped_ = false;
  // File mode.
  int fd_ = -1;
  int segment_ = 0;
  uint64_t fileBytes_ = 0;
};

}  // namespace nodecc::recorder::core
