// core::Codec against node_zlib.cc's rules: formats, members, dictionaries, the end-of-input
// verdict, brotli's error names. Node's own outputs for these cases are in the compat pairs
// (tests/compat/zlib); here each rule is checked on the codec alone.
#include "zlib/codec.h"

#include <gtest/gtest.h>

#include <string>

#include "zlib/one_shot.h"

namespace nodecc::zlib::core {
namespace {

constexpr int kNoFlush = 0;
constexpr int kSyncFlush = 2;
constexpr int kFinish = 4;
constexpr int kBrotliFinish = 2;

std::string text(size_t n) {
  std::string s;
  for (size_t i = 0; s.size() < n; ++i) {
    s += "line " + std::to_string(i % 977) + " of some compressible text\n";
  }
  s.resize(n);
  return s;
}

// The reference path only: zlib (or brotli) as Node steps it.
OneShotResult reference(Mode mode, std::string_view input, ZlibSettings z = {},
                        int finish = kFinish) {
  OneShotSettings s;
  s.mode = mode;
  s.zlib = z;
  s.finishFlush = isBrotli(mode) ? kBrotliFinish : finish;
  s.allowFastPath = false;
  return runOneShot(s, input);
}

ZlibSettings inflating() {
  ZlibSettings z;
  z.windowBits = 0;
  return z;
}

TEST(ZlibCodec, RoundTripsEveryFormat) {
  const std::string input = text(100000);
  const std::pair<Mode, Mode> pairs[] = {
      {Mode::kDeflate, Mode::kInflate},       {Mode::kGzip, Mode::kGunzip},
      {Mode::kDeflateRaw, Mode::kInflateRaw}, {Mode::kGzip, Mode::kUnzip},
      {Mode::kDeflate, Mode::kUnzip},         {Mode::kBrotliEncode, Mode::kBrotliDecode}};
  for (auto [c, d] : pairs) {
    OneShotResult packed = reference(c, input);
    ASSERT_TRUE(packed.ok()) << int(c);
    EXPECT_LT(packed.output.size(), input.size() / 4);
    EXPECT_EQ(packed.bytesWritten, input.size());
    ZlibSettings z = d == Mode::kInflateRaw ? ZlibSettings{} : inflating();
    OneShotResult back = reference(d, packed.output, z);
    ASSERT_TRUE(back.ok()) << int(d) << " " << (back.error ? back.error.message : "");
    EXPECT_EQ(back.output, input);
    EXPECT_EQ(back.bytesWritten, packed.output.size());
  }
}

TEST(ZlibCodec, GunzipReadsConcatenatedMembersAndZeroPadding) {
  const std::string a = reference(Mode::kGzip, "hello ").output;
  const std::string b = reference(Mode::kGzip, "world").output;
  EXPECT_EQ(reference(Mode::kGunzip, a + b, inflating()).output, "hello world");
  EXPECT_EQ(reference(Mode::kUnzip, a + b, inflating()).output, "hello world");
  OneShotResult padded = reference(Mode::kGunzip, a + std::string(10, '\0'), inflating());
  ASSERT_TRUE(padded.ok());
  EXPECT_EQ(padded.output, "hello ");
  EXPECT_EQ(padded.bytesWritten, a.size());
}

TEST(ZlibCodec, GunzipTrailingGarbageIsAnIncorrectHeader) {
  const std::string a = reference(Mode::kGzip, "hello").output;
  OneShotResult r = reference(Mode::kGunzip, a + "xyz", inflating());
  ASSERT_TRUE(r.error);
  EXPECT_STREQ(r.error.message, "incorrect header check");
  EXPECT_STREQ(r.error.code, "Z_DATA_ERROR");
  EXPECT_EQ(r.error.errnum, -3);
}

TEST(ZlibCodec, InflateIgnoresBytesAfterTheStream) {
  const std::string a = reference(Mode::kDeflate, "abc").output;
  OneShotResult r = reference(Mode::kInflate, a + "xyz", inflating());
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.output, "abc");
  EXPECT_EQ(r.bytesWritten, a.size());
}

TEST(ZlibCodec, TruncatedInputIsUnexpectedEndOfFile) {
  const std::string a = reference(Mode::kGzip, text(5000)).output;
  for (size_t cut : {size_t(0), size_t(5), size_t(12), a.size() / 2, a.size() - 1}) {
    OneShotResult r = reference(Mode::kGunzip, a.substr(0, cut), inflating());
    ASSERT_TRUE(r.error) << cut;
    EXPECT_STREQ(r.error.message, "unexpected end of file");
    EXPECT_STREQ(r.error.code, "Z_BUF_ERROR");
    EXPECT_EQ(r.error.errnum, -5);
  }
}

TEST(ZlibCodec, TruncatedInputWithSyncFinishFlushIsNoError) {
  const std::string input = text(5000);
  const std::string a = reference(Mode::kGzip, input).output;
  OneShotResult r = reference(Mode::kGunzip, a.substr(0, a.size() - 5), inflating(), kSyncFlush);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.output, input);
}

