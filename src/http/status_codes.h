#pragma once
// Reason phrases by status code: Node's http.STATUS_CODES, one table.
#include <string_view>

namespace nodecc::http {

// "OK" for 200; "" for a code Node does not name.
std::string_view statusReason(int status);

}  // namespace nodecc::http
