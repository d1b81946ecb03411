// The layout of util.inspect's composites, after Node's lib/internal/util/inspect.js: formatRaw's
// bookkeeping (depth, circular references, the output budget), formatProperty's keys, and
// reduceToSingleString / groupArrayElements, which decide what shares a line.
#include <algorithm>
#include <cmath>
#include <string>

#include "api/util/inspect_style.h"
#include "api/util/js_text.h"
#include "nodecc/util.h"

namespace nodecc::util {

using detail::Shape;
using detail::Style;
using detail::stylize;

namespace {

// Output past this many characters at one indentation level stops further nesting (Node's
// 2 ** 27: keeps a huge object from building a string near V8's limit).
constexpr size_t kOutputBudget = size_t(1) << 27;
constexpr size_t kSeparatorSpace = 2;  // ", " between grouped entries

size_t jsLen(const std::string& s, bool colors) {
  return colors ? detail::jsLength(detail::stripAnsi(s)) : detail::jsLength(s);
}

std::string join(const std::vector<std::string>& output, std::string_view separator) {
  std::string out;
  for (size_t i = 0; i < output.size(); ++i) {
    if (i) {
      out += separator;
    }
    out += output[i];
  }
  return out;
}

// String.prototype.padStart / padEnd with spaces, lengths in UTF-16 code units.
std::string padStart(const std::string& s, double length) {
  size_t have = detail::jsLength(s);
  if (length <= double(have)) {
    return s;
  }
  return std::string(size_t(length) - have, ' ') + s;
}
std::string padEnd(const std::string& s, double length) {
  size_t have = detail::jsLength(s);
  if (length <= double(have)) {
    return s;
  }
  return s + std::string(size_t(length) - have, ' ');
}

}  // namespace

size_t InspectContext::entryLimit() const {
  double limit = options_.maxArrayLength;
  if (!(limit > 0)) {
    return 0;
  }
  return limit >= 1e18 ? SIZE_MAX : size_t(limit);
}

bool InspectContext::enter(const detail::Frame& f, int recurseTimes, std::string& out) {
  auto seen = std::find(seen_.begin(), seen_.end(), f.id);
  if (seen != seen_.end()) {
    auto ref = std::find(circular_.begin(), circular_.end(), f.id);
    if (ref == circular_.end()) {
      circular_.push_back(f.id);
      ref = circular_.end() - 1;
    }
    out = special("[Circular *" + std::to_string(ref - circular_.begin() + 1) + "]");
    return false;
  }
  bool plain = f.constructor == "Object";
  if (f.empty) {
    switch (f.shape) {
      case Shape::kArray:
        out = "[]";
        break;
      case Shape::kMap:
      case Shape::kSet:
        out = std::string(f.constructor) + "(0) {}";
        break;
      default:
        out = plain ? "{}" : std::string(f.constructor) + " {}";
    }
    return false;
  }
  if (double(recurseTimes) > options_.depth) {
    out = f.constructor.starts_with('[') ? std::string(f.constructor)
                                         : "[" + std::string(f.constructor) + "]";
    out = special(out);
    return false;
  }
  seen_.push_back(f.id);
  currentDepth_ = recurseTimes + 1;
  return true;
}

void InspectContext::abandon(const detail::Frame& f, int indentationBefore) {
  if (!seen_.empty() && seen_.back() == f.id) {
    seen_.pop_back();
  }
  indentation = indentationBefore;
}

namespace {

enum ExtrasType { kObjectType, kArrayType, kArrayExtrasType };

struct Layout {
  const InspectOptions& options;
  int indentation;
  int currentDepth;

  bool isBelowBreakLength(const std::vector<std::string>& output, size_t start,
                          const std::string& base) const {
    double total = double(output.size() + start);
    if (total + double(output.size()) > options.breakLength) {
      return false;
    }
    for (const std::string& s : output) {
      total += double(jsLen(s, options.colors));
      if (total > options.breakLength) {
        return false;
      }
    }
    return base.empty() || base.find('\n') == std::string::npos;
  }

