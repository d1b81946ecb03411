#include "ws/extensions.h"

#include <cmath>
#include <cstdlib>

#include "ws/handshake.h"

namespace nodecc::ws::core {

namespace {

constexpr size_t kNone = std::string_view::npos;
constexpr std::string_view kDeflate = "permessage-deflate";

bool isSpace(unsigned char c) {
  return c == ' ' || c == '\t';
}

std::string withoutBackslashes(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c != '\\') {
      out += c;
    }
  }
  return out;
}

// JavaScript's Number(value) for a parameter value (token characters only), then ws's check
// Number.isInteger(n) && 8 <= n <= 15: "0x0a", "1e1", "10.0" and "+10" all read as 10 in ws.
bool jsWindowBits(std::string_view v, int* bits) {
  double n;
  if (v.size() > 2 && v[0] == '0' &&
      (v[1] == 'x' || v[1] == 'X' || v[1] == 'o' || v[1] == 'O' || v[1] == 'b' || v[1] == 'B')) {
    const int base = (v[1] == 'x' || v[1] == 'X') ? 16 : (v[1] == 'o' || v[1] == 'O') ? 8 : 2;
    n = 0;
    for (char c : v.substr(2)) {
      int d;
      if (c >= '0' && c <= '9') {
        d = c - '0';
      } else if (c >= 'a' && c <= 'f') {
        d = c - 'a' + 10;
      } else if (c >= 'A' && c <= 'F') {
        d = c - 'A' + 10;
      } else {
        return false;
      }
      if (d >= base) {
        return false;
      }
      n = n * base + d;
    }
  } else {
    // StrDecimalLiteral: [+-] (digits [. digits] | . digits) [e [+-] digits], or Infinity (never
    // an integer in range, so it can be refused with the rest).
    size_t i = 0;
    if (i < v.size() && (v[i] == '+' || v[i] == '-')) {
      ++i;
    }
    size_t digits = 0;
    while (i < v.size() && v[i] >= '0' && v[i] <= '9') {
      ++i;
      ++digits;
    }
    if (i < v.size() && v[i] == '.') {
      ++i;
      while (i < v.size() && v[i] >= '0' && v[i] <= '9') {
        ++i;
        ++digits;
      }
    }
    if (digits == 0) {
      return false;  // "", "+", ".", "e5", Infinity, NaN: none is an integer 8..15
    }
    if (i < v.size() && (v[i] == 'e' || v[i] == 'E')) {
      ++i;
      if (i < v.size() && (v[i] == '+' || v[i] == '-')) {
        ++i;
      }
      size_t exponent = 0;
      while (i < v.size() && v[i] >= '0' && v[i] <= '9') {
        ++i;
        ++exponent;
      }
      if (exponent == 0) {
        return false;
      }
    }
    if (i != v.size()) {
      return false;
    }
    n = std::strtod(std::string(v).c_str(), nullptr);
  }
  if (!(n >= 8 && n <= 15) || n != std::floor(n)) {
    return false;
  }
  *bits = static_cast<int>(n);
  return true;
}

// One permessage-deflate offer or answer after ws's normalizeParams. A max_window_bits of -1 is
// absent, 0 present without a value (client_max_window_bits in an offer).
struct Normalized {
  bool serverNoContextTakeover = false;
  bool clientNoContextTakeover = false;
  int serverMaxWindowBits = -1;
  int clientMaxWindowBits = -1;
};

// ws's normalizeParams for one offer: each parameter once, a known name, a valid value.
bool normalize(const ExtensionOffer& offer, bool isServer, Normalized* out) {
  for (size_t i = 0; i < offer.params.size(); ++i) {
    const ExtensionParam& p = offer.params[i];
    for (size_t j = 0; j < i; ++j) {
      if (offer.params[j].name == p.name) {
        return false;  // 'Parameter "x" must have only a single value'
      }
    }
    if (p.name == "client_max_window_bits") {
      if (!p.hasValue) {
        if (!isServer) {
          return false;
        }
        out->clientMaxWindowBits = 0;
      } else if (!jsWindowBits(p.value, &out->clientMaxWindowBits)) {
        return false;
      }
    } else if (p.name == "server_max_window_bits") {
      // A bare server_max_window_bits is Number(true) = 1 in ws: invalid too.
      if (!p.hasValue || !jsWindowBits(p.value, &out->serverMaxWindowBits)) {
        return false;
      }
    } else if (p.name == "client_no_context_takeover" || p.name == "server_no_context_takeover") {
      if (p.hasValue) {
        return false;
      }
      (p.name[0] == 'c' ? out->clientNoContextTakeover : out->serverNoContextTakeover) = true;
    } else {
      return false;  // 'Unknown parameter "x"'
    }
  }
  return true;
}

