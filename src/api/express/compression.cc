// compression 1.8.2 (index.js) over a ServerResponse body filter: the decisions of its
// onHeaders listener in their order, and its write/end proxies. Where Node pipes the body
// through a zlib stream on the thread pool, the codec here is stepped on the loop thread into
// the connection (nginx's gzip filter does the same): the response holds no uncompressed
// input, so its backpressure is the connection's.
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "api/express/negotiation.h"
#include "api/express/tables.h"
#include "api/express/text.h"
#include "api/util/js_text.h"
#include "api/zlib/settings.h"
#include "nodecc/detail/response_filter.h"
#include "nodecc/express.h"
#include "nodecc/process.h"
#include "zlib/codec.h"
#include "zlib/one_shot.h"

namespace nodecc::express {

namespace detail {

struct CompressionConfig {
  CompressionOptions::Filter filter;
  double threshold = 1024;
  std::string enforceEncoding;
  zlib::detail::EngineSettings gzip;
  zlib::detail::EngineSettings deflate;
  zlib::detail::EngineSettings brotli;
};

namespace {

using zlib::core::Mode;

// cacheControlNoTransformRegExp: /(?:^|,)\s*?no-transform\s*?(?:,|$)/i.
bool hasNoTransform(std::string_view cacheControl) {
  while (true) {
    size_t comma = cacheControl.find(',');
    if (text::core::equalsIgnoreCase(util::detail::trimLatin1(cacheControl.substr(0, comma)),
                                     "no-transform")) {
      return true;
    }
    if (comma == std::string_view::npos) {
      return false;
    }
    cacheControl.remove_prefix(comma + 1);
  }
}

// bytes 3.1's parse(text): /^((-|\+)?(\d+(?:\.\d+)?)) *(kb|mb|gb|tb|pb)$/i through parseFloat,
// else parseInt(text, 10); nullopt where it returns null (NaN).
std::optional<double> parseBytes(std::string_view val) {
  size_t i = 0;
  if (i < val.size() && (val[i] == '-' || val[i] == '+')) {
    ++i;
  }
  const size_t digits = i;
  while (i < val.size() && text::core::isDigit(val[i])) {
    ++i;
  }
  double unit = 0;  // 0: the expression does not match
  size_t numberEnd = i;
  if (i > digits) {
    if (i < val.size() && val[i] == '.') {
      size_t j = i + 1;
      while (j < val.size() && text::core::isDigit(val[j])) {
        ++j;
      }
      if (j > i + 1) {
        i = j;
      }
    }
    numberEnd = i;
    while (i < val.size() && val[i] == ' ') {
      ++i;
    }
    static constexpr std::pair<std::string_view, double> kUnits[] = {{"kb", 1 << 10},
                                                                     {"mb", 1 << 20},
                                                                     {"gb", 1 << 30},
                                                                     {"tb", 1099511627776.0},
                                                                     {"pb", 1125899906842624.0}};
    for (const auto& [name, factor] : kUnits) {
      if (text::core::equalsIgnoreCase(val.substr(i), name)) {
        unit = factor;
      }
    }
  }
  const double value = unit != 0 ? util::detail::parseFloatJs(val.substr(0, numberEnd))
                                 : util::detail::parseIntJs(val, 10);
  if (std::isnan(value)) {
    return std::nullopt;
  }
  return std::floor((unit != 0 ? unit : 1) * value);
}

class CompressionFilter final : public http::detail::ResponseFilter {
 public:
  CompressionFilter(std::shared_ptr<const CompressionConfig> config, http::IncomingMessage& req)
      : config_(std::move(config)), req_(req) {}

  void onHeaders(http::ServerResponse& res) override;
  bool write(http::ServerResponse& res, std::string_view chunk,
             UniqueFunction<void(Error*)> cb) override;
  void end(http::ServerResponse& res, std::string_view data, UniqueFunction<void()> cb) override;
  void flush(http::ServerResponse& res) override;

 private:
  // Steps the codec over `in` with `flush`, writing each full output window.
  void pump(http::ServerResponse& res, std::string_view in, int flush);
  bool makeCodec();

