#pragma once
// `nodecc serve --redirect-http PORT`: a cleartext listener that sends every request to the
// https server, as nginx's `return 301 https://$host$request_uri;` does.
#include <nodecc/nodecc.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "access_log.h"

namespace nodecc::cli {

// The Location of the redirect: "https://" + the host of `target` (absolute-form) or else of
// `hostField`, without its port, lower-cased + ":tlsPort" unless 443 + the target's path and
// query. "" when there is no host or it is not a plain name, an IPv4 or a bracketed IPv6
// literal (the request then gets 400).
std::string httpsLocation(std::string_view hostField, std::string_view target, uint16_t tlsPort);

// An http server answering every request with httpsLocation's 301 (400 without a usable host);
// HEAD gets the head alone. Each response is written to `log` when it is open. Loop thread only;
// the caller listens.
http::Server& createRedirectServer(uint16_t tlsPort, std::shared_ptr<AccessLog> log);

}  // namespace nodecc::cli
