#pragma once
// Text helpers of Express's packages: escape-html, encodeurl, content-disposition, etag,
// fresh, type-is. Byte-level helpers are text::core's (text/ascii.h).
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nodecc/express.h"
#include "text/ascii.h"

namespace nodecc::express::detail {

struct Ctx;
struct Signal;

// escape-html: & < > " ' as entities.
std::string escapeHtml(std::string_view s);
// encodeurl 2: every byte outside the URL's allowed set, and a '%' not starting %XX, as %XX.
std::string encodeUrl(std::string_view url);
std::string lowerHeader(std::string_view name);
// content-disposition: "attachment" with filename (and filename* beyond ISO-8859-1).
std::string contentDisposition(std::string_view filename);
// etag: W/"<length hex>-<sha1 base64, 27 chars>" (strong without W/).
std::string entityTag(std::string_view body, bool weak);
// fresh 2: whether the conditional request's validators match the response's.
bool isFresh(const http::IncomingHttpHeaders& headers, std::string_view etag,
             std::string_view lastModified);
// type-is: req.is(types) (nullopt: false or no body).
std::optional<std::string> typeIs(const Request& req,
                                  std::initializer_list<std::string_view> types);
// type-is's is(mediaType, types): the first of types the media type matches.
std::optional<std::string> typeMatch(std::string_view contentType,
                                     const std::vector<std::string>& types);
// Whether the request has a body (type-is's hasBody).
bool hasBody(const Request& req);
// vary 1: adds `field` to the response's Vary header unless it is there (or "*").
void vary(http::ServerResponse& res, std::string_view field);
// finalhandler (final_handler.cc).
void finalHandler(Ctx& ctx, const Signal& signal);

}  // namespace nodecc::express::detail
