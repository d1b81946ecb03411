#include "ws/deflate.h"

#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

#include "zlib/status_name.h"

namespace nodecc::ws::core {

struct PerMessageDeflate::Stream {
  z_stream z{};
  bool deflating = false;
  int windowBits = 15;
  int level = -1;
  int memLevel = 8;
  const PerMessageDeflate* lentTo = nullptr;  // a shared stream's current borrower

  Stream() = default;
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  ~Stream() {
    if (deflating) {
      deflateEnd(&z);
    } else {
      inflateEnd(&z);
    }
  }
};

namespace {

using Stream = PerMessageDeflate::Stream;

// The tail a sync flush ends with, which a finished message leaves off (RFC 7692 §7.2.1).
constexpr unsigned char kTail[4] = {0x00, 0x00, 0xff, 0xff};
// Inflated output is produced this much at a time, so a message's buffer grows with what the
// data really inflates to, and a bomb is stopped within one step of the limit.
constexpr size_t kInflateStep = 16 * 1024;
// zlib counts in uInt: longer inputs are given in slices.
constexpr size_t kMaxSlice = size_t{1} << 30;

[[noreturn]] void outOfMemory(const char* what) {
  std::fprintf(stderr, "nodecc ws::core::PerMessageDeflate: %s failed\n", what);
  std::abort();
}

std::unique_ptr<Stream> makeDeflater(int windowBits, int level, int memLevel) {
  auto s = std::make_unique<Stream>();
  s->windowBits = windowBits;
  s->level = level;
  s->memLevel = memLevel;
  if (deflateInit2(&s->z, level, Z_DEFLATED, -windowBits, memLevel, Z_DEFAULT_STRATEGY) != Z_OK) {
    outOfMemory("deflateInit2");
  }
  s->deflating = true;
  return s;
}

std::unique_ptr<Stream> makeInflater() {
  auto s = std::make_unique<Stream>();
  if (inflateInit2(&s->z, -15) != Z_OK) {
    outOfMemory("inflateInit2");
  }
  return s;
}

// The streams a thread's connections borrow for directions without context takeover, one
// message at a time: lent when a message starts, given back reset when it ends. A connection
// whose message is still arriving keeps its stream and the next borrower takes another (made
// on first need), so a stalled peer costs one stream, not an allocation per message of every
// other connection on the thread. Past kIdleStreams idle streams of a kind, a returned one is
// freed: a burst of concurrent messages does not stay resident.
struct ThreadStreams {
  std::vector<std::unique_ptr<Stream>> deflaters;  // lent and idle
  std::vector<std::unique_ptr<Stream>> inflaters;
};

constexpr size_t kIdleStreams = 4;

ThreadStreams& threadStreams() {
  thread_local ThreadStreams streams;
  return streams;
}

bool sameKind(const Stream& s, int windowBits, int level, int memLevel) {
  return s.windowBits == windowBits && s.level == level && s.memLevel == memLevel;
}

Stream* borrowStream(std::vector<std::unique_ptr<Stream>>& pool, bool deflating, int windowBits,
                     int level, int memLevel, const PerMessageDeflate* borrower) {
  for (auto& s : pool) {
    if (s->lentTo == nullptr && sameKind(*s, windowBits, level, memLevel)) {
      s->lentTo = borrower;
      return s.get();
    }
  }
  pool.push_back(deflating ? makeDeflater(windowBits, level, memLevel) : makeInflater());
  pool.back()->lentTo = borrower;
  return pool.back().get();
}

void returnStream(std::vector<std::unique_ptr<Stream>>& pool, Stream* stream) {
  if (stream->deflating) {
    deflateReset(&stream->z);
  } else {
    inflateReset(&stream->z);
  }
  stream->lentTo = nullptr;
  size_t idle = 0;
  for (auto& s : pool) {
    if (s->lentTo == nullptr && sameKind(*s, stream->windowBits, stream->level, stream->memLevel)) {
      ++idle;
    }
  }
  if (idle > kIdleStreams) {
    for (auto it = pool.begin(); it != pool.end(); ++it) {
      if (it->get() == stream) {
        pool.erase(it);
        break;
      }
    }
  }
}

}  // namespace

PerMessageDeflate::PerMessageDeflate(Role role, const DeflateParams& params,
                                     const DeflateOptions& options)
    : params_(params),
      options_(options),
      ownNoContextTakeover_(role == Role::kServer ? params.serverNoContextTakeover
                                                  : params.clientNoContextTakeover),
      peerNoContextTakeover_(role == Role::kServer ? params.clientNoContextTakeover
                                                   : params.serverNoContextTakeover) {
  const int bits = role == Role::kServer ? params.serverMaxWindowBits : params.clientMaxWindowBits;
  deflateWindowBits_ = std::clamp(bits, 9, 15);
}

PerMessageDeflate::~PerMessageDeflate() {
  // A stream lent for a message still in progress goes back, reset, for the next borrower.
  if (borrowedDeflater_ != nullptr) {
    returnStream(threadStreams().deflaters, borrowedDeflater_);
  }
  if (borrowedInflater_ != nullptr) {
    returnStream(threadStreams().inflaters, borrowedInflater_);
  }
  delete ownDeflater_;
  delete ownInflater_;
}

PerMessageDeflate::Stream* PerMessageDeflate::deflater() {
  if (borrowedDeflater_ != nullptr) {
    return borrowedDeflater_;
  }
  if (ownNoContextTakeover_) {
    borrowedDeflater_ = borrowStream(threadStreams().deflaters, true, deflateWindowBits_,
                                     options_.level, options_.memLevel, this);
    return borrowedDeflater_;
  }
  if (ownDeflater_ == nullptr) {
    ownDeflater_ = makeDeflater(deflateWindowBits_, options_.level, options_.memLevel).release();
  }
  return ownDeflater_;
}

PerMessageDeflate::Stream* PerMessageDeflate::inflater() {
  if (borrowedInflater_ != nullptr) {
    return borrowedInflater_;
  }
  if (peerNoContextTakeover_) {
    const Stream defaults;
    borrowedInflater_ = borrowStream(threadStreams().inflaters, false, defaults.windowBits,
                                     defaults.level, defaults.memLevel, this);
    return borrowedInflater_;
  }
  if (ownInflater_ == nullptr) {
    ownInflater_ = makeInflater().release();
  }
  return ownInflater_;
}

void PerMessageDeflate::endDeflateMessage() {
  if (borrowedDeflater_ != nullptr) {
    returnStream(threadStreams().deflaters, borrowedDeflater_);
    borrowedDeflater_ = nullptr;
  }
}

void PerMessageDeflate::endInflateMessage() {
  if (borrowedInflater_ != nullptr) {
    returnStream(threadStreams().inflaters, borrowedInflater_);
    borrowedInflater_ = nullptr;
  } else if (ownInflater_ != nullptr && inflateEnded_) {
    // The peer ended its deflate stream (a final block): ws then starts a new inflate stream,
    // so the context is gone.
    inflateReset(&ownInflater_->z);
  }
  inflateEnded_ = false;
}

void PerMessageDeflate::compress(std::string_view data, bool fin, std::string& out) {
  z_stream& z = deflater()->z;
  const size_t start = out.size();
  size_t offset = 0;
  do {
    const size_t slice = std::min(data.size() - offset, kMaxSlice);
    const bool lastSlice = offset + slice == data.size();
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data() + offset));
    z.avail_in = static_cast<uInt>(slice);
    offset += slice;
    const int flush = lastSlice ? Z_SYNC_FLUSH : Z_NO_FLUSH;
    // deflateBound plus room for the flush's empty stored block: usually one step.
    size_t room = deflateBound(&z, static_cast<uLong>(slice)) + 16;
    while (true) {
      const size_t at = out.size();
      out.resize(at + room);
      z.next_out = reinterpret_cast<Bytef*>(out.data() + at);
      z.avail_out = static_cast<uInt>(room);
      const int r = deflate(&z, flush);
      out.resize(at + room - z.avail_out);
      if (r == Z_STREAM_ERROR) {
        outOfMemory("deflate");
      }
      if (z.avail_out != 0 && z.avail_in == 0) {
        break;
      }
      room = std::max<size_t>(room, 1024);
    }
  } while (offset < data.size());
  if (fin) {
    if (out.size() - start >= 4 && std::memcmp(out.data() + out.size() - 4, kTail, 4) == 0) {
      out.resize(out.size() - 4);
    }
    if (out.size() == start) {
      // Nothing new since the last flush (an empty message on a kept context: zlib writes no
      // empty block then). RFC 7692 §7.2.3.6: an empty message is the single byte 0x00, which
      // with the 00 00 ff ff the receiver appends is a whole empty stored block; a 0-byte
      // payload would leave the peer's inflater inside a block (found by the Python and Node
      // interop tests).
      out.push_back('\0');
    }
    endDeflateMessage();
  }
}

