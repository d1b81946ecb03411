// cookie 0.7's parse, cookie-signature 1.2 and cookie-parser 1.4's reading of the header.
#include "api/express/cookie_parse.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "api/url/codec.h"

namespace nodecc::express::detail {

namespace {

std::string tryDecode(std::string_view v) {
  if (v.find('%') == std::string_view::npos) {
    return std::string(v);
  }
  auto d = url::detail::decodeUriComponent(v);
  return d ? *d : std::string(v);
}

}  // namespace

std::string signCookie(std::string_view value, std::string_view secret) {
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  HMAC(EVP_sha256(), secret.data(), int(secret.size()),
       reinterpret_cast<const unsigned char*>(value.data()), value.size(), mac, &len);
  std::string b64 =
      Buffer::from(std::string_view(reinterpret_cast<char*>(mac), len)).toString("base64");
  while (!b64.empty() && b64.back() == '=') {
    b64.pop_back();
  }
  return std::string(value) + "." + b64;
}

std::optional<std::string> unsignCookie(std::string_view input, std::string_view secret) {
  size_t dot = input.rfind('.');
  if (dot == std::string_view::npos) {
    return std::nullopt;
  }
  std::string value(input.substr(0, dot));
  std::string expected = signCookie(value, secret);
  if (expected.size() != input.size() ||
      CRYPTO_memcmp(expected.data(), input.data(), input.size()) != 0) {
    return std::nullopt;
  }
  return value;
}

OrderedMap<std::string> parseCookies(std::string_view str) {
  OrderedMap<std::string> obj;
  size_t len = str.size();
  if (len < 2) {
    return obj;
  }
  auto isWs = [](char c) { return c == ' ' || c == '\t'; };
  size_t index = 0;
  do {
    size_t eqIdx = str.find('=', index);
    if (eqIdx == std::string_view::npos) {
      break;
    }
    size_t endIdx = str.find(';', index);
    if (endIdx == std::string_view::npos) {
      endIdx = len;
    } else if (eqIdx > endIdx) {
      size_t prev = str.rfind(';', eqIdx - 1);
      index = prev == std::string_view::npos ? 0 : prev + 1;
      continue;
    }
    size_t ks = index;
    while (ks < eqIdx && isWs(str[ks])) {
      ++ks;
    }
    size_t ke = eqIdx;
    while (ke > ks && isWs(str[ke - 1])) {
      --ke;
    }
    std::string key(str.substr(ks, ke - ks));
    // A plain object's "__proto__" is its prototype: assigning a string to it sets no key.
    if (key != "__proto__" && !obj.has(key)) {
      size_t vs = eqIdx + 1;
      while (vs < endIdx && isWs(str[vs])) {
        ++vs;
      }
      size_t ve = endIdx;
      while (ve > vs && isWs(str[ve - 1])) {
        --ve;
      }
      if (ve > vs + 1 && str[vs] == '"' && str[ve - 1] == '"') {
        ++vs;
        --ve;
      } else if (ve == vs + 1 && str[vs] == '"') {
        // a lone quote: charCodeAt(start) and charCodeAt(end - 1) are the same '"'
        ++vs;
        --ve;
      }
      obj.set(key, tryDecode(str.substr(vs, ve > vs ? ve - vs : 0)));
    }
    index = endIdx + 1;
  } while (index < len);
  return obj;
}

void readCookies(std::string_view header, const std::vector<std::string>& secrets,
                 OrderedMap<std::string>& cookies,
                 OrderedMap<std::optional<std::string>>& signedCookies) {
  cookies = parseCookies(header);
  if (secrets.empty()) {
    return;
  }
  std::vector<std::string> moved;
  for (const auto& [k, v] : cookies) {
    if (v.size() >= 2 && v.compare(0, 2, "s:") == 0) {
      std::optional<std::string> plain;
      for (const std::string& s : secrets) {
        plain = unsignCookie(std::string_view(v).substr(2), s);
        if (plain) {
          break;
        }
      }
      signedCookies.set(k, plain);
      moved.push_back(k);
    }
  }
  for (const std::string& k : moved) {
    cookies.remove(k);
  }
}

}  // namespace nodecc::express::detail
