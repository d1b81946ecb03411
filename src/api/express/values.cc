// Params and Setting: JavaScript values as Express handles them.
#include <cmath>
#include <cstdio>

#include "nodecc/express.h"
#include "text/js_keys.h"

namespace nodecc::express {

std::string Params::Entry::value() const {
  if (!array) {
    return values.empty() ? std::string() : values[0];
  }
  std::string out;
  for (size_t i = 0; i < values.size(); ++i) {
    if (i > 0) {
      out += ',';
    }
    out += values[i];
  }
  return out;
}

const Params::Entry* Params::find(std::string_view name) const {
  for (const Entry& e : entries_) {
    if (e.key == name) {
      return &e;
    }
  }
  return nullptr;
}

std::string Params::operator[](std::string_view name) const {
  const Entry* e = find(name);
  return e ? e->value() : std::string();
}

std::vector<std::string> Params::getAll(std::string_view name) const {
  const Entry* e = find(name);
  return e ? std::vector<std::string>(e->values.begin(), e->values.end())
           : std::vector<std::string>();
}

Params::Entry& Params::slot(std::string_view name) {
  for (Entry& e : entries_) {
    if (e.key == name) {
      return e;
    }
  }
  size_t at = text::core::propertyInsertPosition(
      entries_, name, [](const Entry& e) -> std::string_view { return e.key; });
  Entry e;
  e.key.assign(name);
  entries_.insert(entries_.begin() + at, std::move(e));
  return entries_[at];
}

void Params::set(std::string_view name, std::string value) {
  Entry& e = slot(name);
  if (e.values.size() == 1) {
    e.values[0] = std::move(value);
  } else {
    e.values = std::vector<std::string>{std::move(value)};
  }
  e.array = false;
}

void Params::set(std::string_view name, std::vector<std::string> values) {
  Entry& e = slot(name);
  e.values = std::move(values);
  e.array = true;
}

bool Params::remove(std::string_view name) {
  for (size_t i = 0; i < entries_.size(); ++i) {
    if (entries_[i].key == name) {
      entries_.erase(entries_.begin() + i);
      return true;
    }
  }
  return false;
}

bool Setting::truthy() const {
  switch (kind_) {
    case kUndefined:
      return false;
    case kBool:
    case kNumber:
      return number_ != 0 && !std::isnan(number_);
    case kString:
      return !string_.empty();
    case kFunction:
    case kReplacer:
      return true;
  }
  return false;
}

std::string Setting::toString() const {
  switch (kind_) {
    case kUndefined:
      return "undefined";
    case kBool:
      return number_ != 0 ? "true" : "false";
    case kNumber: {
      if (std::floor(number_) == number_ && std::fabs(number_) < 1e15) {
        return std::to_string(int64_t(number_));
      }
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.17g", number_);
      return buf;
    }
    case kString:
      return string_;
    case kFunction:
    case kReplacer:
      return "[Function]";
  }
  return {};
}

bool Setting::operator==(const Setting& o) const {
  return kind_ == o.kind_ && number_ == o.number_ && string_ == o.string_;
}

}  // namespace nodecc::express
