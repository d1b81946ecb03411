#pragma once
// How the parser turns the members of a {...}, collected in source order, into an Object.
#include <cstddef>

#include "nodecc/json.h"

namespace nodecc::JSON {

class ObjectBuilder {
 public:
  // Moves the n members at `first` into `out` (empty): a later duplicate key replaces the
  // earlier value in place (V8's JSON.parse), array-index keys go first in numeric order.
  static void build(Object& out, Member* first, std::size_t n);
};

}  // namespace nodecc::JSON