  std::shared_ptr<const CompressionConfig> config_;
  http::IncomingMessage& req_;
  const zlib::detail::EngineSettings* settings_ = nullptr;  // set: compressing
  std::unique_ptr<zlib::core::Codec> codec_;
  std::unique_ptr<uint8_t[]> window_;
  bool ended_ = false;
  bool inEnd_ = false;  // the head is being stored by end(): the whole body is known
  std::optional<size_t> length_;
};

void CompressionFilter::onHeaders(http::ServerResponse& res) {
  const CompressionConfig& c = *config_;
  if (!(c.filter ? c.filter(req_, res) : compressionFilter(req_, res))) {
    return;  // filtered
  }
  if (auto cc = res.getHeader("Cache-Control"); cc && hasNoTransform(*cc)) {
    return;  // no transform
  }
  detail::vary(res, "Accept-Encoding");
  std::optional<std::string> contentLength = res.getHeader("Content-Length");
  // Number(undefined) is NaN, below nothing.
  if ((contentLength && util::detail::stringToNumberLatin1(*contentLength) < c.threshold) ||
      (length_ && double(*length_) < c.threshold)) {
    return;  // size below threshold
  }
  std::optional<std::string> coding = res.getHeader("Content-Encoding");
  if (coding && !coding->empty() && *coding != "identity") {
    return;  // already encoded
  }
  if (req_.method == "HEAD") {
    return;
  }
  static const std::vector<std::string> kSupported = {"br", "gzip", "deflate", "identity"};
  static const std::vector<std::string> kPreferred = {"br", "gzip"};
  std::string_view accept = req_.headers["accept-encoding"];
  std::vector<std::string> methods = preferredEncodings06(accept, kSupported, kPreferred);
  std::string_view method = methods.empty() ? std::string_view() : std::string_view(methods[0]);
  if (accept.empty() && (c.enforceEncoding == "gzip" || c.enforceEncoding == "deflate" ||
                         c.enforceEncoding == "identity" || c.enforceEncoding == "br")) {
    method = c.enforceEncoding;
  }
  if (method.empty() || method == "identity") {
    return;  // not acceptable
  }
  if (gone(res)) {
    return;  // the response closed first: later writes go to it as they are
  }
  settings_ = method == "gzip" ? &c.gzip : method == "br" ? &c.brotli : &c.deflate;
  // A body given whole to end() is compressed in one pass there; otherwise the stream starts
  // now, as Node creates it here.
  if (!inEnd_ && !makeCodec()) {
    settings_ = nullptr;
    return;
  }
  res.setHeader("Content-Encoding", method);
  res.removeHeader("Content-Length");
}

bool CompressionFilter::makeCodec() {
  const zlib::core::OneShotSettings& s = settings_->codec;
  if (zlib::core::isBrotli(s.mode)) {
    codec_ = zlib::core::makeBrotliCodec(s.mode, s.brotli);
  } else {
    zlib::core::CodecError error;
    codec_ = zlib::core::makeZlibCodec(s.mode, s.zlib, &error);
  }
  if (codec_) {
    window_ = std::make_unique<uint8_t[]>(settings_->chunkSize);
  }
  return codec_ != nullptr;
}

void CompressionFilter::pump(http::ServerResponse& res, std::string_view in, int flush) {
  const size_t cap = settings_->chunkSize;
  auto* next = reinterpret_cast<const uint8_t*>(in.data());
  size_t left = in.size();
  while (true) {
    codec_->write(flush, next, left, window_.get(), cap);
    const size_t produced = cap - codec_->availOut();
    const size_t consumed = left - codec_->availIn();
    next += consumed;
    left -= consumed;
    if (produced > 0) {
      writeThrough(res, std::string_view(reinterpret_cast<const char*>(window_.get()), produced));
    }
    if (codec_->error()) {
      return;
    }
    // A full window may hide more output; input left with progress made is stepped again.
    if (codec_->availOut() != 0 && (left == 0 || (produced == 0 && consumed == 0))) {
      return;
    }
  }
}

bool CompressionFilter::write(http::ServerResponse& res, std::string_view chunk,
                              UniqueFunction<void(Error*)> cb) {
  if (ended_) {
    return false;
  }
  if (!res.headersSent) {
    res.writeHead(res.statusCode);
  }
  if (!settings_) {
    return writeThrough(res, chunk, std::move(cb));
  }
  if (gone(res)) {
    codec_.reset();  // nobody will read it: stop compressing
    window_.reset();
  } else if (codec_ && !chunk.empty()) {
    pump(res, chunk, settings_->flush);
  }
  if (cb) {
    process::nextTick([cb = std::move(cb)]() mutable { cb(nullptr); });
  }
  return writable(res);
}

void CompressionFilter::end(http::ServerResponse& res, std::string_view data,
                            UniqueFunction<void()> cb) {
  if (ended_) {
    if (cb) {
      process::nextTick([cb = std::move(cb)]() mutable { cb(); });
    }
    return;
  }
  if (!res.headersSent) {
    std::optional<std::string> contentLength = res.getHeader("Content-Length");
    if (!contentLength || contentLength->empty()) {
      length_ = data.size();  // estimate the length
    }
    inEnd_ = true;
    res.writeHead(res.statusCode);
    inEnd_ = false;
  }
  if (!settings_) {
    endThrough(res, data, std::move(cb));
    return;
  }
  ended_ = true;
  if (!gone(res)) {
    if (!codec_) {
      // The whole body at once: libdeflate for gzip/deflate at the common settings.
      zlib::core::OneShotResult r = zlib::core::runOneShot(settings_->codec, data);
      writeThrough(res, r.output);
    } else {
      pump(res, data, settings_->codec.finishFlush);
    }
  }
  codec_.reset();
  window_.reset();
  endThrough(res, {}, std::move(cb));
}

void CompressionFilter::flush(http::ServerResponse& res) {
  if (codec_ && !ended_ && !gone(res)) {
    pump(res, {}, settings_->fullFlush);
  }
}

}  // namespace

}  // namespace detail

std::optional<double> ByteSize::parse() const {
  if (!isText_) {
    return std::isnan(number_) ? std::nullopt : std::optional<double>(number_);
  }
  return detail::parseBytes(text_);
}

Compression::Compression(CompressionOptions options) {
  auto c = std::make_shared<detail::CompressionConfig>();
  c->filter = std::move(options.filter);
  c->threshold = options.threshold.parse().value_or(1024);
  c->enforceEncoding = std::move(options.enforceEncoding);
  zlib::Options z{.flush = options.flush,
                  .chunkSize = options.chunkSize,
                  .windowBits = options.windowBits,
                  .level = options.level,
                  .memLevel = options.memLevel,
                  .strategy = options.strategy};
  c->gzip = zlib::detail::zlibSettings(zlib::core::Mode::kGzip, z);
  c->deflate = zlib::detail::zlibSettings(zlib::core::Mode::kDeflate, z);
  zlib::BrotliOptions b = std::move(options.brotli);
  b.params.try_emplace(zlib::constants::BROTLI_PARAM_QUALITY, 4);
  c->brotli = zlib::detail::brotliSettings(zlib::core::Mode::kBrotliEncode, b);
  config_ = std::move(c);
}

Compression::Compression() : Compression(CompressionOptions{}) {}

Compression compression() {
  return Compression();
}

Compression compression(CompressionOptions options) {
  return Compression(std::move(options));
}

void Compression::operator()(http::IncomingMessage& req, http::ServerResponse& res,
                             UniqueFunction<void()> next) const {
  res.setFilter(std::make_unique<detail::CompressionFilter>(config_, req));
  next();
}

void Compression::operator()(Request& req, Response& res, Next next) const {
  (*this)(req.message, res.message, [&next] { next(); });
}

bool compressionFilter(http::IncomingMessage&, http::ServerResponse& res) {
  std::optional<std::string> type = res.getHeader("Content-Type");
  return type && !type->empty() && detail::compressible(*type).value_or(false);
}

void flush(http::ServerResponse& res) {
  if (http::detail::ResponseFilter* f = res.filter()) {
    f->flush(res);
  }
}

void Response::flush() {
  express::flush(message);
}

}  // namespace nodecc::express
