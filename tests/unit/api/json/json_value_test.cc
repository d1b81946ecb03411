// JSON::Value, Array and Object as a C++ user holds them: building, reading (missing is
// undefined, never a throw), writing through operator[] as JavaScript assigns, typed access
// errors, truthiness, equality, iteration, copies and moves.
#include <gtest/gtest.h>
#include <nodecc/json.h>

#include <string>
#include <vector>

namespace JSON = nodecc::JSON;

namespace {

std::string typeErrorOf(auto&& f) {
  try {
    f();
  } catch (const nodecc::TypeError& e) {
    return e.message;
  }
  return "no error";
}

}  // namespace

TEST(JsonValue, BuildsFromCpp) {
  JSON::Value v = JSON::Object{{"a", 1}, {"b", "x"}, {"n", nullptr}, {"t", true}};
  v["c"] = JSON::Array{1, 2.5, "three"};
  EXPECT_EQ(JSON::stringify(v), R"({"a":1,"b":"x","n":null,"t":true,"c":[1,2.5,"three"]})");
  EXPECT_EQ(sizeof(JSON::Value), 16u);
  EXPECT_TRUE(JSON::Value().isUndefined());
  EXPECT_EQ(JSON::Value(std::string(40, 'x')).asString(), std::string(40, 'x'));
}

TEST(JsonValue, MissingReadsAsUndefinedWithoutInserting) {
  JSON::Value v = JSON::parse(R"({"a":{"b":[10,20]}})");
  EXPECT_EQ(v["a"]["b"][1].asNumber(), 20);
  EXPECT_TRUE(v["a"]["missing"]["deeper"][3].isUndefined());
  EXPECT_TRUE(v["a"]["b"][2].isUndefined());
  EXPECT_TRUE(v["a"]["b"][-1].isUndefined());
  EXPECT_TRUE(v[0].isUndefined());
  EXPECT_FALSE(v["nope"]);
  EXPECT_EQ(JSON::stringify(v), R"({"a":{"b":[10,20]}})");  // nothing was inserted
  EXPECT_EQ(v["a"]["b"]["1"].asNumber(), 20);               // arr["1"] is arr[1]
}

TEST(JsonValue, AssignsLikeJavaScript) {
  JSON::Value v = JSON::Object{};
  v["x"] = 1;
  v["x"] = 2;  // in place
  v["list"] = JSON::Array{};
  v["list"][2] = "c";  // grows with holes, printed as null
  v["list"].push("d");
  v["o"] = JSON::Object{};
  v["o"]["k"] = v["x"];
  EXPECT_EQ(JSON::stringify(v), R"({"x":2,"list":[null,null,"c","d"],"o":{"k":2}})");
  EXPECT_EQ(typeErrorOf([&] { v["missing"]["k"] = 1; }),
            "Cannot set properties of undefined (setting 'k')");
  EXPECT_EQ(typeErrorOf([&] { v["x"]["k"] = 1; }), "Cannot create property 'k' on number '2'");
  EXPECT_EQ(typeErrorOf([&] {
              JSON::Value n = nullptr;
              n["k"] = 1;
            }),
            "Cannot set properties of null (setting 'k')");
  EXPECT_TRUE(v.erase("x"));
  EXPECT_FALSE(v.erase("x"));
  EXPECT_FALSE(v.has("x"));
}

TEST(JsonValue, TypedAccessNamesTheActualType) {
  JSON::Value v = JSON::parse(R"({"n":1,"s":"x","a":[],"o":{}})");
  EXPECT_EQ(typeErrorOf([&] { v["n"].asString(); }), "Expected a string, got a number");
  EXPECT_EQ(typeErrorOf([&] { v["s"].asNumber(); }), "Expected a number, got a string");
  EXPECT_EQ(typeErrorOf([&] { v["a"].asObject(); }), "Expected an object, got an array");
  EXPECT_EQ(typeErrorOf([&] { v["o"].asArray(); }), "Expected an array, got an object");
  EXPECT_EQ(typeErrorOf([&] { v["none"].asBool(); }), "Expected a boolean, got undefined");
  EXPECT_EQ(typeErrorOf([&] { v.push(1); }), "Expected an array, got an object");
  EXPECT_EQ(v["n"].typeName(), "number");
  EXPECT_EQ(JSON::Value(nullptr).typeName(), "null");
}

TEST(JsonValue, TruthinessIsJavaScripts) {
  for (const char* falsy : {"0", "-0", "\"\"", "null", "false"}) {
    EXPECT_FALSE(JSON::parse(falsy)) << falsy;
  }
  EXPECT_FALSE(JSON::Value());
  EXPECT_FALSE(JSON::Value(std::nan("")));
  for (const char* truthy : {"1", "-1", "\"0\"", "\" \"", "true", "[]", "{}"}) {
    EXPECT_TRUE(JSON::parse(truthy)) << truthy;
  }
}

