// http-errors' HttpError and createError: an Error carrying the HTTP status finalhandler
// answers with. In a file of its own, away from the application, so the parsers that throw it
// (body-parser's, the route parameters' decoding) link without the rest of Express.
#include <cctype>

#include "http/status_codes.h"
#include "nodecc/express.h"

namespace nodecc::express {

HttpError::HttpError(int status, std::string message)
    : Error(message.empty() ? std::string(http::core::statusReason(status)) : std::move(message)),
      status(status),
      statusCode(status),
      expose(status < 500) {
  std::string_view m = http::core::statusReason(status);
  if (m.empty()) {
    name = "Error";
  } else {
    // http-errors' class names: "Not Found" -> NotFoundError.
    name.clear();
    bool upper = true;
    for (char c : m) {
      if (std::isalnum(static_cast<unsigned char>(c))) {
        name += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
        upper = false;
      } else {
        upper = true;
      }
    }
    if (name.size() < 5 || name.compare(name.size() - 5, 5, "Error") != 0) {
      name += "Error";
    }
  }
}

HttpError createError(int status, std::string message) {
  return HttpError(status, std::move(message));
}

}  // namespace nodecc::express