// ws's acceptAsServer's test of one offer.
bool acceptable(const Normalized& offer, const DeflateOptions& o) {
  if (o.refuseServerNoContextTakeover && offer.serverNoContextTakeover) {
    return false;
  }
  if (offer.serverMaxWindowBits > 0 &&
      (o.serverMaxWindowBits == kWindowBitsFalse ||
       (o.serverMaxWindowBits > 0 && o.serverMaxWindowBits > offer.serverMaxWindowBits))) {
    return false;
  }
  if (o.clientMaxWindowBits > 0 &&
      (offer.clientMaxWindowBits > 0 ? o.clientMaxWindowBits > offer.clientMaxWindowBits
                                     : offer.clientMaxWindowBits < 0)) {
    return false;
  }
  return true;
}

}  // namespace

bool parseExtensions(std::string_view header, std::vector<ExtensionOffer>& out) {
  // ws's parser, state for state: the extension name, then a parameter name, then its value.
  ExtensionOffer current;
  bool haveName = false;   // extensionName !== undefined
  bool haveParam = false;  // paramName !== undefined
  std::string paramName;
  bool mustUnescape = false;
  bool isEscaping = false;
  bool inQuotes = false;
  size_t start = kNone;
  size_t end = kNone;
  int code = -1;
  size_t i = 0;
  auto finishOffer = [&] {
    out.push_back(std::move(current));
    current = ExtensionOffer{};
    haveName = false;
  };
  for (; i < header.size(); ++i) {
    const auto c = static_cast<unsigned char>(header[i]);
    code = c;
    if (!haveName) {
      if (end == kNone && isTokenChar(c)) {
        if (start == kNone) {
          start = i;
        }
      } else if (i != 0 && isSpace(c)) {
        if (end == kNone && start != kNone) {
          end = i;
        }
      } else if (c == ';' || c == ',') {
        if (start == kNone) {
          return false;
        }
        if (end == kNone) {
          end = i;
        }
        current.name = std::string(header.substr(start, end - start));
        if (c == ',') {
          finishOffer();
        } else {
          haveName = true;
        }
        start = end = kNone;
      } else {
        return false;
      }
    } else if (!haveParam) {
      if (end == kNone && isTokenChar(c)) {
        if (start == kNone) {
          start = i;
        }
      } else if (isSpace(c)) {
        if (end == kNone && start != kNone) {
          end = i;
        }
      } else if (c == ';' || c == ',') {
        if (start == kNone) {
          return false;
        }
        if (end == kNone) {
          end = i;
        }
        current.params.push_back({std::string(header.substr(start, end - start)), {}, false});
        if (c == ',') {
          finishOffer();
        }
        start = end = kNone;
      } else if (c == '=' && start != kNone && end == kNone) {
        paramName = std::string(header.substr(start, i - start));
        haveParam = true;
        start = end = kNone;
      } else {
        return false;
      }
    } else {
      // A value: a token, or a quoted string whose unescaped content is a token (RFC 6455 §9.1).
      if (isEscaping) {
        if (!isTokenChar(c)) {
          return false;
        }
        if (start == kNone) {
          start = i;
        } else if (!mustUnescape) {
          mustUnescape = true;
        }
        isEscaping = false;
      } else if (inQuotes) {
        if (isTokenChar(c)) {
          if (start == kNone) {
            start = i;
          }
        } else if (c == '"' && start != kNone) {
          inQuotes = false;
          end = i;
        } else if (c == '\\') {
          isEscaping = true;
        } else {
          return false;
        }
      } else if (c == '"' && header[i - 1] == '=') {
        inQuotes = true;
      } else if (end == kNone && isTokenChar(c)) {
        if (start == kNone) {
          start = i;
        }
      } else if (start != kNone && isSpace(c)) {
        if (end == kNone) {
          end = i;
        }
      } else if (c == ';' || c == ',') {
        if (start == kNone) {
          return false;
        }
        if (end == kNone) {
          end = i;
        }
        std::string_view value = header.substr(start, end - start);
        current.params.push_back(
            {paramName, mustUnescape ? withoutBackslashes(value) : std::string(value), true});
        mustUnescape = false;
        if (c == ',') {
          finishOffer();
        }
        haveParam = false;
        start = end = kNone;
      } else {
        return false;
      }
    }
  }
  if (start == kNone || inQuotes || code == ' ' || code == '\t') {
    return false;
  }
  if (end == kNone) {
    end = i;
  }
  const std::string_view token = header.substr(start, end - start);
  if (!haveName) {
    current.name = std::string(token);
  } else if (!haveParam) {
    current.params.push_back({std::string(token), {}, false});
  } else {
    current.params.push_back(
        {paramName, mustUnescape ? withoutBackslashes(token) : std::string(token), true});
  }
  out.push_back(std::move(current));
  return true;
}

std::string formatExtensions(const std::vector<ExtensionOffer>& extensions) {
  std::string out;
  for (const ExtensionOffer& e : extensions) {
    if (!out.empty()) {
      out += ", ";
    }
    out += e.name;
    for (const ExtensionParam& p : e.params) {
      out += "; ";
      out += p.name;
      if (p.hasValue) {
        out += '=';
        out += p.value;
      }
    }
  }
  return out;
}

