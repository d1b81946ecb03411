#pragma once
// The connection pool fetch() uses (undici's global dispatcher in Node): one keep-alive agent
// per thread, apart from http::globalAgent().
#include "nodecc/http_client.h"

namespace nodecc::detail {

http::Agent& fetchAgent();

}  // namespace nodecc::detail
