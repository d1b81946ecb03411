#pragma once
// Helpers shared by the legacy url.parse()/url.format() (legacy.cc) and
// url.resolveObject() (resolve.cc).
#include <optional>
#include <string>
#include <string_view>

namespace nodecc::url::detail {

// JS truthiness of a nullable string: non-null and non-empty.
inline bool truthy(const std::optional<std::string>& s) {
  return s && !s->empty();
}

// Node's slashedProtocol set (http, https, ftp, gopher, file, ws, wss; with or without ':').
bool isSlashedProtocol(std::string_view protocol);
// Node's hostlessProtocol and unsafeProtocol sets (javascript, with or without ':').
bool isHostlessProtocol(std::string_view protocol);

}  // namespace nodecc::url::detail
