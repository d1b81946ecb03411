#pragma once
// zlib's status codes by name, as Node's err.code names them ("Z_DATA_ERROR"): one table for
// the zlib module's codecs and the WebSocket engine's permessage-deflate. A file of its own so
// that a user of zlib alone (the ws engine, its tests and fuzz target) links nothing else.
namespace nodecc::zlib::core {

const char* zlibCodeName(int status);

}  // namespace nodecc::zlib::core
