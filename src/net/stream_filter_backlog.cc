// The filter's backlog: a file body sent through a filter (TLS) cannot go by sendfile, since
// the filter must seal what the socket sends. It is read and sealed one piece at a time, and
// the next piece only once the socket has taken what was sealed before (the queue is below a
// piece): a 1 GiB download holds about two pieces, not the body, and the reads are spread over
// the socket's writability as sendfile's would be. Records must leave in the order they were
// sealed, so whatever the handler writes after a file waits here, in plain text, behind it,
// and so does the filter's close_notify.
#include <algorithm>
#include <cerrno>
#include <string>

#include "net/stream.h"
#include "os/fs_ops.h"

namespace nodecc::net::core {

namespace {
// A file body through a filter is read in pieces of this size, and the next one is read once
// less than this is queued for the socket.
constexpr size_t kPiece = 64 * 1024;
}  // namespace

void Stream::backlogAppend(const iovec* iov, int count) {
  Chunk c;
  for (int i = 0; i < count; ++i) {
    c.bytes.append(static_cast<const char*>(iov[i].iov_base), iov[i].iov_len);
  }
  if (c.bytes.empty()) {
    return;
  }
  backlogBytes_ += c.bytes.size();
  backlog_.push_back(std::move(c));
}

void Stream::pumpBacklog() {
  // One read buffer per thread: the filter seals (copies) a piece before send() returns, so a
  // download does not allocate 64 KiB each time its socket drains.
  thread_local std::string piece;
  // While the filter holds what it is given (a handshake still running) the queue stays
  // empty and this reads on, as the whole body was read before there was a backlog.
  while (backlogHead_ < backlog_.size() && queuedBytes_ < kPiece && !failed_ && !closing_) {
    Chunk& head = backlog_[backlogHead_];
    if (head.file == nullptr) {
      iovec iov{head.bytes.data(), head.bytes.size()};
      backlogBytes_ -= head.bytes.size();
      ++backlogHead_;
      filter_->send(&iov, 1);
      continue;
    }
    piece.resize(std::min(head.fileLeft, kPiece));
    auto n = os::core::readAt(head.file->fd(), piece.data(), piece.size(), head.fileOffset);
    if (!n || *n == 0) {
      fail(n ? -EIO : n.error(), true, true);  // a body is never cut short silently
      return;
    }
    head.fileOffset += int64_t(*n);
    head.fileLeft -= *n;
    backlogBytes_ -= *n;
    if (head.fileLeft == 0) {
      head.file->release();
      head.file = nullptr;
      ++backlogHead_;
    }
    iovec iov{piece.data(), *n};
    filter_->send(&iov, 1);
  }
  if (backlogHead_ == backlog_.size()) {
    backlog_.clear();
    backlogHead_ = 0;
    if (filterShutdownWaits_ && !failed_ && !closing_) {
      filterShutdownWaits_ = false;
      filter_->onShutdown();
    }
  }
}

void Stream::clearBacklog() {
  dropChunks(backlog_, backlogHead_);
  backlogBytes_ = 0;
  filterShutdownWaits_ = false;
}

}  // namespace nodecc::net::core
