// JSON.stringify over a Value: ECMAScript's SerializeJSONProperty with its replacer forms
// (a function, or a list of keys) and its gap; without a replacer, a direct walk.
#include <algorithm>
#include <cmath>
#include <string>

#include "api/json/utf8.h"
#include "api/json/value_access.h"
#include "nodecc/json.h"

namespace nodecc::JSON {

namespace detail {

void writeValue(Writer& w, const Array& a) {
  w.openArray();
  for (const Value& e : a) {
    w.element();
    if (e.isUndefined()) {
      w.null();
    } else {
      writeValue(w, e);
    }
  }
  w.closeArray();
}

void writeValue(Writer& w, const Object& o) {
  w.openObject();
  for (const Member& m : o) {
    if (!m.value().isUndefined()) {
      writeKey(w, m);
      writeValue(w, m.value());
    }
  }
  w.closeObject();
}

void writeValue(Writer& w, const Value& v) {
  switch (v.type()) {
    case Type::Undefined:  // a root or a replacer's result; members and elements never get here
    case Type::Null:
      w.null();
      break;
    case Type::Boolean:
      w.boolean(v.asBool());
      break;
    case Type::Number:
      w.number(v.asNumber());
      break;
    case Type::String:
      if (ValueAccess::isPlainShortString(v)) {
        w.plainStringPadded<sizeof(Value)>(ValueAccess::shortData(v), ValueAccess::shortSize(v));
      } else {
        w.string(v.asString());
      }
      break;
    case Type::Array:
      writeValue(w, v.asArray());
      break;
    case Type::Object:
      writeValue(w, v.asObject());
      break;
  }
}

namespace {

// SerializeJSONProperty with a replacer function: every value goes through it first (the
// value is moved in and what it returns is written), so a replacer that returns its argument
// costs no copy.
class ReplacingWriter {
 public:
  ReplacingWriter(Writer& w, const Replacer::Function& replacer) : w_(w), replacer_(replacer) {}

  // Writes holder[key]'s value after the replacer; false when the result is undefined (the
  // member is then left out, or an element written as null).
  bool property(std::string_view key, Value value, bool isMember) {
    Value v = replacer_(key, std::move(value));
    if (v.isUndefined()) {
      return false;
    }
    if (isMember) {
      w_.key(key);
    }
    write(std::move(v));
    return true;
  }

 private:
  void write(Value v) {
    if (v.isArray()) {
      Array& a = v.asArray();
      w_.openArray();
      for (std::size_t i = 0; i < a.size(); ++i) {
        w_.element();
        if (!property(indexKey(i), std::move(a[i]), false)) {
          w_.null();
        }
      }
      w_.closeArray();
    } else if (v.isObject()) {
      w_.openObject();
      for (auto& [key, value] : v.asObject()) {
        property(key, std::move(value), true);
      }
      w_.closeObject();
    } else {
      writeValue(w_, v);
    }
  }

  Writer& w_;
  const Replacer::Function& replacer_;
};

// A key list (the array form): objects write the listed keys they have, in the list's order.
class KeyListWriter {
 public:
  KeyListWriter(Writer& w, const std::vector<std::string>& keys) : w_(w), keys_(keys) {}

  void write(const Value& v) {
    if (v.isArray()) {
      w_.openArray();
      for (const Value& e : v.asArray()) {
        w_.element();
        if (e.isUndefined()) {
          w_.null();
        } else {
          write(e);
        }
      }
      w_.closeArray();
    } else if (v.isObject()) {
      const Object& o = v.asObject();
      w_.openObject();
      for (const std::string& key : keys_) {
        const Value* member = o.find(key);
        if (member && !member->isUndefined()) {
          w_.key(key);
          write(*member);
        }
      }
      w_.closeObject();
    } else {
      writeValue(w_, v);
    }
  }

 private:
  Writer& w_;
  const std::vector<std::string>& keys_;
};

}  // namespace
}  // namespace detail

Replacer::Replacer(std::vector<std::string> keys) : isKeyList_(true) {
  // ECMAScript keeps the first occurrence of each key.
  for (std::string& key : keys) {
    if (std::find(keys_.begin(), keys_.end(), key) == keys_.end()) {
      keys_.push_back(std::move(key));
    }
  }
}

Replacer::Replacer(std::initializer_list<std::string_view> keys)
    : Replacer(std::vector<std::string>(keys.begin(), keys.end())) {}

Space::Space(double n) {
  // ToIntegerOrInfinity, then clamped to 10.
  double count = std::isnan(n) ? 0 : std::trunc(n);
  if (count >= 1) {
    gap_.assign(count > 10 ? 10 : static_cast<std::size_t>(count), ' ');
  }
}

Space::Space(std::string_view s) {
  // The first 10 UTF-16 code units. A cut through a surrogate pair leaves a lone surrogate,
  // which Node prints as U+FFFD: so is it written here.
  std::u16string units = detail::toUtf16(s);
  if (units.size() > 10) {
    units.resize(10);
  }
  gap_ = detail::toUtf8ForMessage(units);
}

std::string stringify(const Value& value, const Replacer& replacer, const Space& space) {
  detail::Writer w(space.gap());
  if (replacer.function()) {
    detail::ReplacingWriter writer(w, replacer.function());
    if (!writer.property("", value, false)) {
      return {};
    }
  } else if (value.isUndefined()) {
    return {};
  } else if (replacer.isKeyList()) {
    detail::KeyListWriter(w, replacer.keys()).write(value);
  } else {
    detail::writeValue(w, value);
  }
  return w.take();
}

}  // namespace nodecc::JSON
