// asStream(IncomingMessage&): the stream::Readable a message's body is read through, so that
// req.pipe(dest), req.iterate(), stream::pipeline(req, ...) and stream::finished(req) work as
// on Node's IncomingMessage (a Readable). The message keeps its own delivery (the server's
// request path is unchanged and pays nothing until this is made); this stream listens to it,
// as lib/internal/streams/legacy.js's Readable.wrap listens to an old-style stream.
#include "api/http/incoming_ops.h"
#include "api/stream/member_listener.h"
#include "nodecc/http.h"

namespace nodecc::http {

namespace detail {

class BodyReadable final : public stream::Readable, public MessageStream {
 public:
  explicit BodyReadable(IncomingMessage& message);
  ~BodyReadable() override { unlisten(); }
  BodyReadable(const BodyReadable&) = delete;
  BodyReadable& operator=(const BodyReadable&) = delete;

  void detach() override {
    unlisten();
    if (!destroyed()) {
      destroy();
    }
  }

  void onData(const Buffer& chunk) {
    if (!push(chunk) && message_ != nullptr && !message_->isPaused()) {
      message_->pause();  // the connection stops reading: TCP pushes back on the client
    }
  }
  void onEnd() {
    sourceDone_ = true;
    push(nullptr);
  }
  void onError(const Error& error) {
    sourceDone_ = true;
    destroy(error);
  }
  // Node destroys an aborted request with ECONNRESET 'aborted', which a pipeline reports.
  void onAborted() { onError(Error("ECONNRESET", "aborted")); }

 protected:
  void _read(size_t /*size*/) override {
    if (message_ != nullptr && message_->isPaused()) {
      message_->resume();
    }
  }
  // As Node's pipeline or an iterator's early return destroy an IncomingMessage (its
  // destroyer): a server's request is destroyed but keeps its connection for the response.
  void _destroy(const Error* error, stream::Callback cb) override {
    if (message_ != nullptr && !sourceDone_ && !message_->destroyed) {
      sourceDone_ = true;
      message_->ex_.ops->abandon(message_->ex_.ctx, error);
    }
    cb(error);
  }

 private:
  void unlisten();
  IncomingMessage* message_;
  bool sourceDone_ = false;  // the message ended, aborted or failed: nothing to destroy there
};

namespace {
using OnData = stream::detail::MemberListener<&BodyReadable::onData>;
using OnEnd = stream::detail::MemberListener<&BodyReadable::onEnd>;
using OnAborted = stream::detail::MemberListener<&BodyReadable::onAborted>;
using OnError = stream::detail::MemberListener<&BodyReadable::onError>;
}  // namespace

BodyReadable::BodyReadable(IncomingMessage& message) : message_(&message) {
  message.stream_ = this;
  // An encoding set on the message decodes here instead: what it has not emitted yet (held
  // while nobody read) arrives as bytes and is decoded once.
  std::string encoding(message.readableEncoding());
  if (!encoding.empty()) {
    message.resetDecoder();
    setEncoding(encoding);
  }
  if (message.aborted) {
    sourceDone_ = true;
    destroy(Error("ECONNRESET", "aborted"));
    return;
  }
  if (message.ex_.ops->ended(message.ex_.ctx)) {
    sourceDone_ = true;
    push(nullptr);
    return;
  }
  message.on("data", OnData{this});
  message.once("end", OnEnd{this});
  message.once("aborted", OnAborted{this});
  message.on("error", OnError{this});
}

void BodyReadable::unlisten() {
  if (message_ == nullptr) {
    return;
  }
  IncomingMessage& m = *message_;
  message_ = nullptr;
  m.stream_ = nullptr;
  m.off("data", OnData{this});
  m.off("end", OnEnd{this});
  m.off("aborted", OnAborted{this});
  m.off("error", OnError{this});
}

}  // namespace detail

stream::Readable& asStream(IncomingMessage& message) {
  if (message.stream_ != nullptr) {
    return static_cast<detail::BodyReadable&>(*message.stream_);
  }
  auto* body = new detail::BodyReadable(message);
  body->ownSelf();
  return *body;
}

}  // namespace nodecc::http
