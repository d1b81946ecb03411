#include "http/methods.h"

namespace nodecc::http::core {
namespace {

constexpr std::string_view kMethodNames[] = {
#define NODECC_HTTP_METHOD_NAME(id, name) name,
    NODECC_HTTP_METHODS(NODECC_HTTP_METHOD_NAME)
#undef NODECC_HTTP_METHOD_NAME
};
constexpr size_t kMethodCount = sizeof(kMethodNames) / sizeof(kMethodNames[0]);

constexpr bool longestIsMax() {
  size_t longest = 0;
  for (std::string_view name : kMethodNames) {
    longest = name.size() > longest ? name.size() : longest;
  }
  return longest == kMaxMethodLength;
}
static_assert(longestIsMax(), "kMaxMethodLength must match the table");

}  // namespace

Method findMethod(std::string_view name) {
  for (size_t i = 0; i < kMethodCount; ++i) {
    if (kMethodNames[i] == name) {
      return static_cast<Method>(i);
    }
  }
  return Method::kUnknown;
}

std::string_view methodName(Method m) {
  const auto i = static_cast<size_t>(m);
  return i < kMethodCount ? kMethodNames[i] : std::string_view();
}

}  // namespace nodecc::http::core
