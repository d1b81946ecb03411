// promisify and callbackify: several values, synchronous throws, void results.
#include <gtest/gtest.h>
#include <nodecc/nodecc.h>

#include "unit/api/api_test_util.h"

namespace nodecc {
namespace {

using PromisifyTest = test::ApiTest;

void twoValues(int x, UniqueFunction<void(Error*, int, std::string)> cb) {
  process::nextTick([x, cb = std::move(cb)]() mutable { cb(nullptr, x, "v"); });
}
void throwsAtOnce(int, UniqueFunction<void(Error*)>) {
  throw Error("ERR_X", "thrown before the callback");
}

TEST_F(PromisifyTest, ResolvesSeveralValuesAsATuple) {
  auto p = util::promisify(twoValues);
  std::tuple<int, std::string> got;
  p(7).then([&](std::tuple<int, std::string>& v) { got = v; });
  nodecc::run();
  EXPECT_EQ(got, std::make_tuple(7, std::string("v")));
}

TEST_F(PromisifyTest, RejectsWhenTheFunctionThrows) {
  auto p = util::promisify(throwsAtOnce);
  std::string code;
  p(1).catch_([&](std::exception_ptr e) { code = toError(e).code; });
  nodecc::run();
  EXPECT_EQ(code, "ERR_X");
}

TEST_F(PromisifyTest, CallbackifyCallsBackAfterAVoidPromise) {
  auto f = util::callbackify([]() -> Promise<> { co_return; });
  int calls = 0;
  bool gotError = true;
  f([&](Error* err) {
    ++calls;
    gotError = err != nullptr;
  });
  EXPECT_EQ(calls, 0);  // never synchronously
  nodecc::run();
  EXPECT_EQ(calls, 1);
  EXPECT_FALSE(gotError);
}

}  // namespace
}  // namespace nodecc
