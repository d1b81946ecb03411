// Node's IncomingMessage (lib/_http_incoming.js), shared by the server's requests and the
// client's responses: raw and joined headers, and the reading side driven through IncomingOps.
#include <algorithm>
#include <cstring>

#include "api/http/incoming_ops.h"
#include "api/http/text.h"
#include "http/exchange.h"
#include "nodecc/process.h"
#include "nodecc/string_decoder.h"

namespace nodecc::http {

// --- raw and joined headers

std::string_view RawHeaders::operator[](size_t i) const {
  const auto& h = (*list_)[i / 2];
  return (i % 2 == 0) ? std::string_view(h.name) : std::string_view(h.value);
}

namespace {
// Fields whose duplicates Node drops (the first one wins).
bool keepFirstOnly(std::string_view lower) {
  static constexpr std::string_view kFirstOnly[] = {"age",
                                                    "authorization",
                                                    "content-length",
                                                    "content-type",
                                                    "etag",
                                                    "expires",
                                                    "from",
                                                    "host",
                                                    "if-modified-since",
                                                    "if-unmodified-since",
                                                    "last-modified",
                                                    "location",
                                                    "max-forwards",
                                                    "proxy-authorization",
                                                    "referer",
                                                    "retry-after",
                                                    "server",
                                                    "user-agent"};
  return std::find(std::begin(kFirstOnly), std::end(kFirstOnly), lower) != std::end(kFirstOnly);
}
}  // namespace

void IncomingHttpHeaders::build() const {
  mapSize_ = 0;
  std::string lower;
  for (size_t i = 0; i + 1 < raw_.size(); i += 2) {
    detail::assignLower(lower, raw_[i]);
    std::string_view value = raw_[i + 1];
    auto* existing = static_cast<std::pair<std::string, std::string>*>(nullptr);
    for (size_t j = 0; j < mapSize_; ++j) {
      if (map_[j].first == lower) {
        existing = &map_[j];
        break;
      }
    }
    if (existing) {
      if (keepFirstOnly(lower)) {
        continue;
      }
      existing->second += lower == "cookie" ? "; " : ", ";
      existing->second += value;
      continue;
    }
    if (mapSize_ == map_.size()) {
      map_.emplace_back();
    }
    map_[mapSize_].first.assign(lower);
    map_[mapSize_].second.assign(value);
    ++mapSize_;
  }
  map_.resize(mapSize_);
  built_ = true;
}

const std::vector<std::pair<std::string, std::string>>& IncomingHttpHeaders::entries() const {
  if (!built_) {
    build();
  }
  return map_;
}

std::optional<std::string_view> IncomingHttpHeaders::get(std::string_view name) const {
  if (!built_) {
    // A field received once is its own value and one never received is absent: only a
    // repeated field needs the joined map. A handler that reads one or two fields of a request
    // (a proxy's X-Forwarded-For) then never builds the map.
    std::optional<std::string_view> once;
    bool repeated = false;
    for (size_t i = 0; i + 1 < raw_.size() && !repeated; i += 2) {
      if (detail::equalsIgnoreCase(raw_[i], name)) {
        repeated = once.has_value();
        once = raw_[i + 1];
      }
    }
    if (!repeated) {
      return once;
    }
  }
  for (const auto& [k, v] : entries()) {
    if (detail::equalsIgnoreCase(k, name)) {
      return std::string_view(v);
    }
  }
  return std::nullopt;
}

std::string_view IncomingHttpHeaders::operator[](std::string_view name) const {
  return get(name).value_or(std::string_view());
}

bool IncomingHttpHeaders::has(std::string_view name) const {
  return get(name).has_value();
}

size_t IncomingHttpHeaders::size() const {
  return entries().size();
}

std::vector<std::string_view> IncomingHttpHeaders::getAll(std::string_view name) const {
  std::vector<std::string_view> out;
  for (size_t i = 0; i + 1 < raw_.size(); i += 2) {
    if (detail::equalsIgnoreCase(raw_[i], name)) {
      out.push_back(raw_[i + 1]);
    }
  }
  return out;
}

// --- IncomingMessage

IncomingMessage::IncomingMessage(const detail::IncomingInit& init)
    : method(init.method),
      url(init.url),
      rawHeaders(&init.headers, &init.headerCount),
      headers(rawHeaders),
      rawTrailers(&init.trailers, &init.trailerCount),
      trailers(rawTrailers),
      ex_{&init.ops, init.ctx} {}

IncomingMessage::~IncomingMessage() {
  detachStream();
}

net::Socket& IncomingMessage::socket() {
  return ex_.ops->socket(ex_.ctx);
}

IncomingMessage& IncomingMessage::pause() {
  ex_.ops->pause(ex_.ctx);
  return *this;
}

IncomingMessage& IncomingMessage::resume() {
  ex_.ops->resume(ex_.ctx);
  return *this;
}

bool IncomingMessage::isPaused() const {
  return ex_.ops->isPaused(ex_.ctx);
}

IncomingMessage& IncomingMessage::destroy() {
  ex_.ops->destroy(ex_.ctx, nullptr);
  return *this;
}

IncomingMessage& IncomingMessage::destroy(const Error& err) {
  ex_.ops->destroy(ex_.ctx, &err);
  return *this;
}

IncomingMessage& IncomingMessage::setTimeout(uint64_t ms) {
  ex_.ops->setTimeout(ex_.ctx, ms);
  return *this;
}

IncomingMessage& IncomingMessage::setEncoding(std::string_view encoding) {
  // Made first: an unknown encoding throws and leaves the message as it was.
  auto decoder = std::make_unique<StringDecoder>(encoding.empty() ? "utf8" : encoding);
  decoder_ = std::move(decoder);
  ex_.ops->joinBuffered(ex_.ctx);
  return *this;
}

std::string_view IncomingMessage::readableEncoding() const {
  return decoder_ ? decoder_->encoding() : std::string_view();
}

void IncomingMessage::resetDecoder() {
  decoder_.reset();
}

void IncomingMessage::emitData(const Buffer& chunk) {
  if (!decoder_) {
    emit("data", chunk);
    return;
  }
  // As Readable with a decoder: a chunk the decoder holds back entirely emits nothing.
  std::string text = decoder_->write(chunk);
  if (!text.empty()) {
    emit("data", static_cast<const std::string&>(text));
  }
}

void IncomingMessage::emitDecoderTail() {
  if (!decoder_) {
    return;
  }
  std::string text = decoder_->end();
  if (!text.empty()) {
    emit("data", static_cast<const std::string&>(text));
  }
}

void IncomingMessage::listenerCountChanged(std::string_view event, size_t count) {
  if (event == "data" && count > 0) {
    ex_.ops->dataListenerAdded(ex_.ctx);
  }
}

Promise<Buffer> IncomingMessage::buffer() {
  auto p = Promise<Buffer>::withResolvers();
  auto chunks = std::make_shared<std::vector<Buffer>>();
  on("data", [chunks](const Buffer& b) { chunks->push_back(b); });
  once("end", [chunks, r = p.resolve] { r(Buffer::concat(*chunks)); });
  once("aborted",
       [r = p.resolve] { r.reject(std::make_exception_ptr(Error("ECONNRESET", "aborted"))); });
  return p.promise;
}

Promise<std::string> IncomingMessage::text() {
  return buffer().then([](Buffer& b) { return b.toString(); });
}

}  // namespace nodecc::http
