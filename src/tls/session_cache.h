#pragma once
// SessionCache: the last TLS session a client got from each origin, so the next connection to
// it resumes (an abbreviated handshake) instead of doing a full one. Holds one reference per
// session; bounded (the oldest name goes first). Loop thread only.
#include <cstddef>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>

typedef struct ssl_session_st SSL_SESSION;

namespace nodecc::tls::core {

class SessionCache {
 public:
  // Node's https.Agent maxCachedSessions.
  static constexpr size_t kDefaultMax = 100;
  explicit SessionCache(size_t max = kDefaultMax) : max_(max) {}
  ~SessionCache();
  SessionCache(const SessionCache&) = delete;
  SessionCache& operator=(const SessionCache&) = delete;

  // Keeps `session` for `name` (taking a reference), replacing the one kept before.
  void put(const std::string& name, SSL_SESSION* session);
  // The session to resume `name` with, or null (the cache keeps its reference).
  SSL_SESSION* get(const std::string& name) const;
  void erase(const std::string& name);
  size_t size() const { return map_.size(); }

 private:
  size_t max_;
  std::unordered_map<std::string, SSL_SESSION*> map_;
  std::deque<std::string> order_;  // insertion order of the names in map_
};

}  // namespace nodecc::tls::core
