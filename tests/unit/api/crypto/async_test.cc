// crypto's callback and promise forms: they complete on the loop, after the code that started
// them, with the same bytes as the sync forms; argument errors throw at the call.
#include <string>
#include <vector>

#include "../api_test_util.h"

namespace nodecc::test {
namespace {

using CryptoAsync = ApiTest;

TEST_F(CryptoAsync, CallbacksRunOnTheLoopWithTheSyncResult) {
  Deadline deadline(20000);
  std::vector<std::string> events;
  crypto::pbkdf2("password", "salt", 4096, 20, "sha1", [&](Error* err, Buffer key) {
    EXPECT_EQ(err, nullptr);
    events.push_back("pbkdf2 " + key.toString("hex"));
  });
  crypto::scrypt("", "", 16, {.N = 16, .r = 1, .p = 1}, [&](Error* err, Buffer key) {
    EXPECT_EQ(err, nullptr);
    events.push_back("scrypt " + key.toString("hex"));
  });
  crypto::randomBytes(64, [&](Error* err, Buffer b) {
    EXPECT_EQ(err, nullptr);
    events.push_back("randomBytes " + std::to_string(b.size()));
  });
  Buffer target = Buffer::alloc(8);
  crypto::randomFill(target, 4, [&, target](Error* err, Buffer same) {
    EXPECT_EQ(same.data(), target.data());
    EXPECT_EQ(target.readUInt32LE(0), 0u);
    events.push_back("randomFill");
  });
  events.push_back("sync");
  run();
  ASSERT_EQ(events.size(), 5u);
  EXPECT_EQ(events[0], "sync");
  std::sort(events.begin(), events.end());
  EXPECT_EQ(events[0], "pbkdf2 4b007901b765489abead49d926f721d065a429c1");
  EXPECT_EQ(events[3],
            "scrypt " + crypto::scryptSync("", "", 16, {.N = 16, .r = 1, .p = 1}).toString("hex"));
}

TEST_F(CryptoAsync, ArgumentErrorsThrowAtTheCall) {
  EXPECT_THROW(crypto::pbkdf2("p", "s", 0, 10, "sha1", [](Error*, Buffer) { FAIL(); }), RangeError);
  EXPECT_THROW(crypto::scrypt("p", "s", 16, {.N = 3}, [](Error*, Buffer) { FAIL(); }), RangeError);
  EXPECT_THROW(crypto::randomBytes(-1, [](Error*, Buffer) { FAIL(); }), RangeError);
  run();
}

TEST_F(CryptoAsync, PromisesResolveAndReject) {
  Deadline deadline(20000);
  std::string key;
  std::string error;
  crypto::promises::pbkdf2("password", "salt", 1, 20, "sha1").then([&](Buffer& k) {
    key = k.toString("hex");
  });
  crypto::promises::scrypt("p", "s", 16, {.N = 3})
      .then([](Buffer&) { FAIL(); }, [&](std::exception_ptr e) { error = messageOf(e); });
  run();
  EXPECT_EQ(key, "0c60c80f961f0e71f3a9b524af6012062fe037a6");
  EXPECT_EQ(error, "Invalid scrypt params");
}

TEST_F(CryptoAsync, RandomIntCallbackComesOnTheNextTick) {
  std::vector<std::string> events;
  crypto::randomInt(3, 9, [&](Error* err, int64_t n) {
    EXPECT_EQ(err, nullptr);
    EXPECT_GE(n, 3);
    EXPECT_LT(n, 9);
    events.push_back("int");
  });
  events.push_back("sync");
  run();
  EXPECT_EQ(events, (std::vector<std::string>{"sync", "int"}));
}

}  // namespace
}  // namespace nodecc::test
