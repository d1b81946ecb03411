#pragma once
// console's machinery (see nodecc/console.h): console.table's rows and columns, collected the
// way Node's console.table walks a JavaScript value, then drawn by src/api/console/table.cc;
// JavaScript's String(value), which console.assert applies to its first argument; and the
// duration format of console.timeEnd.
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "nodecc/util.h"

namespace nodecc::util::detail {

// Array.prototype.join leaves null and undefined out.
template <class T>
bool isNullOrUndefined(const T& v) {
  if constexpr (std::is_same_v<T, std::nullptr_t> || std::is_same_v<T, std::nullopt_t> ||
                std::is_same_v<T, Undefined> || std::is_same_v<T, std::monostate>) {
    return true;
  } else if constexpr (IsOptional<T>::value) {
    return !v || isNullOrUndefined(*v);
  } else if constexpr (IsSmartPointer<T>::value) {
    return !v;
  } else {
    return false;
  }
}

// JavaScript's String(value) for the values nodecc/util.h maps (an array joins its elements
// with commas, an object is "[object Object]").
std::string jsNumberString(double v);

template <class T>
std::string jsString(const T& v) {
  if constexpr (std::is_same_v<T, bool>) {
    return v ? "true" : "false";
  } else if constexpr (std::is_same_v<T, char>) {
    return std::string(1, v);
  } else if constexpr (std::is_integral_v<T>) {
    return std::to_string(v);
  } else if constexpr (std::is_floating_point_v<T>) {
    return jsNumberString(double(v));
  } else if constexpr (std::is_enum_v<T>) {
    return jsString(std::underlying_type_t<T>(v));
  } else if constexpr (std::is_same_v<T, std::nullptr_t>) {
    return "null";
  } else if constexpr (std::is_same_v<T, std::nullopt_t> || std::is_same_v<T, Undefined> ||
                       std::is_same_v<T, std::monostate>) {
    return "undefined";
  } else if constexpr (std::is_same_v<T, BigInt>) {
    return std::to_string(v.value);
  } else if constexpr (std::is_same_v<T, const char*> || std::is_same_v<T, char*>) {
    return v ? std::string(v) : std::string("null");
  } else if constexpr (StringLike<T>) {
    return std::string(std::string_view(v));
  } else if constexpr (std::is_base_of_v<Error, T>) {
    return v.toString();
  } else if constexpr (std::is_base_of_v<std::exception, T>) {
    return "Error: " + std::string(v.what());
  } else if constexpr (HasToString<T>) {
    return v.toString();
  } else if constexpr (IsOptional<T>::value) {
    return v ? jsString(*v) : std::string("undefined");
  } else if constexpr (IsVariant<T>::value) {
    return std::visit([](const auto& x) { return jsString(x); }, v);
  } else if constexpr (IsSmartPointer<T>::value) {
    return v ? jsString(*v) : std::string("null");
  } else if constexpr (IsReferenceWrapper<T>::value) {
    return jsString(v.get());
  } else if constexpr (MapLike<T>) {
    return "[object Map]";
  } else if constexpr (SetLike<T>) {
    return "[object Set]";
  } else if constexpr (RangeLike<T>) {
    std::string out;
    bool first = true;
    for (const auto& x : v) {
      if (!first) {
        out += ',';
      }
      first = false;
      if constexpr (requires { typename T::value_type; }) {
        const typename T::value_type& e = x;
        if (!isNullOrUndefined(e)) {
          out += jsString(e);
        }
      } else if (!isNullOrUndefined(x)) {
        out += jsString(x);
      }
    }
    return out;
  } else if constexpr (TupleLike<T>) {
    std::string out;
    bool first = true;
    std::apply(
        [&](const auto&... x) {
          ((out += first ? "" : ",", first = false,
            out += isNullOrUndefined(x) ? std::string() : jsString(x)),
           ...);
        },
        v);
    return out;
  } else if constexpr (IsFunction<T>::value) {
    return "function () { [native code] }";
  } else {
    return "[object Object]";
  }
}

}  // namespace nodecc::util::detail

namespace nodecc::detail {

// console.timeEnd's duration text for `ms` milliseconds, as Node's formatTime: "0.5ms",
// "1.500s", "1:01.000 (m:ss.mmm)", "1:02:03.004 (h:m:ss.mmm)".
std::string formatConsoleTime(double ms);

// Collects console.table's columns. Cells are inspected as Node's _inspect does: depth 0
// (-1 for an object with more than two keys), at most three array elements, one line.
class TableBuilder {
 public:
  TableBuilder(util::InspectOptions console, const std::vector<std::string>* properties)
      : console_(console), properties_(properties) {}