TEST(ZlibCodec, CorruptChecksumIsIncorrectDataCheck) {
  std::string a = reference(Mode::kGzip, "hello world").output;
  a[a.size() - 6] ^= 1;
  OneShotResult r = reference(Mode::kGunzip, a, inflating());
  ASSERT_TRUE(r.error);
  EXPECT_STREQ(r.error.message, "incorrect data check");
}

TEST(ZlibCodec, DictionaryMissingBadAndRight) {
  ZlibSettings withDict;
  withDict.dictionary = "hello";
  const std::string packed = reference(Mode::kDeflate, "hello", withDict).output;
  OneShotResult missing = reference(Mode::kInflate, packed, inflating());
  ASSERT_TRUE(missing.error);
  EXPECT_STREQ(missing.error.message, "Missing dictionary");
  EXPECT_STREQ(missing.error.code, "Z_NEED_DICT");
  EXPECT_EQ(missing.error.errnum, 2);
  ZlibSettings wrong = inflating();
  wrong.dictionary = "world";
  OneShotResult bad = reference(Mode::kInflate, packed, wrong);
  ASSERT_TRUE(bad.error);
  EXPECT_STREQ(bad.error.message, "Bad dictionary");
  ZlibSettings right = inflating();
  right.dictionary = "hello";
  EXPECT_EQ(reference(Mode::kInflate, packed, right).output, "hello");

  ZlibSettings raw;
  raw.dictionary = "hello";
  const std::string rawPacked = reference(Mode::kDeflateRaw, "hello", raw).output;
  EXPECT_EQ(reference(Mode::kInflateRaw, rawPacked, raw).output, "hello");
}

TEST(ZlibCodec, SmallerWindowThanTheStreamIsInvalidWindowSize) {
  const std::string a = reference(Mode::kDeflate, text(100000)).output;
  ZlibSettings small;
  small.windowBits = 9;
  OneShotResult r = reference(Mode::kInflate, a, small);
  ASSERT_TRUE(r.error);
  EXPECT_STREQ(r.error.message, "invalid window size");
}

TEST(ZlibCodec, StepsWithSyncFlushEmitEverythingSoFar) {
  CodecError e;
  auto deflater = makeZlibCodec(Mode::kDeflate, ZlibSettings{}, &e);
  ASSERT_TRUE(deflater);
  std::string out(1024, '\0');
  auto* o = reinterpret_cast<uint8_t*>(out.data());
  const std::string part = "hello";
  deflater->write(kSyncFlush, reinterpret_cast<const uint8_t*>(part.data()), part.size(), o,
                  out.size());
  EXPECT_FALSE(deflater->error());
  EXPECT_EQ(deflater->availIn(), 0u);
  const size_t n = out.size() - deflater->availOut();
  // A sync flush ends on the empty stored block 00 00 ff ff.
  ASSERT_GE(n, 4u);
  EXPECT_EQ(out.substr(n - 4, 4), std::string("\0\0\xff\xff", 4));
  // What came out so far inflates to everything written so far.
  auto inflater = makeZlibCodec(Mode::kInflate, inflating(), &e);
  std::string back(64, '\0');
  inflater->write(kNoFlush, o, n, reinterpret_cast<uint8_t*>(back.data()), back.size());
  EXPECT_FALSE(inflater->error());
  EXPECT_EQ(back.substr(0, back.size() - inflater->availOut()), "hello");
}

TEST(ZlibCodec, ParamsChangesDeflateLevel) {
  CodecError e;
  auto codec = makeZlibCodec(Mode::kDeflate, ZlibSettings{}, &e);
  ASSERT_TRUE(codec);
  EXPECT_FALSE(codec->params(0, 0));
  const std::string input = text(50000);
  std::string out(100000, '\0');
  codec->write(kFinish, reinterpret_cast<const uint8_t*>(input.data()), input.size(),
               reinterpret_cast<uint8_t*>(out.data()), out.size());
  // Level 0 stores: the output is larger than the input.
  EXPECT_GT(out.size() - codec->availOut(), input.size());
}

