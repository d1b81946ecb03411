// Option checks with Node 20's messages (each copied from node's output), thrown by every form.
#include <gtest/gtest.h>

#include <exception>
#include <string>

#include "nodecc/zlib.h"
#include "unit/api/api_test_util.h"

namespace nodecc::zlib {
namespace {

template <class F>
std::string thrown(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.toString();
  }
  return "(nothing thrown)";
}

TEST(ZlibOptions, RangesAreNodes) {
  EXPECT_EQ(thrown([] { gzipSync("a", {.level = 10}); }),
            "RangeError [ERR_OUT_OF_RANGE]: The value of \"options.level\" is out of range. It "
            "must be >= -1 and <= 9. Received 10");
  EXPECT_EQ(thrown([] { gzipSync("a", {.windowBits = 8}); }),
            "RangeError [ERR_OUT_OF_RANGE]: The value of \"options.windowBits\" is out of range. "
            "It must be >= 9 and <= 15. Received 8");
  EXPECT_EQ(thrown([] { deflateSync("a", {.windowBits = 16}); }),
            "RangeError [ERR_OUT_OF_RANGE]: The value of \"options.windowBits\" is out of range. "
            "It must be >= 8 and <= 15. Received 16");
  EXPECT_EQ(thrown([] { inflateRawSync("a", {.windowBits = 0}); }),
            "RangeError [ERR_OUT_OF_RANGE]: The value of \"options.windowBits\" is out of range. "
            "It must be >= 8 and <= 15. Received 0");
  EXPECT_EQ(thrown([] { gzipSync("a", {.memLevel = 10}); }),
            "RangeError [ERR_OUT_OF_RANGE]: The value of \"options.memLevel\" is out of range. It "
            "must be >= 1 and <= 9. Received 10");
  EXPECT_EQ(thrown([] { gzipSync("a", {.strategy = 5}); }),
            "RangeError [ERR_OUT_OF_RANGE]: The value of \"options.strategy\" is out of range. It "
            "must be >= 0 and <= 4. Received 5");
  EXPECT_EQ(thrown([] { gzipSync("a", {.chunkSize = 10}); }),
            "RangeError [ERR_OUT_OF_RANGE]: The value of \"options.chunkSize\" is out of range. It "
            "must be >= 64. Received 10");
  EXPECT_EQ(thrown([] { gzipSync("a", {.flush = 6}); }),
            "RangeError [ERR_OUT_OF_RANGE]: The value of \"options.flush\" is out of range. It "
            "must be >= 0 and <= 5. Received 6");
  EXPECT_EQ(thrown([] { brotliCompressSync("a", {.finishFlush = 4}); }),
            "RangeError [ERR_OUT_OF_RANGE]: The value of \"options.finishFlush\" is out of range. "
            "It must be >= 0 and <= 3. Received 4");
  EXPECT_EQ(thrown([] { gzipSync("a", {.maxOutputLength = 0}); }),
            "RangeError [ERR_OUT_OF_RANGE]: The value of \"options.maxOutputLength\" is out of "
            "range. It must be >= 1 and <= 4294967296. Received 0");
  EXPECT_EQ(thrown([] { gzipSync("a", {.maxOutputLength = int64_t(1) << 40}); }),
            "RangeError [ERR_OUT_OF_RANGE]: The value of \"options.maxOutputLength\" is out of "
            "range. It must be >= 1 and <= 4294967296. Received 1_099_511_627_776");
  EXPECT_EQ(thrown([] { gzipSync("a", {.maxOutputLength = -(int64_t(1) << 33)}); }),
            "RangeError [ERR_OUT_OF_RANGE]: The value of \"options.maxOutputLength\" is out of "
            "range. It must be >= 1 and <= 4294967296. Received -8_589_934_592");
}

TEST(ZlibOptions, CheckOrderIsNodes) {
  // The format's own options first, then chunkSize, flush, finishFlush, maxOutputLength.
  EXPECT_EQ(thrown([] { gzipSync("a", {.chunkSize = 1, .level = 99}); }),
            "RangeError [ERR_OUT_OF_RANGE]: The value of \"options.level\" is out of range. It "
            "must be >= -1 and <= 9. Received 99");
  EXPECT_EQ(thrown([] {
              brotliCompressSync("a", {.params = {{22, 1}}, .maxOutputLength = 0});
            }),
            "RangeError [ERR_BROTLI_INVALID_PARAM]: 22 is not a valid Brotli parameter");
}

TEST(ZlibOptions, BrotliParams) {
  EXPECT_EQ(thrown([] {
              brotliCompressSync("a", {.params = {{-1, 1}}});
            }),
            "RangeError [ERR_BROTLI_INVALID_PARAM]: -1 is not a valid Brotli parameter");
  EXPECT_EQ(thrown([] {
              brotliDecompressSync(brotliCompressSync("a"), {.params = {{5, 1}}});
            }),
            "Error [ERR_ZLIB_INITIALIZATION_FAILED]: Initialization failed");
  // Values brotli clamps or checks later are accepted, as in Node.
  EXPECT_EQ(brotliDecompressSync(
                brotliCompressSync("a", {.params = {{constants::BROTLI_PARAM_QUALITY, 99}}}))
                .toString(),
            "a");
}

TEST(ZlibOptions, DeflateRawWindowBits8IsNine) {
  EXPECT_EQ(inflateRawSync(deflateRawSync("abc", {.windowBits = 8})).toString(), "abc");
  EXPECT_EQ(inflateSync(deflateSync("abc", {.windowBits = 8})).toString(), "abc");
}

class ZlibOptionsAsync : public test::ApiTest {};

// The callback forms throw from the call, as Node's do; the promise forms reject, as a
// util.promisify(zlib.gunzip) call does (checked with node 20: a rejection, not a throw).
TEST_F(ZlibOptionsAsync, CallbackFormsThrowAndPromiseFormsRejectOptionErrors) {
  EXPECT_EQ(thrown([] { gzip("a", {.level = 11}, [](Error*, Result) {}); }),
            "RangeError [ERR_OUT_OF_RANGE]: The value of \"options.level\" is out of range. It "
            "must be >= -1 and <= 9. Received 11");
  EXPECT_EQ(thrown([] { gzip("a", Callback()); }),
            "TypeError [ERR_INVALID_ARG_TYPE]: The \"callback\" argument must be of type "
            "function. Received undefined");
  std::string rejected = "(not rejected)";
  bool isRangeError = false;
  EXPECT_EQ(thrown([&] {
              promises::gunzip("a", {.memLevel = 0}).catch_([&](std::exception_ptr e) {
                try {
                  std::rethrow_exception(e);
                } catch (const RangeError& r) {
                  isRangeError = true;
                  rejected = r.toString();
                }
                return Result();
              });
            }),
            "(nothing thrown)");
  run();
  EXPECT_TRUE(isRangeError);
  EXPECT_EQ(rejected,
            "RangeError [ERR_OUT_OF_RANGE]: The value of \"options.memLevel\" is out of range. It "
            "must be >= 1 and <= 9. Received 0");
}

}  // namespace
}  // namespace nodecc::zlib
