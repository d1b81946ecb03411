#pragma once
// Reason phrases by status code: Node's http.STATUS_CODES, one table.
#include <string_view>

namespace nodecc::http::core {

// "OK" for 200; "" for a code Node does not name.
std::string_view statusReason(int status);

// "HTTP/1.1 200 OK\r\n": the whole status line with Node's reason, built once at start-up, so a
// response head starts with one copy; "" for a code Node does not name.
std::string_view statusLine(int status);

}  // namespace nodecc::http::core
