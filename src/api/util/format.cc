// util.format / util.formatWithOptions, after Node's formatWithOptionsInternal
// (lib/internal/util/inspect.js), and the JSON.stringify pieces %j needs.
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "api/util/js_text.h"
#include "nodecc/util.h"

namespace nodecc::util::detail {

namespace {

void appendInteger(std::string& out, int64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, size_t(r.ptr - buf));
}

void appendUnsigned(std::string& out, uint64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, size_t(r.ptr - buf));
}

// formatNumberNoColor / formatBigIntNoColor: what %s, %d, %i and %f print for a number.
void appendNumber(std::string& out, double v, const InspectOptions& o) {
  if (!o.numericSeparator && !(v == 0 && std::signbit(v))) {
    appendJsNumber(out, v);
    return;
  }
  InspectOptions plain = o;
  plain.colors = false;
  out += InspectContext(plain).number(v);
}

void appendExact(std::string& out, const Primitive& p, const InspectOptions& o) {
  if (o.numericSeparator) {
    InspectOptions plain = o;
    plain.colors = false;
    InspectContext ctx(plain);
    out += p.kind == Primitive::kInt ? ctx.integer(p.i) : ctx.integer(p.u);
  } else if (p.kind == Primitive::kInt) {
    appendInteger(out, p.i);
  } else {
    appendUnsigned(out, p.u);
  }
}

void appendBigInt(std::string& out, int64_t v, const InspectOptions& o) {
  if (o.numericSeparator) {
    InspectOptions plain = o;
    plain.colors = false;
    out += InspectContext(plain).bigint(v);
  } else {
    appendInteger(out, v);
    out += 'n';
  }
}

// String(value) for a primitive (objects are handled by the caller).
std::string primitiveString(const Primitive& p) {
  switch (p.kind) {
    case Primitive::kString:
      return std::string(p.string);
    case Primitive::kNumber:
      return jsNumber(p.number);
    case Primitive::kInt:
      return std::to_string(p.i);
    case Primitive::kUint:
      return std::to_string(p.u);
    case Primitive::kBigInt:
      return std::to_string(p.i);
    case Primitive::kBool:
      return p.b ? "true" : "false";
    case Primitive::kNull:
      return "null";
    case Primitive::kUndefined:
      return "undefined";
    case Primitive::kObject:
      break;
  }
  return {};
}

// What %s prints (Node: numbers and bigints formatted, objects without their own toString
// inspected with depth 0).
void appendS(std::string& out, const FormatArg& arg, const Primitive& p, const InspectOptions& o) {
  switch (p.kind) {
    case Primitive::kNumber:
      appendNumber(out, p.number, o);
      return;
    case Primitive::kInt:
    case Primitive::kUint:
      appendExact(out, p, o);
      return;
    case Primitive::kBigInt:
      appendBigInt(out, p.i, o);
      return;
    case Primitive::kObject:
      break;
    default:
      out += primitiveString(p);
      return;
  }
  if (arg.ops->toString != nullptr) {
    out += arg.ops->toString(arg.value);
    return;
  }
  InspectOptions shallow = o;
  shallow.compact = 3;
  shallow.colors = false;
  shallow.depth = 0;
  out += arg.ops->inspect(arg.value, shallow);
}

// String(value) of an object, for %d %i %f: its own toString, or nothing (NaN follows).
std::optional<std::string> objectString(const FormatArg& arg) {
  if (arg.ops->toString != nullptr) {
    return arg.ops->toString(arg.value);
  }
  return std::nullopt;
}

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// %d: Number(value).
void appendD(std::string& out, const FormatArg& arg, const Primitive& p, const InspectOptions& o) {
  switch (p.kind) {
    case Primitive::kInt:
    case Primitive::kUint:
      appendExact(out, p, o);
      return;
    case Primitive::kBigInt:
      appendBigInt(out, p.i, o);
      return;
    case Primitive::kNumber:
      appendNumber(out, p.number, o);
      return;
    case Primitive::kString:
      appendNumber(out, stringToNumber(p.string), o);
      return;
    case Primitive::kBool:
      appendNumber(out, p.b ? 1 : 0, o);
      return;
    case Primitive::kNull:
      appendNumber(out, 0, o);
      return;
    case Primitive::kUndefined:
      appendNumber(out, kNaN, o);
      return;
    case Primitive::kObject: {
      auto s = objectString(arg);
      appendNumber(out, s ? stringToNumber(*s) : kNaN, o);
      return;
    }
  }
}

// %i and %f: parseInt(value) / parseFloat(value), which read String(value).
void appendParsed(std::string& out, const FormatArg& arg, const Primitive& p,
                  const InspectOptions& o, bool integer) {
  if (integer && p.kind == Primitive::kBigInt) {
    appendBigInt(out, p.i, o);
    return;
  }
  if (integer && (p.kind == Primitive::kInt || p.kind == Primitive::kUint)) {
    appendExact(out, p, o);
    return;
  }
  std::string text;
  if (p.kind == Primitive::kObject) {
    auto s = objectString(arg);
    if (!s) {
      appendNumber(out, kNaN, o);
      return;
    }
    text = std::move(*s);
  } else {
    text = primitiveString(p);
  }
  appendNumber(out, integer ? parseIntJs(text) : parseFloatJs(text), o);
}

}  // namespace

