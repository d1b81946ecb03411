#pragma once
// The request methods nodecc implements: Node's http.METHODS. A syntactically valid method
// that is not in this table is answered 501 (RFC 9110 §9.1), as llhttp rejects it too.
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace nodecc::http::core {

// Most frequent first: lookup walks the table in this order.
#define NODECC_HTTP_METHODS(X) \
  X(kGet, "GET")               \
  X(kPost, "POST")             \
  X(kHead, "HEAD")             \
  X(kPut, "PUT")               \
  X(kDelete, "DELETE")         \
  X(kOptions, "OPTIONS")       \
  X(kPatch, "PATCH")           \
  X(kConnect, "CONNECT")       \
  X(kTrace, "TRACE")           \
  X(kAcl, "ACL")               \
  X(kBind, "BIND")             \
  X(kCheckout, "CHECKOUT")     \
  X(kCopy, "COPY")             \
  X(kLink, "LINK")             \
  X(kLock, "LOCK")             \
  X(kMSearch, "M-SEARCH")      \
  X(kMerge, "MERGE")           \
  X(kMkactivity, "MKACTIVITY") \
  X(kMkcalendar, "MKCALENDAR") \
  X(kMkcol, "MKCOL")           \
  X(kMove, "MOVE")             \
  X(kNotify, "NOTIFY")         \
  X(kPropfind, "PROPFIND")     \
  X(kProppatch, "PROPPATCH")   \
  X(kPurge, "PURGE")           \
  X(kQuery, "QUERY")           \
  X(kRebind, "REBIND")         \
  X(kReport, "REPORT")         \
  X(kSearch, "SEARCH")         \
  X(kSource, "SOURCE")         \
  X(kSubscribe, "SUBSCRIBE")   \
  X(kUnbind, "UNBIND")         \
  X(kUnlink, "UNLINK")         \
  X(kUnlock, "UNLOCK")         \
  X(kUnsubscribe, "UNSUBSCRIBE")

enum class Method : uint8_t {
#define NODECC_HTTP_METHOD_ENUM(id, name) id,
  NODECC_HTTP_METHODS(NODECC_HTTP_METHOD_ENUM)
#undef NODECC_HTTP_METHOD_ENUM
      kUnknown,
};

// Bytes of the longest method in the table: a longer token cannot be one (-> 501 at once).
inline constexpr size_t kMaxMethodLength = 11;  // "UNSUBSCRIBE"

// The table entry for `name` (case-sensitive, RFC 9110 §9.1), or Method::kUnknown.
Method findMethod(std::string_view name);
std::string_view methodName(Method m);  // "" for kUnknown

}  // namespace nodecc::http::core
