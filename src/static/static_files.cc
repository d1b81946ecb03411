#include "static/static_files.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>

#include "os/file_stat.h"
#include "static/path_resolution.h"

namespace nodecc::staticfiles::core {

// One disk lookup on the thread pool, shared by every request for the same path that arrives
// while it runs.
struct StaticFiles::Lookup : threadpool::core::WorkRequest {
  Lookup(StaticFiles& s, std::string_view k)
      : threadpool::core::WorkRequest(&StaticFiles::lookupWork, &StaticFiles::lookupDone),
        server(s),
        config(s.config_),
        key(k) {}
  StaticFiles& server;
  std::shared_ptr<const RootConfig> config;  // the worker's own hold on the root fd
  std::string key;
  LookupResult result;
  Waiter* waiters = nullptr;  // FIFO
  Waiter* lastWaiter = nullptr;
};

StaticFiles::StaticFiles(loop::core::Loop& loop, threadpool::core::ThreadPool& pool,
                         std::shared_ptr<const RootConfig> config)
    : loop_(loop),
      pool_(pool),
      config_(std::move(config)),
      cache_(config_->options.cacheEntries, config_->options.cacheMemoryBytes,
             config_->options.gzipCacheBytes) {
  path_.reserve(256);
  witness_.reserve(256);
}

StaticFiles::~StaticFiles() {
  if (!inFlight_.empty()) {
    std::fprintf(stderr, "nodecc: StaticFiles destroyed with %zu lookups in flight\n",
                 inFlight_.size());
    std::abort();
  }
}

StaticFiles::Outcome StaticFiles::serve(const Request& req, Response* out) {
  const bool head = req.isHead();
  if (!head && req.method != "GET") {
    builder_.error(405, false, out);
    return Outcome::kDone;
  }
  ResolvedTarget t;
  if (int status = resolveTarget(req.target, path_, &t); status != 0) {
    builder_.error(status, head, out);
    return Outcome::kDone;
  }
  const Options& o = config_->options;
  if (t.dotSegment && o.dotfiles != DotFiles::kAllow) {
    builder_.error(o.dotfiles == DotFiles::kDeny ? 403 : 404, head, out);
    return Outcome::kDone;
  }
  if (FileEntry* e = cache_.find(t.path)) {
    if (loop_.now() - e->validatedAt >= int64_t(o.revalidateMs)) {
      ++stats_.revalidations;
      if (stillValid(*e)) {
        e->validatedAt = loop_.now();
      } else {
        ++stats_.invalidations;
        cache_.erase(e);
        e = nullptr;
      }
    }
    if (e != nullptr) {
      ++stats_.hits;
      builder_.fromEntry(*e, req, out);
      return Outcome::kDone;
    }
  }
  missKey_ = t.path;
  return Outcome::kMiss;
}

bool StaticFiles::stillValid(const FileEntry& e) {
  int variants = config_->options.precompressed ? kCodingCount : 1;
  for (int c = 0; c < variants; ++c) {
    witness_.assign(e.relPath);
    witness_ += codingSuffix(Coding(c));
    auto st = os::core::statAt(config_->rootFd, witness_.c_str(), /*followLinks=*/true);
    const Witness& w = e.witnesses[c];
    if (st) {
      if (!w.exists || !w.status.sameVersion(*st)) {
        return false;
      }
    } else if (w.exists || (st.error() != -ENOENT && st.error() != -ENOTDIR)) {
      return false;
    }
  }
  return true;
}

void StaticFiles::wait(Waiter* waiter) {
  // The path of the serve() call that missed (the caller's target or path_: both unchanged).
  std::string_view key = missKey_;
  waiter->next = nullptr;
  auto it = inFlight_.find(key);
  Lookup* l;
  if (it != inFlight_.end()) {
    ++stats_.joined;
    l = it->second;
    l->lastWaiter->next = waiter;
  } else {
    ++stats_.misses;
    l = new Lookup(*this, key);
    inFlight_.emplace(std::string_view(l->key), l);
    l->waiters = waiter;
    pool_.submit(loop_, *l);
  }
  l->lastWaiter = waiter;
  waiter->lookup = l;
}

void StaticFiles::lookupWork(threadpool::core::WorkRequest* r) {
  auto* l = static_cast<Lookup*>(r);
  lookupOnDisk(*l->config, l->key, &l->result);
}

void StaticFiles::lookupDone(threadpool::core::WorkRequest* r, int status) {
  std::unique_ptr<Lookup> l(static_cast<Lookup*>(r));
  StaticFiles& self = l->server;
  self.inFlight_.erase(std::string_view(l->key));
  if (status == threadpool::core::WorkRequest::kAbandoned) {
    // The loop is going away: the waiters are freed, nothing is answered or cached.
    for (Waiter* w = l->waiters; w != nullptr;) {
      Waiter* next = w->next;
      w->lookup = nullptr;
      w->ready(w);
      w = next;
    }
    l->waiters = nullptr;
    if (l->result.entry != nullptr) {
      l->result.entry->release();
    }
    return;
  }
  if (status < 0) {
    l->result.kind = LookupKind::kStatus;
    l->result.status = 503;  // cancelled: the pool is shutting down
  }
  if (l->result.kind == LookupKind::kFile) {
    l->result.entry->validatedAt = self.loop_.now();
    self.cache_.insert(l->result.entry);
  }
  // The cache and the in-flight map are consistent before any waiter runs: a waiter's
  // response may run user code (a fall-through `next`) that serves another request.
  Waiter* w = l->waiters;
  l->waiters = nullptr;
  while (w != nullptr) {
    Waiter* next = w->next;
    w->lookup = l.get();
    w->ready(w);
    w = next;
  }
  if (l->result.entry != nullptr) {
    l->result.entry->release();
  }
}

void StaticFiles::resume(const Request& req, Waiter* waiter, Response* out) {
  auto* l = static_cast<Lookup*>(waiter->lookup);
  const bool head = req.isHead();
  switch (l->result.kind) {
    case LookupKind::kFile:
      builder_.fromEntry(*l->result.entry, req, out);
      return;
    case LookupKind::kRedirect: {
      ResolvedTarget t;
      (void)resolveTarget(req.target, path_, &t);
      builder_.redirect(t.path, t.hasQuery, t.query, head, out);
      return;
    }
    case LookupKind::kListing:
      builder_.listing(l->result.listing, head, out);
      return;
    case LookupKind::kStatus:
      builder_.error(l->result.status, head, out);
      return;
  }
}

}  // namespace nodecc::staticfiles::core
