// asStream(ClientRequest&): see api/http/outgoing_stream.h.
#include "api/http/outgoing_stream.h"
#include "nodecc/http_client.h"

namespace nodecc::http {

stream::Writable& asStream(ClientRequest& request) {
  return detail::OutgoingWritable<ClientRequest>::of(request);
}

}  // namespace nodecc::http
