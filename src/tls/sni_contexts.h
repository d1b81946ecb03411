#pragma once
// SniContexts: a server's addContext list, Node's tls.Server#addContext / SNICallback pair
// without the RegExp: hostname patterns with their contexts, searched from the last added.
// Loop thread only (a server's state); find() allocates nothing.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tls/context.h"

namespace nodecc::tls::core {

// Whether `servername` is what Node's addContext RegExp built from `pattern` accepts: the whole
// name, character for character (case counts, as the RegExp has no i flag), where each '*'
// stands for any run, maybe empty, of characters other than '.' ("*.a.test" takes "x.a.test"
// and ".a.test", not "x.y.a.test" nor "a.test").
bool matchesHostname(std::string_view pattern, std::string_view servername);

class SniContexts {
 public:
  void add(std::string_view hostname, std::shared_ptr<Context> ctx);
  // The context of the last added hostname that matches `servername`; null when none does.
  const std::shared_ptr<Context>* find(std::string_view servername) const;
  bool empty() const { return entries_.empty(); }

 private:
  struct Entry {
    std::string hostname;
    std::shared_ptr<Context> ctx;
  };
  std::vector<Entry> entries_;  // in the order added
};

}  // namespace nodecc::tls::core
