#include "tls/sni_contexts.h"

#include "text/wildcard.h"

namespace nodecc::tls::core {

bool matchesHostname(std::string_view pattern, std::string_view servername) {
  // '*' never takes a '.', so each '.' of the name is one of the pattern's own: the two split
  // into the same number of labels, matched pairwise (a DNS label is at most 63 bytes, so the
  // wildcard's worst case stays small).
  while (true) {
    size_t pd = pattern.find('.');
    size_t nd = servername.find('.');
    if ((pd == std::string_view::npos) != (nd == std::string_view::npos)) {
      return false;
    }
    if (!text::core::matchesWildcard(pattern.substr(0, pd), servername.substr(0, nd))) {
      return false;
    }
    if (pd == std::string_view::npos) {
      return true;
    }
    pattern.remove_prefix(pd + 1);
    servername.remove_prefix(nd + 1);
  }
}

void SniContexts::add(std::string_view hostname, std::shared_ptr<Context> ctx) {
  entries_.push_back(Entry{std::string(hostname), std::move(ctx)});
}

const std::shared_ptr<Context>* SniContexts::find(std::string_view servername) const {
  for (auto it = entries_.rbegin(); it != entries_.rend(); ++it) {
    if (matchesHostname(it->hostname, servername)) {
      return &it->ctx;
    }
  }
  return nullptr;
}

}  // namespace nodecc::tls::core
