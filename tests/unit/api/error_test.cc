#include <gtest/gtest.h>
#include <nodecc/nodecc.h>

#include <cerrno>
#include <stdexcept>

namespace nodecc {
namespace {

TEST(Error, FromErrnoBuildsNodesSystemError) {
  Error e = Error::fromErrno(-ENOENT, "open", "a.txt");
  EXPECT_EQ(e.code, "ENOENT");
  EXPECT_EQ(e.errnum, -2);
  EXPECT_EQ(e.syscall, "open");
  EXPECT_EQ(e.path, "a.txt");
  EXPECT_EQ(e.message, "ENOENT: no such file or directory, open 'a.txt'");
  EXPECT_STREQ(e.what(), "ENOENT: no such file or directory, open 'a.txt'");
  EXPECT_EQ(e.name, "Error");
}

TEST(Error, FromErrnoAcceptsAPositiveErrno) {
  Error e = Error::fromErrno(ENOENT, "open", "a.txt");
  EXPECT_EQ(e.errnum, -ENOENT);
  EXPECT_EQ(e.code, "ENOENT");
}

TEST(Error, FromErrnoWithoutAPath) {
  Error e = Error::fromErrno(-ECONNRESET, "read");
  EXPECT_EQ(e.message, "ECONNRESET: connection reset by peer, read");
  EXPECT_EQ(e.path, "");
}

TEST(Error, FromErrnoWithADestination) {
  Error e = Error::fromErrno(-EXDEV, "rename", "a", "b");
  EXPECT_EQ(e.message, "EXDEV: cross-device link not permitted, rename 'a' -> 'b'");
  EXPECT_EQ(e.dest, "b");
}

TEST(Error, FromAnUnknownErrno) {
  Error e = Error::fromErrno(-9999, "ioctl");
  EXPECT_EQ(e.code, "UNKNOWN");
  EXPECT_EQ(e.errnum, -9999);
  EXPECT_EQ(e.message, "UNKNOWN: unknown error, ioctl");
}

TEST(Error, ToStringAsNodePrintsIt) {
  EXPECT_EQ(Error("plain").toString(), "Error: plain");
  EXPECT_EQ(TypeError("ERR_INVALID_ARG_TYPE", "bad arg").toString(),
            "TypeError [ERR_INVALID_ARG_TYPE]: bad arg");
  EXPECT_EQ(RangeError("ERR_OUT_OF_RANGE", "too big").toString(),
            "RangeError [ERR_OUT_OF_RANGE]: too big");
  EXPECT_EQ(Error::fromErrno(-ENOENT, "open", "a.txt").toString(),
            "Error: ENOENT: no such file or directory, open 'a.txt'");
  EXPECT_EQ(Error().toString(), "Error");
}

TEST(Error, ToErrorKeepsAnErrorAndWrapsOtherExceptions) {
  Error kept = toError(std::make_exception_ptr(TypeError("ERR_X", "typed")));
  EXPECT_EQ(kept.code, "ERR_X");
  EXPECT_EQ(kept.message, "typed");
  Error wrapped = toError(std::make_exception_ptr(std::runtime_error("std failure")));
  EXPECT_EQ(wrapped.message, "std failure");
  Error unknown = toError(std::make_exception_ptr(42));
  EXPECT_EQ(unknown.message, "Unknown error");
  Error none = toError(nullptr);
  EXPECT_EQ(none.message, "Unknown error");
}

TEST(Error, PublicErrnoLookups) {
  EXPECT_EQ(errnoName(-EADDRINUSE), "EADDRINUSE");
  EXPECT_EQ(errnoMessage(-EADDRINUSE), "address already in use");
}

}  // namespace
}  // namespace nodecc
