// dns.lookup: the system resolver on the thread pool; IP literals answered at once; Node's
// errors for names that do not resolve.
#include <gtest/gtest.h>
#include <nodecc/dns.h>

#include "os/resolver.h"
#include "unit/api/http/client/client_test_util.h"

namespace nodecc::test {
namespace {

class Dns : public ApiTest {};

TEST_F(Dns, ResolvesLocalhost) {
  std::string address;
  int family = 0;
  dns::lookup("localhost", [&](Error* err, std::string a, int f) {
    ASSERT_EQ(err, nullptr);
    address = a;
    family = f;
  });
  nodecc::run();
  EXPECT_TRUE((address == "127.0.0.1" && family == 4) || (address == "::1" && family == 6))
      << address;
}

TEST_F(Dns, AnswersAnIpLiteralWithoutTheResolver) {
  std::vector<dns::LookupAddress> all;
  dns::lookup("::1", dns::LookupOptions{}, [&](Error* err, std::vector<dns::LookupAddress> a) {
    ASSERT_EQ(err, nullptr);
    all = a;
  });
  nodecc::run();
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].address, "::1");
  EXPECT_EQ(all[0].family, 6);
}

TEST_F(Dns, FailsWithEnotfound) {
  std::vector<os::core::ResolvedAddress> unused;
  if (os::core::lookupHost("nonexistent.invalid", 0, 0, &unused) == os::core::kEaiAgain) {
    GTEST_SKIP() << "the system resolver cannot answer here";
  }
  Error error;
  bool called = false;
  dns::lookup("nonexistent.invalid", [&](Error* err, std::string, int) {
    called = true;
    ASSERT_NE(err, nullptr);
    error = *err;
  });
  nodecc::run();
  EXPECT_TRUE(called);
  EXPECT_EQ(error.code, "ENOTFOUND");
  EXPECT_EQ(error.errnum, -3008);
  EXPECT_EQ(error.syscall, "getaddrinfo");
  EXPECT_EQ(error.message, "getaddrinfo ENOTFOUND nonexistent.invalid");
}

TEST_F(Dns, PromisesLookupAllAndRejections) {
  std::vector<dns::LookupAddress> all;
  std::string rejected;
  spawn([&]() -> Promise<> {
    all = co_await dns::promises::lookupAll("localhost");
    try {
      co_await dns::promises::lookup("nonexistent.invalid");
    } catch (const Error& e) {
      rejected = e.code;
    }
  });
  nodecc::run();
  EXPECT_FALSE(all.empty());
  EXPECT_TRUE(rejected == "ENOTFOUND" || rejected == "EAI_AGAIN") << rejected;
}

TEST_F(Dns, RejectsAnUnknownFamily) {
  dns::LookupOptions o;
  o.family = 5;
  EXPECT_THROW(dns::lookup("localhost", o, [](Error*, std::string, int) {}), TypeError);
}

}  // namespace
}  // namespace nodecc::test