TEST(JsonValue, EqualityIsDeep) {
  EXPECT_EQ(JSON::parse(R"({"a":[1,{"b":null}],"c":"x"})"),
            JSON::parse(R"({"c":"x","a":[1,{"b":null}]})"));
  EXPECT_NE(JSON::parse("[1,2]"), JSON::parse("[2,1]"));
  EXPECT_EQ(JSON::Value(0.0), JSON::Value(-0.0));
  EXPECT_NE(JSON::Value(std::nan("")), JSON::Value(std::nan("")));
  EXPECT_EQ(JSON::parse("\"abc\"")["x"], JSON::Value());
  JSON::Value v = JSON::parse(R"({"n":3,"s":"three"})");
  EXPECT_TRUE(v["n"] == 3);
  EXPECT_TRUE(v["s"] == "three");
  EXPECT_FALSE(v["n"] == "3");
}

TEST(JsonValue, IteratesMembersAndElements) {
  JSON::Value v = JSON::parse(R"({"b":1,"a":[true,"x"],"2":null})");
  std::string keys;
  for (auto& [key, value] : v.asObject()) {
    keys += std::string(key) + ":" + std::string(value.typeName()) + " ";
  }
  EXPECT_EQ(keys, "2:null b:number a:array ");
  int count = 0;
  for (const JSON::Value& e : v["a"].asArray()) {
    count += e ? 1 : 0;
  }
  EXPECT_EQ(count, 2);
  for (auto& [key, value] : v.asObject()) {
    value = std::string(key);  // values are writable, keys are not
  }
  EXPECT_EQ(JSON::stringify(v), R"({"2":"2","b":"b","a":"a"})");
}

TEST(JsonValue, ObjectInsertsArrayIndexKeysInNumericOrder) {
  JSON::Object o{{"z", 1}, {"10", 2}};
  o.set("2", 3);
  o["a"] = 4;
  o.set("10", 5);
  EXPECT_EQ(JSON::stringify(JSON::Value(o)), R"({"2":3,"10":5,"z":1,"a":4})");
  EXPECT_TRUE(o.contains("z"));
  EXPECT_EQ(o.find("nope"), nullptr);
}

TEST(JsonValue, LargeObjectsStayConsistentThroughEdits) {
  JSON::Object o;
  for (int i = 0; i < 500; ++i) {
    o.set("key" + std::to_string(i), i);
  }
  for (int i = 0; i < 500; i += 2) {
    EXPECT_TRUE(o.erase("key" + std::to_string(i)));
  }
  o.set("7", "index");
  ASSERT_EQ(o.size(), 251u);
  for (int i = 1; i < 500; i += 2) {
    ASSERT_NE(o.find("key" + std::to_string(i)), nullptr) << i;
    EXPECT_EQ(o.find("key" + std::to_string(i))->asNumber(), i);
  }
  EXPECT_EQ(o.begin()->key(), "7");
  JSON::Object copy = o;
  EXPECT_EQ(copy, o);
  EXPECT_EQ(copy["key499"].asNumber(), 499);
}

TEST(JsonValue, CopiesAreDeepMovesLeaveUndefined) {
  JSON::Value a = JSON::parse(R"({"list":[1,2,3],"name":"a long enough string value"})");
  JSON::Value b = a;
  b["list"].push(4);
  EXPECT_EQ(a["list"].size(), 3u);
  EXPECT_EQ(b["list"].size(), 4u);
  JSON::Value c = std::move(b);
  EXPECT_TRUE(b.isUndefined());  // NOLINT: a moved-from Value is undefined
  EXPECT_EQ(c["name"].asString(), "a long enough string value");
  c = std::move(c["list"]);  // a child replacing its parent
  EXPECT_EQ(JSON::stringify(c), "[1,2,3,4]");
}

TEST(JsonValue, ArrayHasVectorsInterface) {
  JSON::Array a{1, 2, 3};
  a.insert(a.begin() + 1, "x");
  a.erase(a.begin());
  a.push_back(nullptr);
  a.emplace_back(true);
  EXPECT_EQ(JSON::stringify(JSON::Value(a)), R"(["x",2,3,null,true])");
  a.resize(2);
  EXPECT_EQ(a.back().asNumber(), 2);
  a.pop_back();
  EXPECT_EQ(a.size(), 1u);
  a.clear();
  EXPECT_TRUE(a.empty());
  EXPECT_EQ(JSON::Array(3).size(), 3u);
}
