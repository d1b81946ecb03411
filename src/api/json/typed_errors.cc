// The errors of the typed path (nodecc/detail/json_typed.h), naming where in the document the
// mismatch is: "Expected a number at points[3].x, got a string".
#include <string>
#include <vector>

#include "api/json/number.h"
#include "nodecc/json.h"

namespace nodecc::JSON::detail {

namespace {

std::string render(const Path* path) {
  std::vector<const Path*> frames;
  for (; path; path = path->parent) {
    frames.push_back(path);
  }
  std::string out;
  for (auto it = frames.rbegin(); it != frames.rend(); ++it) {
    const Path* frame = *it;
    if (frame->isIndex) {
      out += '[' + std::to_string(frame->index) + ']';
    } else {
      if (!out.empty()) {
        out += '.';
      }
      out += frame->key;
    }
  }
  return out;
}

std::string where(const Path* path) {
  return path ? " at " + render(path) : std::string();
}

std::string got(const Value& v) {
  switch (v.type()) {
    case Type::Undefined:
      return "undefined";
    case Type::Null:
      return "null";
    case Type::Boolean:
      return v.asBool() ? "true" : "false";
    case Type::Number:
      return numberToString(v.asNumber());
    case Type::String:
      return "a string";
    case Type::Array:
      return "an array";
    case Type::Object:
      return "an object";
  }
  return "undefined";
}

}  // namespace

void throwTypeMismatch(const Path* path, std::string_view expected, const Value& v) {
  throw TypeError("", "Expected " + std::string(expected) + where(path) + ", got " + got(v));
}

void throwNotInteger(const Path* path, const Value& v) {
  throw TypeError("", "Expected an integer" + where(path) + ", got " + got(v));
}

void throwOutOfRange(const Path* path, const Value& v, long double min, long double max) {
  throw RangeError("", "Expected an integer from " + std::to_string(static_cast<long long>(min)) +
                           " to " + std::to_string(static_cast<unsigned long long>(max)) +
                           where(path) + ", got " + got(v));
}

void throwArrayLength(const Path* path, std::size_t expected, std::size_t got) {
  throw TypeError("", "Expected an array of " + std::to_string(expected) + " elements" +
                          where(path) + ", got " + std::to_string(got));
}

}  // namespace nodecc::JSON::detail
