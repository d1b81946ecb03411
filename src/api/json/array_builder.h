#pragma once
// How the parser turns the elements of a [...], gathered on its scratch stack, into an Array.
#include <cstddef>

#include "nodecc/json.h"

namespace nodecc::JSON {

class ArrayBuilder {
 public:
  // A block of exactly n (> 0) values, the n at `first` relocated into it: the caller forgets
  // them without destroying them, and owns the block (an Array's rep, the payload of an array
  // Value). When the block cannot be allocated the values are destroyed and bad_alloc
  // propagates.
  static detail::ArrayRep* build(Value* first, std::size_t n);
};

}  // namespace nodecc::JSON
