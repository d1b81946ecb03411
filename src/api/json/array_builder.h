#pragma once
// How the parser turns the elements of a [...], gathered on its scratch stack, into an Array.
#include <cstddef>

#include "nodecc/json.h"

namespace nodecc::JSON {

class ArrayBuilder {
 public:
  // Moves the n values at `first` into `out` (empty), in one block of exactly n.
  static void build(Array& out, Value* first, std::size_t n);
};

}  // namespace nodecc::JSON
