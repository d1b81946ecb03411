#pragma once
// asStream(ServerResponse&) and asStream(ClientRequest&): the stream::Writable that writes to an
// outgoing message, for pipe and stream::pipeline. Node's OutgoingMessage is a legacy stream
// that pipe() and pipeline() write to directly (write(), 'drain', end(), 'finish'); here a
// small Writable makes those calls, so the stream classes need no second kind of destination.
// Instantiated once per target (server/response_stream.cc, client/request_stream.cc).
#include <optional>

#include "api/stream/member_listener.h"
#include "nodecc/http.h"

namespace nodecc::http::detail {

template <class Target>
class OutgoingWritable final : public stream::Writable, public MessageStream {
 public:
  // The target's stream: the one it has, or a new one the runtime owns.
  static stream::Writable& of(Target& target);
  explicit OutgoingWritable(Target& target);
  ~OutgoingWritable() override { unlisten(); }
  OutgoingWritable(const OutgoingWritable&) = delete;
  OutgoingWritable& operator=(const OutgoingWritable&) = delete;

  void detach() override {
    unlisten();
    if (!destroyed()) {
      destroy();
    }
  }

  void onDrain() {
    if (pendingWrite_) {
      stream::Callback cb = *pendingWrite_;
      pendingWrite_.reset();
      cb();
    }
  }
  void onFinish() {
    targetFinished_ = true;
    if (pendingFinal_) {
      stream::Callback cb = *pendingFinal_;
      pendingFinal_.reset();
      cb();
    }
  }
  // A response closed before it finished (the client went away): as finished() on Node's
  // response reports it.
  void onClose() {
    if (!targetFinished_ && !destroyed()) {
      destroy(stream::detail::errPrematureClose());
    }
  }
  void onError(const Error& error) { destroy(error); }

 protected:
  void _write(const Buffer& chunk, std::string_view /*encoding*/, stream::Callback cb) override {
    if (target_ == nullptr) {
      cb(stream::detail::errPrematureClose());
    } else if (target_->write(chunk)) {
      cb();
    } else {
      pendingWrite_ = cb;  // until the target's 'drain'
    }
  }
  void _final(stream::Callback cb) override {
    if (target_ == nullptr) {
      cb(stream::detail::errPrematureClose());
      return;
    }
    if (targetFinished_) {
      cb();
      return;
    }
    pendingFinal_ = cb;
    if (!target_->writableEnded) {
      target_->end();
    }
  }
  // A pipeline that failed destroys its destination: the response (its connection) with it.
  void _destroy(const Error* error, stream::Callback cb) override {
    if (target_ != nullptr && !targetFinished_ && !target_->destroyed) {
      Target& t = *target_;
      unlisten();
      if (error != nullptr) {
        t.destroy(*error);
      } else {
        t.destroy();
      }
    }
    pendingWrite_.reset();
    pendingFinal_.reset();
    cb(error);
  }

 private:
  using OnDrain = stream::detail::MemberListener<&OutgoingWritable::onDrain>;
  using OnFinish = stream::detail::MemberListener<&OutgoingWritable::onFinish>;
  using OnClose = stream::detail::MemberListener<&OutgoingWritable::onClose>;
  using OnError = stream::detail::MemberListener<&OutgoingWritable::onError>;

  void unlisten() {
    if (target_ == nullptr) {
      return;
    }
    Target& t = *target_;
    target_ = nullptr;
    t.stream_ = nullptr;
    t.off("drain", OnDrain{this});
    t.off("finish", OnFinish{this});
    t.off("close", OnClose{this});
    t.off("error", OnError{this});
  }

  Target* target_;
  std::optional<stream::Callback> pendingWrite_;
  std::optional<stream::Callback> pendingFinal_;
  bool targetFinished_ = false;
};

template <class Target>
OutgoingWritable<Target>::OutgoingWritable(Target& target) : target_(&target) {
  target.stream_ = this;
  targetFinished_ = target.writableFinished;
  target.on("drain", OnDrain{this});
  target.on("finish", OnFinish{this});
  target.on("close", OnClose{this});
  target.on("error", OnError{this});
}

template <class Target>
stream::Writable& OutgoingWritable<Target>::of(Target& target) {
  if (target.stream_ != nullptr) {
    return static_cast<OutgoingWritable&>(*target.stream_);
  }
  auto* w = new OutgoingWritable(target);
  w->ownSelf();
  return *w;
}

}  // namespace nodecc::http::detail
