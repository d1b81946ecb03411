// ws::WebSocket: the facade's checks (ws's errors, thrown or passed to the callback as ws
// does) in front of WebSocketImpl.
#include "api/ws/websocket_impl.h"
#include "nodecc/process.h"
#include "ws/close_code.h"
#include "ws/frame.h"

namespace nodecc::ws {

namespace {

const char* stateName(int state) {
  static const char* const kNames[] = {"CONNECTING", "OPEN", "CLOSING", "CLOSED"};
  return kNames[state];
}

// ws's sendAfterClose: nothing is sent, but the data counts in bufferedAmount (as the WHATWG
// WebSocket's send() after close); the callback learns why, from a tick.
void refuse(detail::WebSocketImpl* impl, int state, std::string_view data,
            UniqueFunction<void(Error*)>& cb) {
  impl->addRefusedBytes(data.size());
  if (!cb) {
    return;
  }
  std::string message =
      "WebSocket is not open: readyState " + std::to_string(state) + " (" + stateName(state) + ")";
  process::nextTick([cb = std::move(cb), message = std::move(message)]() mutable {
    Error err(message);
    cb(&err);
  });
}

// ws: sending before "open" is a programming error, thrown.
void throwIfConnecting(int state) {
  if (state == WebSocket::CONNECTING) {
    throw Error("WebSocket is not open: readyState 0 (CONNECTING)");
  }
}

void checkControlPayload(std::string_view data) {
  if (data.size() > core::kMaxControlPayload) {
    Error err("The data size must not be greater than 125 bytes");
    err.name = "RangeError";
    throw err;
  }
}

// ping and pong: as ws, the size is checked only when the frame would be sent.
void sendControl(detail::WebSocketImpl* impl, core::Opcode opcode, std::string_view data,
                 UniqueFunction<void(Error*)> cb) {
  const int state = impl->readyState();
  throwIfConnecting(state);
  if (state != WebSocket::OPEN) {
    refuse(impl, state, data, cb);
    return;
  }
  checkControlPayload(data);
  if (opcode == core::Opcode::kPing) {
    impl->ping(data, std::move(cb));
  } else {
    impl->pong(data, std::move(cb));
  }
}

}  // namespace

WebSocket::~WebSocket() = default;

void WebSocket::send(std::string_view data, UniqueFunction<void(Error*)> cb) {
  send(data, SendOptions{}, std::move(cb));
}

void WebSocket::send(std::string_view data, SendOptions options, UniqueFunction<void(Error*)> cb) {
  const int state = impl_->readyState();
  throwIfConnecting(state);
  if (state != OPEN) {
    refuse(impl_, state, data, cb);
    return;
  }
  const bool binary = options.binary.value_or(false);
  impl_->send(binary ? core::Opcode::kBinary : core::Opcode::kText, data, options.fin,
              options.compress, std::move(cb));
}

void WebSocket::send(const Buffer& data, UniqueFunction<void(Error*)> cb) {
  send(data, SendOptions{}, std::move(cb));
}

void WebSocket::send(const Buffer& data, SendOptions options, UniqueFunction<void(Error*)> cb) {
  if (!options.binary) {
    options.binary = true;  // ws: anything but a string is binary
  }
  send(data.view(), options, std::move(cb));
}

void WebSocket::ping(std::string_view data, UniqueFunction<void(Error*)> cb) {
  sendControl(impl_, core::Opcode::kPing, data, std::move(cb));
}

void WebSocket::pong(std::string_view data, UniqueFunction<void(Error*)> cb) {
  sendControl(impl_, core::Opcode::kPong, data, std::move(cb));
}

void WebSocket::close() {
  impl_->close(0, {});
}

void WebSocket::close(int code, std::string_view reason) {
  if (impl_->readyState() != OPEN) {
    impl_->close(0, {});  // as ws: closing or closed already, the arguments are not checked
    return;
  }
  if (code < 0 || code > 0xFFFF || !core::isValidSentCloseCode(uint16_t(code))) {
    Error err("First argument must be a valid error code number");
    err.name = "TypeError";
    throw err;
  }
  if (reason.size() > core::kMaxCloseReason) {
    Error err("The message must not be greater than 123 bytes");
    err.name = "RangeError";
    throw err;
  }
  impl_->close(uint16_t(code), reason);
}

void WebSocket::terminate() {
  impl_->terminate();
}

void WebSocket::pause() {
  impl_->pause();
}

void WebSocket::resume() {
  impl_->resume();
}

int WebSocket::readyState() const {
  return impl_->readyState();
}

size_t WebSocket::bufferedAmount() const {
  return impl_->bufferedAmount();
}

std::string WebSocket::protocol() const {
  return impl_->protocol();
}

std::string WebSocket::extensions() const {
  return std::string(impl_->extensionNames());
}

bool WebSocket::isPaused() const {
  return impl_->paused();
}

std::string WebSocket::url() const {
  return impl_->url();
}

}  // namespace nodecc::ws