void appendFormatted(std::string& out, const InspectOptions* options, const FormatArg* args,
                     size_t count) {
  const InspectOptions defaults;
  const InspectOptions& o = options ? *options : defaults;
  size_t a = 0;
  std::string_view join;
  Primitive first = args[0].ops->primitive(args[0].value);
  if (first.kind == Primitive::kString) {
    std::string_view f = first.string;
    if (count == 1) {
      out += f;
      return;
    }
    size_t lastPos = 0;
    for (size_t i = 0; i + 1 < f.size(); ++i) {
      if (f[i] != '%') {
        continue;
      }
      char next = f[++i];
      if (a + 1 != count) {
        size_t mark = out.size();
        if (lastPos != i - 1) {
          out += f.substr(lastPos, i - 1 - lastPos);
        }
        switch (next) {
          case 's': {
            const FormatArg& arg = args[++a];
            appendS(out, arg, arg.ops->primitive(arg.value), o);
            break;
          }
          case 'j': {
            const FormatArg& arg = args[++a];
            if (!arg.ops->json(arg.value, out)) {
              out += "undefined";
            }
            break;
          }
          case 'd': {
            const FormatArg& arg = args[++a];
            appendD(out, arg, arg.ops->primitive(arg.value), o);
            break;
          }
          case 'O': {
            const FormatArg& arg = args[++a];
            out += arg.ops->inspect(arg.value, o);
            break;
          }
          case 'o': {
            const FormatArg& arg = args[++a];
            InspectOptions deep = o;
            deep.showHidden = true;
            deep.depth = 4;
            out += arg.ops->inspect(arg.value, deep);
            break;
          }
          case 'i':
          case 'f': {
            const FormatArg& arg = args[++a];
            appendParsed(out, arg, arg.ops->primitive(arg.value), o, next == 'i');
            break;
          }
          case 'c':
            ++a;
            break;
          case '%':
            out.resize(mark);
            out += f.substr(lastPos, i - lastPos);
            lastPos = i + 1;
            continue;
          default:  // not a placeholder: left as it is
            out.resize(mark);
            continue;
        }
        lastPos = i + 1;
      } else if (next == '%') {
        out += f.substr(lastPos, i - lastPos);
        lastPos = i + 1;
      }
    }
    if (lastPos != 0) {
      ++a;
      join = " ";
      if (lastPos < f.size()) {
        out += f.substr(lastPos);
      }
    }
  }
  for (; a < count; ++a) {
    out += join;
    Primitive p = args[a].ops->primitive(args[a].value);
    if (p.kind == Primitive::kString) {
      out += p.string;
    } else {
      out += args[a].ops->inspect(args[a].value, o);
    }
    join = " ";
  }
}

void appendJsonString(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  size_t i = 0;
  while (i < s.size()) {
    unsigned char b = static_cast<unsigned char>(s[i]);
    if (b >= 0x20 && b < 0x80) {
      if (b == '"' || b == '\\') {
        out += '\\';
      }
      out += char(b);
      ++i;
      continue;
    }
    if (b < 0x20) {
      switch (b) {
        case '\b':
          out += "\\b";
          break;
        case '\f':
          out += "\\f";
          break;
        case '\n':
          out += "\\n";
          break;
        case '\r':
          out += "\\r";
          break;
        case '\t':
          out += "\\t";
          break;
        default:
          out += "\\u00";
          out += kHex[b >> 4];
          out += kHex[b & 15];
      }
      ++i;
      continue;
    }
    Utf8Char c = decodeUtf8(s, i);
    if (c.length == 0) {
      out += "\xEF\xBF\xBD";  // not UTF-8: U+FFFD, as decoding the bytes would give
      ++i;
    } else {
      out.append(s.substr(i, c.length));
      i += c.length;
    }
  }
  out += '"';
}

std::string jsNumberString(double v) {
  return jsNumber(v);
}

void appendJsonNumber(std::string& out, double v) {
  if (!std::isfinite(v)) {
    out += "null";
  } else {
    appendJsNumber(out, v);
  }
}

void appendErrorJson(std::string& out, const Error& e) {
  // An Error's own enumerable properties: name, message and stack are not among them.
  out += '{';
  bool first = true;
  auto key = [&](std::string_view k) {
    if (!first) {
      out += ',';
    }
    first = false;
    appendJsonString(out, k);
    out += ':';
  };
  if (e.errnum != 0) {
    key("errno");
    out += std::to_string(e.errnum);
  }
  if (!e.code.empty()) {
    key("code");
    appendJsonString(out, e.code);
  }
  if (!e.syscall.empty()) {
    key("syscall");
    appendJsonString(out, e.syscall);
  }
  if (!e.path.empty()) {
    key("path");
    appendJsonString(out, e.path);
  }
  if (!e.dest.empty()) {
    key("dest");
    appendJsonString(out, e.dest);
  }
  if (!e.address.empty()) {
    key("address");
    appendJsonString(out, e.address);
  }
  if (e.port != 0) {
    key("port");
    out += std::to_string(e.port);
  }
  out += '}';
}

void throwBigIntJson() {
  throw TypeError("", "Do not know how to serialize a BigInt");
}

}  // namespace nodecc::util::detail
