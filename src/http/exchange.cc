#include "http/exchange.h"

#include "http/server_connection.h"

namespace nodecc::http::core {

namespace {
// Held output kept by a recycled exchange: one typical response (Node's highWaterMark).
constexpr size_t kKeptHeldCapacity = 16 * 1024;
}  // namespace

Exchange::~Exchange() {
  dropHeldFiles();
}

void Exchange::dropHeldFiles() {
  for (const HeldFile& f : heldFiles_) {
    f.file->release();
  }
  heldFiles_.clear();
}

void Exchange::write(std::string_view bytes) {
  if (aborted_ || conn_ == nullptr) {
    return;
  }
  conn_->exchangeOutput(this, bytes);
}

void Exchange::write(std::string&& bytes) {
  if (aborted_ || conn_ == nullptr) {
    return;
  }
  conn_->exchangeOutput(this, std::move(bytes));
}

void Exchange::finish(bool keepAlive) {
  if (finished_ || conn_ == nullptr) {
    return;
  }
  finished_ = true;
  keepAlive_ = keepAlive;
  if (aborted_) {
    conn_->releaseIfDone(this);
    return;
  }
  conn_->exchangeFinished(this);
}

size_t Exchange::pendingBytes() const {
  if (conn_ == nullptr || aborted_) {
    return 0;
  }
  size_t n = held_.size();
  if (conn_->head_ == this) {
    n += conn_->out_.size() + conn_->stream_.queuedBytes();
  }
  return n;
}

void Exchange::reset() {
  headerCount = 0;
  trailerCount = 0;
  body = BodyKind::kNone;
  contentLength = 0;
  keepAliveRequested = true;
  upgrade = false;
  expect.clear();
  bodyComplete = false;
  conn_ = nullptr;
  next_ = nullptr;
  // A pooled exchange keeps a small held-output buffer for its next request, not a large one:
  // otherwise each rare large pipelined response leaves one more pooled exchange holding its
  // biggest buffer ever, and the live heap creeps up for minutes (found by tests/soak).
  if (held_.capacity() > kKeptHeldCapacity) {
    std::string().swap(held_);
  } else {
    held_.clear();
  }
  dropHeldFiles();
  finished_ = false;
  keepAlive_ = true;
  aborted_ = false;
  released_ = false;
  wrote_ = false;
}

void Exchange::sendFile(net::core::SharedFile* file, int64_t offset, size_t len) {
  if (aborted_ || conn_ == nullptr || len == 0) {
    return;
  }
  conn_->exchangeSendFile(this, file, offset, len);
}

}  // namespace nodecc::http::core
