#pragma once
// How the parser turns the members of a {...}, collected in source order, into an Object.
#include <cstddef>
#include <new>
#include <string_view>

#include "nodecc/json.h"

namespace nodecc::JSON {

class ObjectBuilder {
 public:
  // A block holding the n (> 0) members at `first`, each relocated into it or destroyed: the
  // caller forgets them without destroying them, and owns the block (an Object's rep, the
  // payload of an object Value). A later duplicate key replaces the earlier value in place
  // (V8's JSON.parse); array-index keys go first in numeric order. On bad_alloc nothing is
  // left: the members are destroyed.
  static detail::ObjectRep* build(Member* first, std::size_t n);

  // Constructs at `at` (raw storage) a member with an undefined value and a key from JSON text
  // (Key's FromText form), the key built in place: a Key temporary moved into the member was
  // reloaded 16 bytes at a time after being written in smaller pieces (a store-forwarding
  // stall per key).
  static void constructFromText(Member* at, std::string_view key) {
    new (&at->key_) detail::Key(key, detail::Key::FromText{});
    new (&at->value_) Value();
  }
};

}  // namespace nodecc::JSON