  std::vector<std::string> groupArrayElements(std::vector<std::string> output, bool numeric) const {
    size_t totalLength = 0;
    size_t maxLength = 0;
    size_t outputLength = output.size();
    if (options.maxArrayLength < double(output.size())) {
      --outputLength;  // the "... more items" entry is not grouped
    }
    std::vector<size_t> dataLen(outputLength);
    for (size_t i = 0; i < outputLength; ++i) {
      size_t len = detail::stringWidth(output[i]);
      dataLen[i] = len;
      totalLength += len + kSeparatorSpace;
      maxLength = std::max(maxLength, len);
    }
    double actualMax = double(maxLength + kSeparatorSpace);
    // Group only if three entries fit on a line and no entry dwarfs the others.
    if (actualMax * 3 + indentation < options.breakLength &&
        (double(totalLength) / actualMax > 5 || maxLength <= 6)) {
      constexpr double kApproxCharHeights = 2.5;
      double averageBias = std::sqrt(actualMax - double(totalLength) / double(output.size()));
      double biasedMax = std::max(actualMax - 3 - averageBias, 1.0);
      double columns = std::min(
          {std::round(std::sqrt(kApproxCharHeights * biasedMax * double(outputLength)) / biasedMax),
           std::floor((options.breakLength - indentation) / actualMax),
           double(options.compact.level()) * 4, 15.0});
      if (columns <= 1) {
        return output;
      }
      size_t cols = size_t(columns);
      std::vector<std::string> tmp;
      std::vector<size_t> maxLineLength(cols);
      for (size_t i = 0; i < cols; ++i) {
        size_t lineMax = 0;
        for (size_t j = i; j < outputLength; j += cols) {
          lineMax = std::max(lineMax, dataLen[j]);
        }
        maxLineLength[i] = lineMax + kSeparatorSpace;
      }
      for (size_t i = 0; i < outputLength; i += cols) {
        size_t max = std::min(i + cols, outputLength);
        std::string line;
        size_t j = i;
        for (; j < max - 1; ++j) {
          double padding =
              double(maxLineLength[j - i] + detail::jsLength(output[j])) - double(dataLen[j]);
          line += numeric ? padStart(output[j] + ", ", padding) : padEnd(output[j] + ", ", padding);
        }
        if (numeric) {
          double padding = double(maxLineLength[j - i] + detail::jsLength(output[j])) -
                           double(dataLen[j]) - double(kSeparatorSpace);
          line += padStart(output[j], padding);
        } else {
          line += output[j];
        }
        tmp.push_back(std::move(line));
      }
      if (outputLength < output.size()) {
        tmp.push_back(std::move(output[outputLength]));
      }
      return tmp;
    }
    return output;
  }

