#include "api/fetch/body.h"

namespace nodecc::detail {

namespace {
Error terminated() {
  return TypeError("", "terminated");
}
}  // namespace

Error bodyUnusable() {
  return TypeError("", "Body is unusable: Body has already been read");
}

Promise<Buffer> FetchBody::readAll() {
  if (used || locked) {
    throw bodyUnusable();
  }
  locked = true;
  std::shared_ptr<FetchBody> self = shared_from_this();  // the frame keeps the body
  std::vector<Buffer> parts;
  for (;;) {
    ReadResult r = co_await self->read();
    if (r.done) {
      break;
    }
    parts.push_back(std::move(r.value));
  }
  co_return Buffer::concat(parts);
}

Promise<ReadResult> BytesBody::read() {
  used = true;
  if (!bytes) {
    return Promise<ReadResult>::resolve(ReadResult{true, Buffer()});
  }
  Buffer b = std::move(*bytes);
  bytes.reset();
  return Promise<ReadResult>::resolve(ReadResult{false, std::move(b)});
}

ResponseBody::~ResponseBody() {
  // Nobody can read the rest: free the connection rather than leave it waiting for a reader.
  if (!done && !failed && req != nullptr) {
    req->destroy();
  }
}

void ResponseBody::attach(http::ClientRequest& request, http::IncomingMessage& response) {
  req = &request;
  res = &response;
  std::weak_ptr<ResponseBody> weak = std::static_pointer_cast<ResponseBody>(shared_from_this());
  request.on("close", [weak] {
    if (auto b = weak.lock()) {
      b->req = nullptr;
    }
  });
  response.on("data", [weak](const Buffer& chunk) {
    if (auto b = weak.lock()) {
      b->onData(chunk);
    }
  });
  response.on("end", [weak] {
    if (auto b = weak.lock()) {
      b->onEnd();
    }
  });
  response.on("aborted", [weak] {
    if (auto b = weak.lock()) {
      b->onFailure();
    }
  });
  response.on("close", [weak] {
    if (auto b = weak.lock()) {
      b->res = nullptr;
      if (!b->done) {
        b->onFailure();
      }
    }
  });
  response.pause();  // nothing flows until someone reads
}

void ResponseBody::onData(const Buffer& chunk) {
  if (collecting) {
    chunks.push_back(chunk);
    return;
  }
  if (waiting) {
    Resolve<ReadResult> r = std::move(*waiting);
    waiting.reset();
    if (res) {
      res->pause();
    }
    r(ReadResult{false, chunk});
    return;
  }
  chunks.push_back(chunk);
  if (res) {
    res->pause();
  }
}

void ResponseBody::onEnd() {
  done = true;
  if (collecting) {
    settleWhole();
    return;
  }
  if (waiting && chunks.empty()) {
    Resolve<ReadResult> r = std::move(*waiting);
    waiting.reset();
    r(ReadResult{true, Buffer()});
  }
}

void ResponseBody::onFailure() {
  if (done || failed) {
    return;
  }
  failed = true;
  if (waiting) {
    Resolve<ReadResult> r = std::move(*waiting);
    waiting.reset();
    r.reject(std::make_exception_ptr(terminated()));
  }
  if (whole) {
    Resolve<Buffer> r = std::move(*whole);
    whole.reset();
    r.reject(std::make_exception_ptr(terminated()));
  }
}

void ResponseBody::settleWhole() {
  if (!whole) {
    return;
  }
  Resolve<Buffer> r = std::move(*whole);
  whole.reset();
  r(Buffer::concat(std::vector<Buffer>(chunks.begin(), chunks.end())));
  chunks.clear();
}

Promise<ReadResult> ResponseBody::read() {
  used = true;
  if (!chunks.empty()) {
    Buffer b = std::move(chunks.front());
    chunks.pop_front();
    return Promise<ReadResult>::resolve(ReadResult{false, std::move(b)});
  }
  if (done) {
    return Promise<ReadResult>::resolve(ReadResult{true, Buffer()});
  }
  if (failed) {
    return Promise<ReadResult>::reject(terminated());
  }
  if (waiting) {
    return Promise<ReadResult>::reject(TypeError("ERR_INVALID_STATE", "a read is already pending"));
  }
  auto p = Promise<ReadResult>::withResolvers();
  waiting.emplace(p.resolve);
  if (res) {
    res->resume();
  }
  return p.promise;
}

Promise<Buffer> ResponseBody::readAll() {
  if (used || locked) {
    return Promise<Buffer>::reject(bodyUnusable());
  }
  used = true;
  locked = true;
  if (failed) {
    return Promise<Buffer>::reject(terminated());
  }
  auto p = Promise<Buffer>::withResolvers();
  whole.emplace(p.resolve);
  collecting = true;
  if (done) {
    settleWhole();
  } else if (res) {
    res->resume();
  }
  return p.promise;
}

void ResponseBody::cancel() {
  chunks.clear();
  if (!done && !failed) {
    done = true;  // a cancelled stream reads as ended
    if (waiting) {
      Resolve<ReadResult> r = std::move(*waiting);
      waiting.reset();
      r(ReadResult{true, Buffer()});
    }
    if (req) {
      req->destroy();
    }
  }
}

}  // namespace nodecc::detail

namespace nodecc {

Promise<ReadResult> ReadableStreamDefaultReader::read() {
  if (!b_) {
    return Promise<ReadResult>::reject(TypeError("ERR_INVALID_STATE", "The reader is released"));
  }
  return b_->read();
}

void ReadableStreamDefaultReader::releaseLock() {
  if (b_) {
    b_->locked = false;
    b_.reset();
  }
}

void ReadableStreamDefaultReader::cancel() {
  if (b_) {
    b_->cancel();
  }
}

ReadableStreamDefaultReader ReadableStream::getReader() {
  if (!b_ || b_->locked) {
    throw TypeError("ERR_INVALID_STATE", "Invalid state: ReadableStream is locked");
  }
  b_->locked = true;
  return ReadableStreamDefaultReader(b_);
}

bool ReadableStream::locked() const {
  return b_ && b_->locked;
}

Response::Response(BodyInit init) : status(200), ok(true) {
  if (const ReadableStream* stream = init.stream()) {
    body = *stream;
    return;
  }
  if (init.text()) {
    headers.set("content-type", "text/plain;charset=UTF-8");
  }
  body.b_ = std::make_shared<detail::BytesBody>(Buffer::from(init.bytes()));
}

bool Response::bodyUsed() const {
  return body.b_ && body.b_->used;
}

Promise<Buffer> Response::arrayBuffer() {
  if (!body.b_) {
    return Promise<Buffer>::resolve(Buffer());
  }
  return body.b_->readAll();
}

Promise<Buffer> Response::bytes() {
  return arrayBuffer();
}

Promise<std::string> Response::text() {
  // undici's text(): UTF-8 with one leading byte order mark dropped.
  return arrayBuffer().then([](Buffer& b) {
    std::string text = b.toString();
    if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) {
      text.erase(0, 3);
    }
    return text;
  });
}

}  // namespace nodecc