  // false when data is not tabular (Node logs a primitive instead).
  template <class T>
  bool build(const T& data) {
    using namespace util::detail;
    if constexpr (IsOptional<T>::value) {
      return data ? build(*data) : false;
    } else if constexpr (IsVariant<T>::value) {
      return std::visit([&](const auto& x) { return build(x); }, data);
    } else if constexpr (IsSmartPointer<T>::value) {
      return data ? build(*data) : false;
    } else if constexpr (IsReferenceWrapper<T>::value) {
      return build(data.get());
    } else if constexpr (MapLike<T>) {
      iteration_ = true;
      keyColumn_.emplace();
      for (const auto& [k, v] : data) {
        index_.push_back(cell(index_.size()));
        keyColumn_->push_back(cell(k));
        values_.push_back(cell(v));
      }
      hasPrimitives_ = true;
      return true;
    } else if constexpr (SetLike<T>) {
      iteration_ = true;
      for (const auto& v : data) {
        index_.push_back(cell(index_.size()));
        values_.push_back(cell(v));
      }
      hasPrimitives_ = true;
      return true;
    } else if constexpr (std::is_same_v<T, util::Object>) {
      for (const auto& [key, value] : data.properties()) {
        addRow(key, value);
      }
      return true;
    } else if constexpr (RangeLike<T>) {
      for (const auto& row : data) {
        if constexpr (requires { typename T::value_type; }) {
          addRow(std::to_string(index_.size()), static_cast<const typename T::value_type&>(row));
        } else {
          addRow(std::to_string(index_.size()), row);
        }
      }
      return true;
    } else if constexpr (TupleLike<T>) {
      std::apply([&](const auto&... row) { (addRow(std::to_string(index_.size()), row), ...); },
                 data);
      return true;
    } else {
      return false;
    }
  }

  // The table, drawn as Node draws it (src/api/console/table.cc).
  std::string render() const;

 private:
  using Column = std::vector<std::optional<std::string>>;

  template <class T>
  std::string cell(const T& v) const {
    util::InspectOptions o = console_;
    o.depth = objectKeys(v) > 2 ? -1 : 0;
    o.maxArrayLength = 3;
    o.breakLength = std::numeric_limits<double>::infinity();
    return util::inspect(v, o);
  }

  // Object.keys(value).length for what is not an array (only util::Object has keys here).
  template <class T>
  static size_t objectKeys(const T& v) {
    if constexpr (std::is_same_v<T, util::Object>) {
      return v.properties().size();
    } else if constexpr (std::is_same_v<T, util::Inspectable>) {
      const util::Object* o = v.asObject();
      return o ? o->properties().size() : 0;
    } else {
      return 0;
    }
  }

  // The row's own keys and their inspected values (Object.keys(item)).
  template <class T>
  void keysOf(const T& v, std::vector<std::pair<std::string, std::string>>& out) const {
    using namespace util::detail;
    if constexpr (IsOptional<T>::value) {
      if (v) {
        keysOf(*v, out);
      }
    } else if constexpr (IsVariant<T>::value) {
      std::visit([&](const auto& x) { keysOf(x, out); }, v);
    } else if constexpr (IsSmartPointer<T>::value) {
      if (v) {
        keysOf(*v, out);
      }
    } else if constexpr (std::is_same_v<T, util::Inspectable>) {
      if (const util::Object* o = v.asObject()) {
        keysOf(*o, out);
      }
    } else if constexpr (std::is_same_v<T, util::Object>) {
      for (const auto& [key, value] : v.properties()) {
        out.emplace_back(key, cell(value));
      }
    } else if constexpr (MapLike<T>) {
      if constexpr (StringLike<typename T::key_type>) {
        for (const auto& [key, value] : v) {
          out.emplace_back(std::string(std::string_view(key)), cell(value));
        }
      }
    } else if constexpr (SetLike<T>) {
      // A Set has no keys.
    } else if constexpr (RangeLike<T>) {
      size_t i = 0;
      for (const auto& x : v) {
        if constexpr (requires { typename T::value_type; }) {
          out.emplace_back(std::to_string(i++),
                           cell(static_cast<const typename T::value_type&>(x)));
        } else {
          out.emplace_back(std::to_string(i++), cell(x));
        }
      }
    } else if constexpr (TupleLike<T>) {
      size_t i = 0;
      std::apply([&](const auto&... x) { (out.emplace_back(std::to_string(i++), cell(x)), ...); },
                 v);
    }
  }

  template <class T>
  void addRow(std::string indexKey, const T& item) {
    size_t i = index_.size();
    index_.push_back(std::move(indexKey));
    bool primitive = util::detail::isPrimitiveValue(item);
    if (properties_ == nullptr && primitive) {
      hasPrimitives_ = true;
      values_.resize(i + 1);
      values_[i] = cell(item);
      return;
    }
    std::vector<std::pair<std::string, std::string>> own;
    keysOf(item, own);
    auto put = [&](const std::string& key) {
      Column& col = column(key);
      if (col.size() <= i) {
        col.resize(i + 1);
      }
      const std::string* found = nullptr;
      for (const auto& [k, v] : own) {
        if (k == key) {
          found = &v;
        }
      }
      col[i] = (primitive && properties_ != nullptr) || found == nullptr ? std::string() : *found;
    };
    if (properties_ != nullptr) {
      for (const std::string& key : *properties_) {
        put(key);
      }
    } else {
      for (const auto& [key, value] : own) {
        put(key);
      }
    }
  }

  Column& column(const std::string& key);

  util::InspectOptions console_;
  const std::vector<std::string>* properties_;
  bool iteration_ = false;  // a Map or Set: "(iteration index)"
  bool hasPrimitives_ = false;
  std::vector<std::string> index_;
  std::optional<std::vector<std::string>> keyColumn_;  // a Map's "Key"
  std::vector<std::pair<std::string, Column>> columns_;
  std::vector<std::optional<std::string>> values_;
};

}  // namespace nodecc::detail
