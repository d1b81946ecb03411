// The legacy url.resolve() / url.resolveObject(): a port of Node 20's
// Url.prototype.resolveObject, quirks included (it is what a converted program sees).
#include <vector>

#include "api/url/legacy.h"
#include "nodecc/url.h"

namespace nodecc::url {

namespace {

using url::detail::truthy;
using Path = std::vector<std::string>;

Path splitSlash(std::string_view s) {
  Path out;
  for (size_t start = 0;;) {
    size_t slash = s.find('/', start);
    if (slash == std::string_view::npos) {
      out.emplace_back(s.substr(start));
      return out;
    }
    out.emplace_back(s.substr(start, slash - start));
    start = slash + 1;
  }
}

std::string join(const Path& p) {
  std::string out;
  for (size_t i = 0; i < p.size(); ++i) {
    if (i) {
      out += '/';
    }
    out += p[i];
  }
  return out;
}

void setQueryFrom(Url& result, const Url& relative) {
  result.search = relative.search;
  result.query = relative.query;
  result.rawQuery = relative.rawQuery;
}

// "Occasionally the auth can get stuck only in host" (Node): "a@b" as a host is auth a, host b.
void splitAuthInHost(Url& result) {
  if (truthy(result.host)) {
    size_t at = result.host->find('@');
    if (at != std::string::npos && at > 0) {
      std::string h = *result.host;
      size_t second = h.find('@', at + 1);
      result.auth = h.substr(0, at);
      result.host =
          h.substr(at + 1, second == std::string::npos ? std::string::npos : second - at - 1);
      result.hostname = result.host;
    }
  }
}

void setPath(Url& result) {
  result.path = (truthy(result.pathname) ? *result.pathname : std::string()) +
                (truthy(result.search) ? *result.search : std::string());
}

Url finish(Url& result) {
  result.href = result.format();
  return result;
}

}  // namespace

Url Url::resolveObject(std::string_view to) const {
  return resolveObject(parse(to, false, true));
}

Url Url::resolveObject(const Url& relativeIn) const {
  Url relative = relativeIn;  // Node modifies the parsed relative URL as it goes
  Url result = *this;
  result.hash = relative.hash;
  if (relative.href && relative.href->empty()) {
    return finish(result);
  }

  // "//host/path" keeps only the protocol of the base.
  if (relative.slashes && !truthy(relative.protocol)) {
    std::optional<std::string> protocol = result.protocol;
    result = relative;
    result.protocol = protocol;
    if (truthy(result.protocol) && url::detail::isSlashedProtocol(*result.protocol) &&
        truthy(result.hostname) && !truthy(result.pathname)) {
      result.path = result.pathname = "/";
    }
    return finish(result);
  }

  if (truthy(relative.protocol) && relative.protocol != result.protocol) {
    if (!url::detail::isSlashedProtocol(*relative.protocol)) {
      result = relative;
      return finish(result);
    }
    result.protocol = relative.protocol;
    const std::string& rp = *relative.protocol;
    if (!truthy(relative.host) && rp != "file" && rp != "file:" &&
        !url::detail::isHostlessProtocol(rp)) {
      Path relPath = splitSlash(relative.pathname.value_or(""));
      while (!relPath.empty()) {
        relative.host = relPath.front();
        relPath.erase(relPath.begin());
        if (truthy(relative.host)) {
          break;
        }
      }
      if (!truthy(relative.host)) {
        relative.host = "";
      }
      if (!truthy(relative.hostname)) {
        relative.hostname = "";
      }
      if (relPath.empty() || !relPath[0].empty()) {
        relPath.insert(relPath.begin(), "");
      }
      if (relPath.size() < 2) {
        relPath.insert(relPath.begin(), "");
      }
      result.pathname = join(relPath);
    } else {
      result.pathname = relative.pathname;
    }
    setQueryFrom(result, relative);
    result.host = truthy(relative.host) ? *relative.host : std::string();
    result.auth = relative.auth;
    result.hostname = truthy(relative.hostname) ? relative.hostname : relative.host;
    result.port = relative.port;
    if (truthy(result.pathname) || truthy(result.search)) {
      setPath(result);
    }
    result.slashes = result.slashes || relative.slashes;
    return finish(result);
  }

  const bool isSourceAbs = truthy(result.pathname) && (*result.pathname)[0] == '/';
  const bool isRelAbs =
      truthy(relative.host) || (truthy(relative.pathname) && (*relative.pathname)[0] == '/');
  bool mustEndAbs = isRelAbs || isSourceAbs || (truthy(result.host) && truthy(relative.pathname));
  const bool removeAllDots = mustEndAbs;
  Path srcPath = truthy(result.pathname) ? splitSlash(*result.pathname) : Path{};
  Path relPath = truthy(relative.pathname) ? splitSlash(*relative.pathname) : Path{};
  const bool noLeadingSlashes =
      truthy(result.protocol) && !url::detail::isSlashedProtocol(*result.protocol);

  // A URL without slashes (mailto:, ...) lets "../.." climb into the host: the host is kept as
  // the first path segment until the end.
  if (noLeadingSlashes) {
    result.hostname = "";
    result.port.reset();
    if (truthy(result.host)) {
      if (!srcPath.empty() && srcPath[0].empty()) {
        srcPath[0] = *result.host;
      } else {
        srcPath.insert(srcPath.begin(), *result.host);
      }
    }
    result.host = "";
    if (truthy(relative.protocol)) {
      relative.hostname.reset();
      relative.port.reset();
      result.auth.reset();
      if (truthy(relative.host)) {
        if (!relPath.empty() && relPath[0].empty()) {
          relPath[0] = *relative.host;
        } else {
          relPath.insert(relPath.begin(), *relative.host);
        }
      }
      relative.host.reset();
    }
    mustEndAbs = mustEndAbs && ((!relPath.empty() && relPath[0].empty()) ||
                                (!srcPath.empty() && srcPath[0].empty()));
  }

  if (isRelAbs) {
    if (relative.host) {
      if (result.host != relative.host) {
        result.auth.reset();
      }
      result.host = relative.host;
      result.port = relative.port;
    }
    if (relative.hostname) {
      if (result.hostname != relative.hostname) {
        result.auth.reset();
      }
      result.hostname = relative.hostname;
    }
    setQueryFrom(result, relative);
    srcPath = relPath;
  } else if (!relPath.empty()) {
    if (!srcPath.empty()) {
      srcPath.pop_back();
    }
    srcPath.insert(srcPath.end(), relPath.begin(), relPath.end());
    setQueryFrom(result, relative);
  } else if (relative.search) {
    // Only a query, as href="?foo".
    if (noLeadingSlashes) {
      if (srcPath.empty()) {
        result.host.reset();
      } else {
        result.host = srcPath.front();
        srcPath.erase(srcPath.begin());
      }
      result.hostname = result.host;
      splitAuthInHost(result);
    }
    setQueryFrom(result, relative);
    if (result.pathname || result.search) {
      setPath(result);
    }
    return finish(result);
  }

  if (srcPath.empty()) {
    result.pathname.reset();
    if (truthy(result.search)) {
      result.path = "/" + *result.search;
    } else {
      result.path.reset();
    }
    return finish(result);
  }

  // A path ending in "." or ".." gets a trailing slash; one ending in a name does not.
  std::string last = srcPath.back();
  const bool hasTrailingSlash =
      ((truthy(result.host) || truthy(relative.host) || srcPath.size() > 1) &&
       (last == "." || last == "..")) ||
      last.empty();

  size_t up = 0;
  for (size_t i = srcPath.size(); i-- > 0;) {
    last = srcPath[i];
    if (last == ".") {
      srcPath.erase(srcPath.begin() + static_cast<ptrdiff_t>(i));
    } else if (last == "..") {
      srcPath.erase(srcPath.begin() + static_cast<ptrdiff_t>(i));
      ++up;
    } else if (up) {
      srcPath.erase(srcPath.begin() + static_cast<ptrdiff_t>(i));
      --up;
    }
  }
  if (!mustEndAbs && !removeAllDots) {
    srcPath.insert(srcPath.begin(), up, "..");
  }
  if (mustEndAbs && (srcPath.empty() || (!srcPath[0].empty() && srcPath[0][0] != '/'))) {
    srcPath.insert(srcPath.begin(), "");
  }
  if (hasTrailingSlash) {
    std::string joined = join(srcPath);
    if (joined.empty() || joined.back() != '/') {
      srcPath.emplace_back();
    }
  }
  const bool isAbsolute = !srcPath.empty() && (srcPath[0].empty() || srcPath[0][0] == '/');

  if (noLeadingSlashes) {
    if (isAbsolute || srcPath.empty()) {
      result.host = "";
    } else {
      result.host = srcPath.front();
      srcPath.erase(srcPath.begin());
    }
    result.hostname = result.host;
    splitAuthInHost(result);
  }

  mustEndAbs = mustEndAbs || (truthy(result.host) && !srcPath.empty());
  if (mustEndAbs && !isAbsolute) {
    srcPath.insert(srcPath.begin(), "");
  }
  if (srcPath.empty()) {
    result.pathname.reset();
    result.path.reset();
  } else {
    result.pathname = join(srcPath);
  }
  if (result.pathname || result.search) {
    setPath(result);
  }
  if (truthy(relative.auth)) {
    result.auth = relative.auth;
  }
  result.slashes = result.slashes || relative.slashes;
  return finish(result);
}

std::string Url::resolve(std::string_view to) const {
  return resolveObject(parse(to, false, true)).format();
}

std::string resolve(std::string_view from, std::string_view to) {
  return parse(from, false, true).resolve(to);
}

Url resolveObject(std::string_view source, std::string_view relative) {
  if (source.empty()) {
    return parse(relative, false, true);
  }
  return parse(source, false, true).resolveObject(relative);
}

}  // namespace nodecc::url
