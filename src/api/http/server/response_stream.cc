// asStream(ServerResponse&): see api/http/outgoing_stream.h.
#include "api/http/outgoing_stream.h"

namespace nodecc::http {

stream::Writable& asStream(ServerResponse& response) {
  return detail::OutgoingWritable<ServerResponse>::of(response);
}

}  // namespace nodecc::http
