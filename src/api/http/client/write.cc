// ClientRequestImpl's writing side: the head and body bytes (kept for one retry while
// small), write() with 'drain' past the high-water mark, end() and 'finish', as Node's
// OutgoingMessage does for a ClientRequest.
#include "api/http/client/client_request.h"
#include "api/http/client/socket.h"
#include "api/runtime.h"
#include "nodecc/process.h"

namespace nodecc::http::detail {

void ClientRequestImpl::sendRaw(std::string_view bytes) {
  if (bytes.empty()) {
    return;
  }
  if (socket && socketAnnounced && !socket->closing()) {
    if (keepSent) {
      if (sent.size() + bytes.size() <= kMaxRetainedBytes) {
        sent.append(bytes);
      } else {
        keepSent = false;
        sent.clear();
      }
    }
    socket->connection().write(bytes);
    return;
  }
  pendingOut.append(bytes);
}

void ClientRequestImpl::flushPendingOut() {
  if (pendingOut.empty()) {
    return;
  }
  std::string_view bytes(pendingOut);
  // sendRaw would append to pendingOut itself if the socket cannot take it: it can here.
  if (keepSent) {
    if (sent.size() + bytes.size() <= kMaxRetainedBytes) {
      sent.append(bytes);
    } else {
      keepSent = false;
      sent.clear();
    }
  }
  socket->connection().write(bytes);
  pendingOut.clear();
}

size_t ClientRequestImpl::writableLength() const {
  size_t n = pendingOut.size();
  if (socket && socketAnnounced) {
    n += socket->connection().queuedBytes();
  }
  return n;
}

bool ClientRequestImpl::write(std::string_view data, UniqueFunction<void(Error*)> cb) {
  if (req.writableEnded || req.destroyed) {
    bool ended = req.writableEnded;
    Error e = ended
                  ? Error("ERR_STREAM_WRITE_AFTER_END", "write after end")
                  : Error("ERR_STREAM_DESTROYED", "Cannot call write after a stream was destroyed");
    uint64_t gen = generation;
    process::nextTick([this, gen, e, ended, cb = std::move(cb)]() mutable {
      if (cb) {
        cb(&e);
      }
      if (ended && gen == generation && !hadError) {
        hadError = true;
        req.emit("error", static_cast<const Error&>(e));
      }
    });
    return false;
  }
  if (!headStored) {
    storeHead(false, 0);
  }
  sendBody(data);
  if (cb) {
    writeCallbacks.push_back(std::move(cb));
  }
  bool below = writableLength() < kClientHighWaterMark;
  if (!below) {
    needDrain = true;
  }
  checkFinished();
  return below;
}

void ClientRequestImpl::end(std::string_view data, bool hasData, UniqueFunction<void()> cb) {
  if (req.writableEnded) {
    if (cb) {
      process::nextTick([cb = std::move(cb)]() mutable { cb(); });
    }
    return;
  }
  if (cb) {
    finishCallbacks.push_back(std::move(cb));
  }
  if (!headStored) {
    storeHead(true, hasData ? data.size() : 0);
  }
  req.writableEnded = true;
  finishPending = true;
  sendBody(data, /*last=*/true);
  checkFinished();
}

void ClientRequestImpl::checkFinished() {
  // Every byte handed to the kernel: the write callbacks run, and 'finish' once end() was
  // called (Node's onFinish after the last write's callback).
  if (!socket || !socketAnnounced || !pendingOut.empty()) {
    return;
  }
  auto& conn = socket->connection();
  if (needDrain && !drainScheduled && conn.queuedBytes() < kClientHighWaterMark &&
      !conn.connecting()) {
    // The output waiting for a socket went out without the socket queueing (no drain event
    // from it): Node's _flush emits 'drain' then.
    drainScheduled = true;
    uint64_t gen = generation;
    process::nextTick([this, gen] {
      if (gen != generation) {
        return;
      }
      drainScheduled = false;
      if (needDrain && writableLength() < kClientHighWaterMark) {
        needDrain = false;
        req.emit("drain");
      }
    });
  }
  if (conn.connecting() || conn.queuedBytes() > 0) {
    return;
  }
  if (!writeCallbacks.empty()) {
    for (auto& cb : writeCallbacks) {
      process::nextTick([cb = std::move(cb)]() mutable { cb(nullptr); });
    }
    writeCallbacks.clear();
  }
  if (finishPending && !finishScheduled) {
    finishScheduled = true;
    uint64_t gen = generation;
    process::nextTick([this, gen] {
      if (gen == generation) {
        emitFinish();
      }
    });
  }
}

void ClientRequestImpl::emitFinish() {
  finishPending = false;
  req.writableFinished = true;
  uint64_t gen = generation;
  auto callbacks = std::move(finishCallbacks);
  finishCallbacks.clear();
  req.emit("finish");
  for (auto& cb : callbacks) {
    if (gen != generation) {
      return;
    }
    cb();
  }
  // Node's requestOnFinish: a response that ended first waited for this.
  if (gen == generation && resEnded && shouldKeepAlive && socket) {
    responseKeepAlive();
  }
}

void ClientRequestImpl::runWriteCallbacks(const Error* err) {
  if (writeCallbacks.empty() && finishCallbacks.empty()) {
    return;
  }
  auto callbacks = std::move(writeCallbacks);
  writeCallbacks.clear();
  finishCallbacks.clear();  // 'finish' never comes
  Error copy =
      err ? *err : Error("ERR_STREAM_DESTROYED", "Cannot call write after a stream was destroyed");
  for (auto& cb : callbacks) {
    process::nextTick([cb = std::move(cb), copy]() mutable { cb(&copy); });
  }
}

}  // namespace nodecc::http::detail
