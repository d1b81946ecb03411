#pragma once
// Node's option checks (zlib.js: checkRangesOrGetDefault and the Zlib/Brotli/ZlibBase
// constructors) turning Options into the core's settings, and the Errors built from the
// core's verdicts. Shared by the one-shot and the stream forms.
#include <cstddef>
#include <cstdint>

#include "nodecc/error.h"
#include "nodecc/zlib.h"
#include "zlib/one_shot.h"

namespace nodecc::zlib::detail {

// The checked options of one engine: the codec's settings and the stream's own.
struct EngineSettings {
  core::OneShotSettings codec;  // mode, zlib/brotli settings, finishFlush, maxOutputLength
  int flush = 0;                // the streams' default flush (Z_NO_FLUSH / PROCESS)
  int fullFlush = 3;            // flush()'s default kind (Z_FULL_FLUSH / BROTLI_OPERATION_FLUSH)
  size_t chunkSize = constants::Z_DEFAULT_CHUNK;
  int level = -1;  // zlib: for params()
  int strategy = 0;
  bool info = false;
};

// Throw RangeError ERR_OUT_OF_RANGE / ERR_BROTLI_INVALID_PARAM as Node does. `dictionary`
// is referenced, not copied: keep the Options alive while the settings are used.
EngineSettings zlibSettings(core::Mode mode, const Options& options);
EngineSettings brotliSettings(core::Mode mode, const BrotliOptions& options);

// Node's ERR_OUT_OF_RANGE for `name`: "It must be `range`. Received `value`".
RangeError outOfRange(std::string_view name, std::string_view range, int64_t value);

// The Error a codec reports: Error: message, with code and errnum.
Error codecError(const core::CodecError& e);
// RangeError [ERR_BUFFER_TOO_LARGE]: Cannot create a Buffer larger than N bytes.
RangeError bufferTooLarge(uint64_t maxOutputLength);
// Error [ERR_ZLIB_INITIALIZATION_FAILED]: Initialization failed.
Error initializationFailed();
// The Error for a failed one-shot result.
Error resultError(const core::OneShotResult& r, uint64_t maxOutputLength);
// The Result of a successful one-shot (its output moved into the Buffer).
Result toResult(core::OneShotResult& r);

}  // namespace nodecc::zlib::detail
