// The nine stream classes, zlib.createGzip() and friends, and Zlib.params().
#include "api/zlib/engine.h"
#include "nodecc/process.h"
#include "nodecc/zlib.h"

namespace nodecc::zlib {

using core::Mode;

Zlib::Zlib(std::unique_ptr<detail::Engine> engine) : ZlibBase(std::move(engine)) {}

void Zlib::params(int level, int strategy, UniqueFunction<void()> callback) {
  // Node checks these without the "options." prefix.
  if (level < constants::Z_MIN_LEVEL || level > constants::Z_MAX_LEVEL) {
    throw detail::outOfRange("level", ">= -1 and <= 9", level);
  }
  if (strategy < constants::Z_DEFAULT_STRATEGY || strategy > constants::Z_FIXED) {
    throw detail::outOfRange("strategy", ">= 0 and <= 4", strategy);
  }
  detail::EngineSettings& s = engine()->settings;
  if (s.level == level && s.strategy == strategy) {
    if (callback) {
      process::nextTick([cb = std::move(callback)]() mutable { cb(); });
    }
    return;
  }
  // The flush's callback may run while the next write's step is already on the pool: the
  // codec then changes when that step ends, never under a worker.
  auto apply = [this, level, strategy, cb = std::move(callback)]() mutable {
    std::unique_ptr<detail::Engine>& e = engine();
    if (!e || !e->codec) {
      return;
    }
    if (core::CodecError err = e->codec->params(level, strategy)) {
      destroy(detail::codecError(err));
      return;
    }
    if (!destroyed()) {
      e->settings.level = level;
      e->settings.strategy = strategy;
      if (cb) {
        cb();
      }
    }
  };
  flush(constants::Z_SYNC_FLUSH, [this, apply = std::move(apply)]() mutable {
    std::unique_ptr<detail::Engine>& e = engine();
    if (e && e->running) {
      e->whenIdle = std::move(apply);
    } else {
      apply();
    }
  });
}

Deflate::Deflate(const Options& o) : Zlib(detail::Engine::forZlib(Mode::kDeflate, o)) {}
Inflate::Inflate(const Options& o) : Zlib(detail::Engine::forZlib(Mode::kInflate, o)) {}
Gzip::Gzip(const Options& o) : Zlib(detail::Engine::forZlib(Mode::kGzip, o)) {}
Gunzip::Gunzip(const Options& o) : Zlib(detail::Engine::forZlib(Mode::kGunzip, o)) {}
DeflateRaw::DeflateRaw(const Options& o) : Zlib(detail::Engine::forZlib(Mode::kDeflateRaw, o)) {}
InflateRaw::InflateRaw(const Options& o) : Zlib(detail::Engine::forZlib(Mode::kInflateRaw, o)) {}
Unzip::Unzip(const Options& o) : Zlib(detail::Engine::forZlib(Mode::kUnzip, o)) {}
BrotliCompress::BrotliCompress(const BrotliOptions& o)
    : ZlibBase(detail::Engine::forBrotli(Mode::kBrotliEncode, o)) {}
BrotliDecompress::BrotliDecompress(const BrotliOptions& o)
    : ZlibBase(detail::Engine::forBrotli(Mode::kBrotliDecode, o)) {}

namespace {
template <class S, class O>
S& owned(const O& options) {
  auto* s = new S(options);
  s->ownSelf();
  return *s;
}
}  // namespace

Deflate& createDeflate(const Options& o) {
  return owned<Deflate>(o);
}
Inflate& createInflate(const Options& o) {
  return owned<Inflate>(o);
}
Gzip& createGzip(const Options& o) {
  return owned<Gzip>(o);
}
Gunzip& createGunzip(const Options& o) {
  return owned<Gunzip>(o);
}
DeflateRaw& createDeflateRaw(const Options& o) {
  return owned<DeflateRaw>(o);
}
InflateRaw& createInflateRaw(const Options& o) {
  return owned<InflateRaw>(o);
}
Unzip& createUnzip(const Options& o) {
  return owned<Unzip>(o);
}
BrotliCompress& createBrotliCompress(const BrotliOptions& o) {
  return owned<BrotliCompress>(o);
}
BrotliDecompress& createBrotliDecompress(const BrotliOptions& o) {
  return owned<BrotliDecompress>(o);
}

}  // namespace nodecc::zlib
