// JSON.parse: the parser, then the reviver's walk (ECMAScript's InternalizeJSONProperty).
#include <string>

#include "api/json/parser.h"
#include "nodecc/json.h"

namespace nodecc::JSON {

namespace {

// The reviver sees each member and element after its children, in property order. The keys of
// an object are those it had before the walk (the reviver cannot add any: it never holds the
// object), and the members it returns undefined for are removed after the walk.
Value internalize(std::string_view key, Value value, const Reviver& reviver) {
  if (value.isArray()) {
    Array& a = value.asArray();
    for (std::size_t i = 0; i < a.size(); ++i) {
      a[i] = internalize(detail::indexKey(i), std::move(a[i]), reviver);
    }
  } else if (value.isObject()) {
    Object& o = value.asObject();
    bool removed = false;
    for (auto& [memberKey, memberValue] : o) {
      memberValue = internalize(memberKey, std::move(memberValue), reviver);
      removed = removed || memberValue.isUndefined();
    }
    if (removed) {
      Object kept;
      kept.reserve(o.size());
      for (auto& [memberKey, memberValue] : o) {
        if (!memberValue.isUndefined()) {
          kept.set(memberKey, std::move(memberValue));
        }
      }
      o = std::move(kept);
    }
  }
  return reviver(key, std::move(value));
}

}  // namespace

Value parse(std::string_view text, const ParseOptions& options) {
  return detail::Parser(text, options.maxDepth).parse();
}

Value parse(std::string_view text, const Reviver& reviver, const ParseOptions& options) {
  Value root = parse(text, options);
  if (!reviver) {
    return root;
  }
  return internalize("", std::move(root), reviver);
}

}  // namespace nodecc::JSON