PerMessageDeflate::Result PerMessageDeflate::decompress(std::string_view data, bool fin,
                                                        std::string& out, size_t limit) {
  Stream* stream = inflater();
  z_stream& z = stream->z;
  auto inflateAll = [&](std::string_view input) -> Result {
    // zlib's reset leaves next_in/avail_in alone: a stream must never start from a previous
    // call's (freed) input.
    z.avail_in = 0;
    size_t offset = 0;
    while (!inflateEnded_) {
      if (z.avail_in == 0) {
        if (offset == input.size()) {
          return Result::kOk;
        }
        const size_t slice = std::min(input.size() - offset, kMaxSlice);
        z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(input.data() + offset));
        z.avail_in = static_cast<uInt>(slice);
        offset += slice;
      }
      if (out.size() > limit) {
        return Result::kTooBig;
      }
      // At most one byte past the limit: enough to know it was passed.
      size_t room = kInflateStep;
      if (limit - out.size() < room) {
        room = limit - out.size() + 1;
      }
      const size_t at = out.size();
      out.resize(at + room);
      z.next_out = reinterpret_cast<Bytef*>(out.data() + at);
      z.avail_out = static_cast<uInt>(room);
      const int r = inflate(&z, Z_SYNC_FLUSH);
      out.resize(at + room - z.avail_out);
      if (r == Z_STREAM_END) {
        // What follows a final block is not read (as Node's inflate stream ignores it).
        inflateEnded_ = true;
        z.avail_in = 0;
      } else if (r != Z_OK && r != Z_BUF_ERROR) {
        errorMessage_ = z.msg != nullptr ? z.msg : "Zlib error";
        errorCode_ = zlib::core::zlibCodeName(r);
        return Result::kError;
      } else if (r == Z_BUF_ERROR && z.avail_out != 0) {
        // No progress with room to spare: all input is consumed.
        z.avail_in = 0;
      }
      if (out.size() > limit) {
        return Result::kTooBig;
      }
    }
    z.avail_in = 0;
    return Result::kOk;
  };
  Result result = data.empty() ? Result::kOk : inflateAll(data);
  if (result == Result::kOk && fin) {
    result = inflateAll(std::string_view(reinterpret_cast<const char*>(kTail), 4));
  }
  z.avail_in = 0;
  z.next_in = nullptr;
  if (result != Result::kOk) {
    // The message is abandoned: the next one (if any) starts clean.
    inflateEnded_ = true;
    endInflateMessage();
    return result;
  }
  if (fin) {
    endInflateMessage();
  }
  return result;
}

}  // namespace nodecc::ws::core