  std::string reduceToSingleString(std::vector<std::string> output, const std::string& base,
                                   const std::string& open, std::string_view close,
                                   ExtrasType extrasType, int recurseTimes, bool numeric) const {
    std::string prefix = base.empty() ? std::string() : base + " ";
    if (!options.compact.always()) {
      int compact = options.compact.level();
      if (compact >= 1) {
        size_t entries = output.size();
        if (extrasType == kArrayExtrasType && entries > 6) {
          output = groupArrayElements(std::move(output), numeric);
        }
        // Entries up to `compact` levels deep share one line when it fits.
        if (currentDepth - recurseTimes < compact && entries == output.size()) {
          size_t start = output.size() + size_t(indentation) + detail::jsLength(open) +
                         detail::jsLength(base) + 10;
          if (isBelowBreakLength(output, start, base)) {
            std::string joined = join(output, ", ");
            if (joined.find('\n') == std::string::npos) {
              return prefix + open + " " + joined + " " + std::string(close);
            }
          }
        }
      }
      // Each entry on a line of its own. (Built by appending: GCC 12 warns falsely about
      // overlapping copies in a chain of operator+.)
      std::string indent = "\n";
      indent.append(size_t(indentation), ' ');
      std::string res = prefix;
      res += open;
      res += indent;
      res += "  ";
      res += join(output, "," + indent + "  ");
      res += indent;
      res += close;
      return res;
    }
    std::string res = open;
    if (isBelowBreakLength(output, 0, base)) {
      if (!base.empty()) {
        res += ' ';
        res += base;
      }
      res += ' ';
      res += join(output, ", ");
      res += ' ';
      res += close;
      return res;
    }
    std::string indent(size_t(indentation), ' ');
    if (base.empty() && detail::jsLength(open) == 1) {
      res += ' ';
    } else {
      if (!base.empty()) {
        res += ' ';
        res += base;
      }
      res += '\n';
      res += indent;
      res += "  ";
    }
    res += join(output, ",\n" + indent + "  ");
    res += ' ';
    res += close;
    return res;
  }
};

}  // namespace

std::string InspectContext::leave(const detail::Frame& f, InspectEntries& entries,
                                  int recurseTimes) {
  std::vector<std::string>& output = entries.output();
  std::string base = f.base;
  std::string open;
  ExtrasType extras = kObjectType;
  switch (f.shape) {
    case Shape::kArray:
      open = "[";
      extras = kArrayExtrasType;
      break;
    case Shape::kMap:
    case Shape::kSet:
      open = std::string(f.constructor) + "(" + std::to_string(f.size) + ") {";
      break;
    case Shape::kError:
      open = "{";
      break;
    case Shape::kObject:
      open = f.constructor == "Object" ? "{" : std::string(f.constructor) + " {";
      break;
  }
  std::string_view close = f.shape == Shape::kArray ? "]" : "}";

  auto ref = std::find(circular_.begin(), circular_.end(), f.id);
  if (ref != circular_.end()) {
    std::string reference = special("<ref *" + std::to_string(ref - circular_.begin() + 1) + ">");
    if (!options_.compact.always()) {
      base = base.empty() ? reference : reference + " " + base;
    } else {
      open = reference + " " + open;
    }
  }
  seen_.pop_back();

  if (options_.sorted) {
    if (extras == kObjectType) {
      std::stable_sort(output.begin(), output.end());
    } else if (entries.extraKeys() > 1) {
      std::stable_sort(output.end() - std::ptrdiff_t(entries.extraKeys()), output.end());
    }
  }

  // Node checks value[i] for every entry: an extra key ([length]) is not a number.
  bool numeric = entries.numeric() && entries.extraKeys() == 0;
  Layout layout{options_, indentation, currentDepth_};
  std::string res = layout.reduceToSingleString(std::move(output), base, open, close, extras,
                                                recurseTimes, numeric);
  size_t level = size_t(indentation < 0 ? 0 : indentation);
  if (budget_.size() <= level) {
    budget_.resize(level + 1, 0);
  }
  budget_[level] += detail::jsLength(res);
  if (budget_[level] > kOutputBudget) {
    options_.depth = -1;
  }
  return res;
}

void InspectEntries::remaining(size_t n) {
  if (n > 0) {
    output_.push_back("... " + std::to_string(n) + " more item" + (n > 1 ? "s" : ""));
  }
}

int InspectEntries::propertyIndent() const {
  return ctx_.options_.compact.always() && shape_ != Shape::kArray ? 3 : 2;
}

// Node's formatProperty after the value is formatted (the indentation still raised by diff).
void InspectEntries::pushProperty(std::string_view key, std::string value, int diff, bool hidden) {
  const InspectOptions& o = ctx_.options_;
  std::string extra = " ";
  if (diff == 3 && o.breakLength < double(detail::stringWidth(value))) {
    extra = "\n" + std::string(size_t(ctx_.indentation), ' ');
  }
  std::string name;
  if (hidden) {
    std::string quoted;
    detail::appendQuoted(quoted, key);
    // Node escapes a hidden key's characters but does not quote it: [key].
    quoted.front() = '[';
    quoted.back() = ']';
    name = std::move(quoted);
  } else if (key == "__proto__") {
    name = "['__proto__']";
  } else if (detail::isIdentifier(key)) {
    name = std::string(key);
  } else {
    std::string quoted;
    detail::appendQuoted(quoted, key);
    name = stylize(quoted, Style::kString, o.colors);
  }
  if (shape_ == Shape::kArray) {
    ++extraKeys_;
  }
  name += ':';
  name += extra;
  name += value;
  output_.push_back(std::move(name));
}

}  // namespace nodecc::util
