// fetch's Request without a network: undici's constructor checks, the body read once, json()
// values and V8's SyntaxError text, a byte order mark dropped.
#include <gtest/gtest.h>
#include <nodecc/fetch.h>

#include <string>

#include "unit/api/api_test_util.h"

namespace nodecc::test {
namespace {

using FetchRequest = ApiTest;

std::string describe(const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const Error& err) {
    return err.name + ": " + err.message;
  } catch (...) {
    return "?";
  }
}

TEST_F(FetchRequest, NormalizesTheUrlAndMethodAndTypesAStringBody) {
  RequestInit init{.method = "post", .body = "x"};
  Request r("http://127.0.0.1:8080", init);
  EXPECT_EQ(r.url, "http://127.0.0.1:8080/");
  EXPECT_EQ(r.method, "POST");
  EXPECT_EQ(r.headers.get("content-type").value_or(""), "text/plain;charset=UTF-8");
  RequestInit patch{.method = "patch"};
  EXPECT_EQ(Request("http://a/", patch).method, "patch");  // not one of the six: kept
}

TEST_F(FetchRequest, RejectsWhatUndiciRejects) {
  RequestInit getBody{.body = "x"};
  RequestInit trace{.method = "trace"};
  try {
    Request r("http://a/", getBody);
    FAIL();
  } catch (const TypeError& e) {
    EXPECT_EQ(e.message, "Request with GET/HEAD method cannot have body.");
  }
  try {
    Request r("nope");
    FAIL();
  } catch (const TypeError& e) {
    EXPECT_EQ(e.message, "Failed to parse URL from nope");
  }
  try {
    Request r("http://a/", trace);
    FAIL();
  } catch (const TypeError& e) {
    EXPECT_EQ(e.message, "'trace' HTTP method is unsupported.");
  }
}

TEST_F(FetchRequest, JsonParsesOnceAndDropsAByteOrderMark) {
  RequestInit init{.method = "PUT", .body = "\xEF\xBB\xBF{\"k\":[1,2]}"};
  Request r("http://a/", init);
  auto v = r.json();
  EXPECT_TRUE(r.bodyUsed());
  auto again = r.text();
  again.catch_([](std::exception_ptr) { return std::string(); });
  run();
  ASSERT_TRUE(v.isFulfilled());
  EXPECT_EQ(JSON::stringify(*v.state().value), "{\"k\":[1,2]}");
  ASSERT_TRUE(again.isRejected());
  EXPECT_EQ(describe(again.state().error),
            "TypeError: Body is unusable: Body has already been read");
}

TEST_F(FetchRequest, MalformedAndEmptyBodiesRejectWithV8Messages) {
  RequestInit bad{.method = "POST", .body = "{\"a\": bad}"};
  Request r("http://a/", bad);
  Request empty("http://a/");
  auto p = r.json();
  auto q = empty.json();
  p.catch_([](std::exception_ptr) { return JSON::Value(); });
  q.catch_([](std::exception_ptr) { return JSON::Value(); });
  run();
  EXPECT_EQ(describe(p.state().error),
            "SyntaxError: Unexpected token 'b', \"{\"a\": bad}\" is not valid JSON");
  EXPECT_EQ(describe(q.state().error), "SyntaxError: Unexpected end of JSON input");
  EXPECT_FALSE(empty.bodyUsed());  // no body: never disturbed
}

struct Item {
  std::string name;
  double n;
};
NODECC_JSON(Item, name, n);

TEST_F(FetchRequest, JsonIntoADeclaredStruct) {
  RequestInit init{.method = "POST", .body = "{\"name\":\"ada\",\"n\":7}"};
  Request r("http://a/", init);
  auto p = r.json<Item>();
  run();
  ASSERT_TRUE(p.isFulfilled());
  EXPECT_EQ(p.state().value->name, "ada");
  EXPECT_EQ(p.state().value->n, 7);
}

}  // namespace
}  // namespace nodecc::test