TEST(ZlibCodec, ResetStartsANewStream) {
  CodecError e;
  auto codec = makeZlibCodec(Mode::kGzip, ZlibSettings{}, &e);
  std::string first(256, '\0');
  std::string second(256, '\0');
  const std::string in = "abc";
  codec->write(kFinish, reinterpret_cast<const uint8_t*>(in.data()), in.size(),
               reinterpret_cast<uint8_t*>(first.data()), first.size());
  first.resize(first.size() - codec->availOut());
  EXPECT_FALSE(codec->reset());
  codec->write(kFinish, reinterpret_cast<const uint8_t*>(in.data()), in.size(),
               reinterpret_cast<uint8_t*>(second.data()), second.size());
  second.resize(second.size() - codec->availOut());
  EXPECT_EQ(first, second);
}

TEST(BrotliCodec, GarbageNamesBrotlisError) {
  OneShotResult r = reference(Mode::kBrotliDecode, "not brotli data at all");
  ASSERT_TRUE(r.error);
  EXPECT_STREQ(r.error.message, "Decompression failed");
  EXPECT_STREQ(r.error.code, "ERR__ERROR_FORMAT_PADDING_2");
  EXPECT_EQ(r.error.errnum, -15);
}

TEST(BrotliCodec, TruncatedIsUnexpectedEndOfFileAndTrailingBytesAreIgnored) {
  const std::string packed = reference(Mode::kBrotliEncode, text(10000)).output;
  OneShotResult cut = reference(Mode::kBrotliDecode, packed.substr(0, packed.size() - 3));
  ASSERT_TRUE(cut.error);
  EXPECT_STREQ(cut.error.message, "unexpected end of file");
  EXPECT_STREQ(cut.error.code, "Z_BUF_ERROR");
  OneShotResult extra = reference(Mode::kBrotliDecode, packed + "xyz");
  ASSERT_TRUE(extra.ok());
  EXPECT_EQ(extra.output, text(10000));
  OneShotResult empty = reference(Mode::kBrotliDecode, "");
  ASSERT_TRUE(empty.error);
  EXPECT_STREQ(empty.error.message, "unexpected end of file");
}

TEST(BrotliCodec, ErrorCodesAreBrotlisNames) {
  EXPECT_STREQ(brotliErrorCode(-14), "ERR__ERROR_FORMAT_PADDING_1");
  EXPECT_STREQ(brotliErrorCode(-19), "ERR__ERROR_DICTIONARY_NOT_SET");
  EXPECT_STREQ(brotliErrorCode(-31), "ERR__ERROR_UNREACHABLE");
  EXPECT_STREQ(brotliErrorCode(-17), "ERR_BROTLI_UNKNOWN");
}

TEST(BrotliCodec, UnknownDecoderParameterFailsInit) {
  EXPECT_EQ(makeBrotliCodec(Mode::kBrotliDecode, {{5, 1}}), nullptr);
  EXPECT_NE(makeBrotliCodec(Mode::kBrotliDecode, {{1, 1}}), nullptr);
  EXPECT_NE(makeBrotliCodec(Mode::kBrotliEncode, {{1, 4}, {0, 1}}), nullptr);
}

TEST(BrotliCodec, QualityChangesTheOutput) {
  const std::string input = text(200000);
  OneShotSettings s;
  s.mode = Mode::kBrotliEncode;
  s.finishFlush = kBrotliFinish;
  s.brotli = {{1, 0}};
  const std::string fast = runOneShot(s, input).output;
  s.brotli = {{1, 11}};
  const std::string best = runOneShot(s, input).output;
  EXPECT_LT(best.size(), fast.size());
  EXPECT_EQ(reference(Mode::kBrotliDecode, fast).output, input);
  EXPECT_EQ(reference(Mode::kBrotliDecode, best).output, input);
}

TEST(Crc32, MatchesNode) {
  // zlib.crc32('hello') and zlib.crc32('world', zlib.crc32('hello ')) in Node 20.
  const std::string hello = "hello";
  EXPECT_EQ(crc32(0, reinterpret_cast<const uint8_t*>(hello.data()), hello.size()), 907060870u);
  const std::string a = "hello ";
  const std::string b = "world";
  uint32_t c = crc32(0, reinterpret_cast<const uint8_t*>(a.data()), a.size());
  EXPECT_EQ(crc32(c, reinterpret_cast<const uint8_t*>(b.data()), b.size()), 222957957u);
}

}  // namespace
}  // namespace nodecc::zlib::core