DeflateNegotiation negotiateDeflateOffer(std::string_view header, const DeflateOptions& o) {
  constexpr std::string_view kError = "Invalid or unacceptable Sec-WebSocket-Extensions header";
  std::vector<ExtensionOffer> offers;
  if (!parseExtensions(header, offers)) {
    return {std::nullopt, kError};
  }
  // normalizeParams runs over every permessage-deflate offer before any is considered.
  std::vector<Normalized> deflateOffers;
  for (const ExtensionOffer& offer : offers) {
    if (offer.name != kDeflate) {
      continue;
    }
    Normalized n;
    if (!normalize(offer, true, &n)) {
      return {std::nullopt, kError};
    }
    deflateOffers.push_back(n);
  }
  if (deflateOffers.empty()) {
    return {};
  }
  for (const Normalized& offer : deflateOffers) {
    if (!acceptable(offer, o)) {
      continue;
    }
    DeflateParams p;
    p.serverNoContextTakeover = offer.serverNoContextTakeover || o.serverNoContextTakeover;
    p.clientNoContextTakeover = offer.clientNoContextTakeover || o.clientNoContextTakeover;
    if (o.serverMaxWindowBits > 0) {
      p.serverMaxWindowBits = o.serverMaxWindowBits;
    } else if (offer.serverMaxWindowBits > 0) {
      p.serverMaxWindowBits = offer.serverMaxWindowBits;
    }
    if (o.clientMaxWindowBits > 0) {
      p.clientMaxWindowBits = o.clientMaxWindowBits;
    } else if (offer.clientMaxWindowBits > 0 && o.clientMaxWindowBits != kWindowBitsFalse) {
      p.clientMaxWindowBits = offer.clientMaxWindowBits;
    }
    return {p, {}};
  }
  return {std::nullopt, kError};  // "None of the extension offers can be accepted"
}

std::string formatDeflateResponse(const DeflateParams& p) {
  std::string out(kDeflate);
  if (p.serverNoContextTakeover) {
    out += "; server_no_context_takeover";
  }
  if (p.clientNoContextTakeover) {
    out += "; client_no_context_takeover";
  }
  if (p.serverMaxWindowBits != 15) {
    out += "; server_max_window_bits=" + std::to_string(p.serverMaxWindowBits);
  }
  if (p.clientMaxWindowBits != 15) {
    out += "; client_max_window_bits=" + std::to_string(p.clientMaxWindowBits);
  }
  return out;
}

std::string formatDeflateOffer(const DeflateOptions& o) {
  std::string out(kDeflate);
  if (o.serverNoContextTakeover) {
    out += "; server_no_context_takeover";
  }
  if (o.clientNoContextTakeover) {
    out += "; client_no_context_takeover";
  }
  if (o.serverMaxWindowBits > 0) {
    out += "; server_max_window_bits=" + std::to_string(o.serverMaxWindowBits);
  }
  if (o.clientMaxWindowBits > 0) {
    out += "; client_max_window_bits=" + std::to_string(o.clientMaxWindowBits);
  } else if (o.clientMaxWindowBits == 0) {
    out += "; client_max_window_bits";
  }
  return out;
}

DeflateNegotiation acceptDeflateResponse(std::string_view header, const DeflateOptions& o) {
  constexpr std::string_view kInvalid = "Invalid Sec-WebSocket-Extensions header";
  std::vector<ExtensionOffer> extensions;
  if (!parseExtensions(header, extensions)) {
    return {std::nullopt, kInvalid};
  }
  for (const ExtensionOffer& e : extensions) {
    if (e.name != kDeflate) {
      return {std::nullopt, "Server indicated an extension that was not requested"};
    }
  }
  Normalized first;
  for (size_t i = 0; i < extensions.size(); ++i) {
    Normalized n;
    if (!normalize(extensions[i], false, &n)) {
      return {std::nullopt, kInvalid};
    }
    if (i == 0) {
      first = n;
    }
  }
  if (o.refuseClientNoContextTakeover && first.clientNoContextTakeover) {
    return {std::nullopt, kInvalid};  // 'Unexpected parameter "client_no_context_takeover"'
  }
  DeflateParams p;
  p.serverNoContextTakeover = first.serverNoContextTakeover;
  p.clientNoContextTakeover = first.clientNoContextTakeover;
  if (first.serverMaxWindowBits > 0) {
    p.serverMaxWindowBits = first.serverMaxWindowBits;
  }
  if (first.clientMaxWindowBits < 0) {
    if (o.clientMaxWindowBits > 0) {
      p.clientMaxWindowBits = o.clientMaxWindowBits;
    }
  } else if (o.clientMaxWindowBits == kWindowBitsFalse ||
             (o.clientMaxWindowBits > 0 && first.clientMaxWindowBits > o.clientMaxWindowBits)) {
    return {std::nullopt, kInvalid};  // 'Unexpected or invalid parameter "client_max_window_bits"'
  } else {
    p.clientMaxWindowBits = first.clientMaxWindowBits;
  }
  return {p, {}};
}

}  // namespace nodecc::ws::core
