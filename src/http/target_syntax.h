#pragma once
// Syntax of what a request names: the request-target forms (RFC 9112 §3.2) and the Host
// field (RFC 9110 §7.2, RFC 3986 §3.2.2). Pure checks over bytes already known to be visible
// ASCII; no allocation, no decoding.
#include <string_view>

#include "http/methods.h"

namespace nodecc::http::core {

// True when `target` has a form allowed for `method`: origin-form ("/path?query") or
// absolute-form ("scheme://authority...") for every method but CONNECT, which takes only
// authority-form ("host:port"), and asterisk-form ("*") for OPTIONS only.
bool isValidTarget(Method method, std::string_view target);

// True when `value` is a valid Host field value: uri-host [":" port], where uri-host is a
// reg-name (which covers IPv4), "[IPv6]" or "[vX.future]", and port is at most 5 digits
// (<= 65535). Empty is valid (RFC 9112 §3.2: a target without authority sends an empty Host).
bool isValidHost(std::string_view value);

}  // namespace nodecc::http::core
