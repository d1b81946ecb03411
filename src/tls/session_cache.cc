#include "tls/session_cache.h"

#include <openssl/ssl.h>

#include <algorithm>

namespace nodecc::tls::core {

SessionCache::~SessionCache() {
  for (auto& [name, s] : map_) {
    SSL_SESSION_free(s);
  }
}

void SessionCache::put(const std::string& name, SSL_SESSION* session) {
  if (max_ == 0 || !session || SSL_SESSION_is_resumable(session) != 1) {
    return;
  }
  SSL_SESSION_up_ref(session);
  auto [it, inserted] = map_.try_emplace(name, session);
  if (!inserted) {
    SSL_SESSION_free(it->second);
    it->second = session;
    return;
  }
  order_.push_back(name);
  if (map_.size() > max_) {
    erase(order_.front());
  }
}

SSL_SESSION* SessionCache::get(const std::string& name) const {
  auto it = map_.find(name);
  return it == map_.end() ? nullptr : it->second;
}

void SessionCache::erase(const std::string& name) {
  auto it = map_.find(name);
  if (it == map_.end()) {
    return;
  }
  SSL_SESSION_free(it->second);
  map_.erase(it);
  order_.erase(std::find(order_.begin(), order_.end(), name));
}

}  // namespace nodecc::tls::core
