// The uWebSockets peer of bench/ws: an echo server (text as text, binary as binary) on
// 127.0.0.1:PORT, built by bench/ws/run.py against ../shared/peers/uwebsockets (never copied
// into this repository). With --deflate it negotiates permessage-deflate with
// DEDICATED_COMPRESSOR | DEDICATED_DECOMPRESSOR: a deflate and an inflate stream per connection
// with 15-bit windows and context takeover, what Node's ws negotiates by default; and it
// compresses every reply (uWS leaves that to each send call).
//
//   uws-echo --port N [--deflate]
//
// Prints "listening" once the socket listens.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "App.h"

int main(int argc, char** argv) {
  int port = 0;
  bool deflate = false;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--port") && i + 1 < argc) {
      port = atoi(argv[++i]);
    } else if (!strcmp(argv[i], "--deflate")) {
      deflate = true;
    }
  }
  struct PerSocketData {};
  uWS::App()
      .ws<PerSocketData>(
          "/*", {.compression = deflate ? uWS::CompressOptions(uWS::DEDICATED_COMPRESSOR |
                                                               uWS::DEDICATED_DECOMPRESSOR)
                                        : uWS::DISABLED,
                 .maxPayloadLength = 16 * 1024 * 1024,
                 .message = [deflate](auto* ws, std::string_view message,
                                      uWS::OpCode opCode) { ws->send(message, opCode, deflate); }})
      .listen("127.0.0.1", port,
              [port](auto* listenSocket) {
                if (!listenSocket) {
                  fprintf(stderr, "uws-echo: cannot listen on %d\n", port);
                  exit(1);
                }
                printf("listening\n");
                fflush(stdout);
              })
      .run();
}
