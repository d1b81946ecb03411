#include "recorder/trace_sink.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

#include "recorder/trace_format.h"

namespace nodecc::recorder::core {

namespace {
// Ring chunks: an eighth of the ring, within these bounds (a dump drops at most one chunk's
// worth more than the capacity asks; smaller chunks would make chunk changes frequent).
constexpr size_t kMinChunk = 64u << 10;
constexpr size_t kMaxChunk = 4u << 20;
// File mode buffers this much between writes.
constexpr size_t kFileChunk = 1u << 20;

bool writeAll(int fd, const void* data, size_t len) {
  const auto* p = static_cast<const char*>(data);
  while (len > 0) {
    const ssize_t n = ::write(fd, p, len);
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      return false;
    }
    p += n;
    len -= size_t(n);
  }
  return true;
}

// The header with this file's firstFrame and flags patched in, without allocating.
bool writeHeader(int fd, const std::string& header, uint64_t firstFrame, uint8_t flags) {
  return writeAll(fd, header.data(), kHeaderFirstFrameOffset) && writeAll(fd, &firstFrame, 8) &&
         writeAll(fd, &flags, 1) &&
         writeAll(fd, header.data() + kHeaderFlagsOffset + 1,
                  header.size() - kHeaderFlagsOffset - 1);
}
}  // namespace

TraceSink::TraceSink(Mode mode, std::string path, std::string header, size_t capacity,
                     size_t rotate)
    : mode_(mode), path_(std::move(path)), header_(std::move(header)), rotate_(rotate) {
  size_t chunk = kFileChunk;
  size_t count = 1;
  if (mode_ == Mode::kRing) {
    chunk = std::clamp(capacity / 8, kMinChunk, kMaxChunk);
    count = std::max<size_t>(2, capacity / chunk);
  }
  chunks_ = std::vector<Chunk>(count);
  chunks_[0].data.reset(new uint8_t[chunk]);
  chunks_[0].capacity = chunk;
  for (size_t i = 1; i < count; ++i) {
    chunks_[i].capacity = chunk;  // allocated when the ring reaches it
  }
  enterChunk();
  if (mode_ == Mode::kFile) {
    openSegment();
  }
}

TraceSink::~TraceSink() {
  if (mode_ == Mode::kFile) {
    writeFileChunk();
    if (fd_ >= 0) {
      ::close(fd_);
    }
  }
}

void TraceSink::enterChunk() {
  Chunk& c = chunks_[current_];
  base_ = c.data.get();
  cur_ = base_ + c.used.load(std::memory_order_relaxed);
  end_ = base_ + c.capacity;
  used_ = &c.used;
}

bool TraceSink::openSegment() {
  const std::string path = segment_ == 0 ? path_ : path_ + "." + std::to_string(segment_);
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) {
    return false;
  }
  const uint8_t flags = header_[kHeaderFlagsOffset];
  fileBytes_ = header_.size();
  return writeHeader(fd_, header_, frames_, flags);
}

bool TraceSink::writeFileChunk() {
  Chunk& c = chunks_[current_];
  const size_t used = c.used.load(std::memory_order_acquire);
  bool ok = fd_ >= 0 && writeAll(fd_, c.data.get(), used);
  fileBytes_ += used;
  c.used.store(0, std::memory_order_release);
  cur_ = base_;
  return ok;
}

void TraceSink::nextChunk(size_t need) {
  if (mode_ == Mode::kFile) {
    writeFileChunk();
    if (rotate_ > 0 && fileBytes_ >= rotate_ && fd_ >= 0) {
      ::close(fd_);
      ++segment_;
      openSegment();
    }
  } else {
    current_ = (current_ + 1) % chunks_.size();
    if (chunks_[current_].used.load(std::memory_order_relaxed) > 0) {
      wrapped_ = true;
    }
    chunks_[current_].used.store(0, std::memory_order_release);
    chunks_[current_].firstFrame = frames_;
  }
  Chunk& c = chunks_[current_];
  if (!c.data || c.capacity < need) {
    c.capacity = std::max(c.capacity, need);
    c.data.reset(new uint8_t[c.capacity]);
  }
  enterChunk();
}

bool TraceSink::dump() {
  if (mode_ == Mode::kFile) {
    return writeFileChunk();
  }
  const int fd = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    return false;
  }
  const size_t n = chunks_.size();
  const size_t oldest = wrapped_ ? (current_ + 1) % n : 0;
  uint8_t flags = uint8_t(header_[kHeaderFlagsOffset]);
  if (wrapped_) {
    flags |= kWrapped;
  }
  uint64_t first = 0;
  for (size_t i = 0; i < n; ++i) {
    const Chunk& c = chunks_[(oldest + i) % n];
    if (c.used.load(std::memory_order_acquire) > 0) {
      first = c.firstFrame;
      break;
    }
  }
  bool ok = writeHeader(fd, header_, first, flags);
  for (size_t i = 0; i < n && ok; ++i) {
    const Chunk& c = chunks_[(oldest + i) % n];
    const size_t used = c.used.load(std::memory_order_acquire);
    if (used > 0) {
      ok = writeAll(fd, c.data.get(), used);
    }
  }
  ::close(fd);
  return ok;
}

}  // namespace nodecc::recorder::core
