// The one-shot forms: Sync, callback (on the thread pool, back on the loop) and promise, with
// Node's errors (messages copied from node 20's output).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "nodecc/zlib.h"
#include "unit/api/api_test_util.h"

namespace nodecc::zlib {
namespace {

std::string text(size_t n) {
  std::string s;
  for (size_t i = 0; s.size() < n; ++i) {
    s += "entry " + std::to_string(i % 331) + ": lorem ipsum dolor sit amet\n";
  }
  s.resize(n);
  return s;
}

template <class F>
Error caught(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e;
  }
  return Error("(nothing thrown)");
}

TEST(ZlibSync, RoundTripsEveryForm) {
  const std::string input = text(200000);
  EXPECT_EQ(gunzipSync(gzipSync(input)).toString(), input);
  EXPECT_EQ(inflateSync(deflateSync(input)).toString(), input);
  EXPECT_EQ(inflateRawSync(deflateRawSync(input)).toString(), input);
  EXPECT_EQ(unzipSync(gzipSync(input)).toString(), input);
  EXPECT_EQ(unzipSync(deflateSync(input)).toString(), input);
  EXPECT_EQ(brotliDecompressSync(brotliCompressSync(input)).toString(), input);
  Buffer b = Buffer::from(input);
  Buffer packed = gzipSync(b, {.level = 1});
  EXPECT_EQ(gunzipSync(packed).toString(), input);
}

TEST(ZlibSync, EmptyInputsAreNodes) {
  // zlib.gzipSync('') is 20 bytes; deflateRawSync('') is 03 00; brotliCompressSync('') 3b.
  EXPECT_EQ(gzipSync("").size(), 20u);
  EXPECT_EQ(deflateRawSync("").toString("hex"), "0300");
  EXPECT_EQ(brotliCompressSync("").toString("hex"), "3b");
  EXPECT_EQ(gunzipSync(gzipSync("")).size(), 0u);
}

TEST(ZlibSync, ErrorsAreNodes) {
  Error e = caught([] { gunzipSync("not gzip data at all"); });
  EXPECT_EQ(e.toString(), "Error: incorrect header check");
  EXPECT_EQ(e.code, "Z_DATA_ERROR");
  EXPECT_EQ(e.errnum, -3);
  Buffer gz = gzipSync("hello world hello world");
  e = caught([&] { gunzipSync(gz.subarray(0, gz.size() - 5)); });
  EXPECT_EQ(e.toString(), "Error: unexpected end of file");
  EXPECT_EQ(e.code, "Z_BUF_ERROR");
  EXPECT_EQ(e.errnum, -5);
  e = caught([] { inflateSync(""); });
  EXPECT_EQ(e.message, "unexpected end of file");
  e = caught([] { brotliDecompressSync("not brotli data at all"); });
  EXPECT_EQ(e.toString(), "Error: Decompression failed");
  EXPECT_EQ(e.code, "ERR__ERROR_FORMAT_PADDING_2");
  EXPECT_EQ(e.errnum, -15);
  // Node's Buffer.from('\xff\xff\xff\xffnot gzip data at all') is UTF-8: c3 bf per \xff.
  e = caught([] { inflateRawSync("\xc3\xbf\xc3\xbf\xc3\xbf\xc3\xbfnot gzip data at all"); });
  EXPECT_EQ(e.message, "invalid distance too far back");
  e = caught([] { inflateSync(deflateSync("hello", {.dictionary = Buffer::from("hello")})); });
  EXPECT_EQ(e.message, "Missing dictionary");
  EXPECT_EQ(e.code, "Z_NEED_DICT");
  EXPECT_EQ(e.errnum, 2);
}

TEST(ZlibSync, MaxOutputLengthIsARangeError) {
  try {
    gunzipSync(gzipSync(Buffer::alloc(100000)), {.maxOutputLength = 1000});
    FAIL();
  } catch (const RangeError& e) {
    EXPECT_EQ(e.toString(),
              "RangeError [ERR_BUFFER_TOO_LARGE]: Cannot create a Buffer larger than 1000 bytes");
  }
  EXPECT_THROW(
      brotliDecompressSync(brotliCompressSync(Buffer::alloc(100000)), {.maxOutputLength = 1000}),
      RangeError);
  EXPECT_THROW(gzipSync(Buffer::alloc(100000), {.maxOutputLength = 10}), RangeError);
  EXPECT_EQ(gunzipSync(gzipSync(Buffer::alloc(1000)), {.maxOutputLength = 1000}).size(), 1000u);
}

TEST(ZlibSync, InfoGivesTheEngineCounters) {
  // zlib.inflateSync(Buffer.concat([deflateSync('abc'), 'xyz']), {info: true}): engine
  // .bytesWritten 11, buffer 'abc' (Node's deflateSync('abc') is these 11 bytes).
  Buffer packed = Buffer::from("789c4b4c4a0600024d0127", "hex");
  Buffer in = Buffer::concat({packed, Buffer::from("xyz")});
  Result r = inflateSync(in, {.info = true});
  EXPECT_EQ(r.buffer.toString(), "abc");
  EXPECT_EQ(r.engine.bytesWritten, 11u);
  EXPECT_EQ(r.toString(), "abc");
}

TEST(ZlibSync, FinishFlushSyncFlushReadsTruncatedInput) {
  Buffer gz = gzipSync("hello world hello world");
  EXPECT_EQ(gunzipSync(gz.subarray(0, gz.size() - 5), {.finishFlush = constants::Z_SYNC_FLUSH})
                .toString(),
            "hello world hello world");
  // deflateSync('hello', {finishFlush: Z_SYNC_FLUSH}) in Node: 789cca48cdc9c907000000ffff.
  EXPECT_EQ(deflateSync("hello", {.finishFlush = constants::Z_SYNC_FLUSH}).toString("hex"),
            "789cca48cdc9c907000000ffff");
}

TEST(ZlibSync, Crc32) {
  EXPECT_EQ(crc32("hello"), 907060870u);
  EXPECT_EQ(crc32("world", crc32("hello ")), 222957957u);
}

class ZlibAsync : public test::ApiTest {};

TEST_F(ZlibAsync, CallbackFormsCompleteOnTheLoop) {
  const std::string input = text(300000);
  std::vector<std::string> seen;
  gzip(input, [&](Error* err, Result packed) {
    ASSERT_EQ(err, nullptr);
    seen.push_back("gzip");
    gunzip(packed, [&](Error* err, Buffer out) {
      ASSERT_EQ(err, nullptr);
      EXPECT_EQ(out.toString(), input);
      seen.push_back("gunzip");
    });
  });
  brotliCompress(input, {.params = {{constants::BROTLI_PARAM_QUALITY, 4}}},
                 [&](Error* err, Result packed) {
                   ASSERT_EQ(err, nullptr);
                   EXPECT_EQ(brotliDecompressSync(packed).toString(), input);
                   seen.push_back("brotli");
                 });
  gunzip(Buffer::from("xyz"), [&](Error* err, Result out) {
    ASSERT_NE(err, nullptr);
    EXPECT_EQ(err->toString(), "Error: incorrect header check");
    EXPECT_EQ(err->code, "Z_DATA_ERROR");
    EXPECT_EQ(out.size(), 0u);
    seen.push_back("error");
  });
  inflate(deflateSync(Buffer::alloc(100000)), {.maxOutputLength = 10}, [&](Error* err, Result) {
    ASSERT_NE(err, nullptr);
    EXPECT_EQ(err->toString(),
              "RangeError [ERR_BUFFER_TOO_LARGE]: Cannot create a Buffer larger than 10 bytes");
    seen.push_back("tooLarge");
  });
  run();
  EXPECT_EQ(seen.size(), 5u);
}

TEST_F(ZlibAsync, PromiseFormsResolveAndReject) {
  std::vector<std::string> seen;
  auto main = [&]() -> Promise<> {
    Buffer packed = co_await promises::deflateRaw("hello hello hello");
    Buffer out = co_await promises::inflateRaw(packed);
    seen.push_back(out.toString());
    try {
      co_await promises::unzip("garbage!");
    } catch (const Error& e) {
      seen.push_back(e.toString());
    }
    try {
      co_await promises::gunzip(gzipSync(Buffer::alloc(5000)), {.maxOutputLength = 100});
    } catch (const RangeError& e) {
      seen.push_back(e.code);
    }
  };
  main();
  run();
  ASSERT_EQ(seen.size(), 3u);
  EXPECT_EQ(seen[0], "hello hello hello");
  EXPECT_EQ(seen[1], "Error: incorrect header check");
  EXPECT_EQ(seen[2], "ERR_BUFFER_TOO_LARGE");
}

}  // namespace
}  // namespace nodecc::zlib
