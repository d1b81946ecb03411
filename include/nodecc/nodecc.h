#pragma once
// nodecc: Node.js's programming model in C++20. Include this one header.
#include "nodecc/abort.h"
#include "nodecc/buffer.h"
#include "nodecc/cluster.h"
#include "nodecc/console.h"
#include "nodecc/crypto.h"
#include "nodecc/dns.h"
#include "nodecc/error.h"
#include "nodecc/events.h"
#include "nodecc/express.h"
#include "nodecc/fetch.h"
#include "nodecc/fs.h"
#include "nodecc/function.h"
#include "nodecc/generator.h"
#include "nodecc/http.h"
#include "nodecc/https.h"
#include "nodecc/json.h"
#include "nodecc/net.h"
#include "nodecc/number.h"
#include "nodecc/os.h"
#include "nodecc/path.h"
#include "nodecc/process.h"
#include "nodecc/promise.h"
#include "nodecc/readline.h"
#include "nodecc/recorder.h"
#include "nodecc/serve_static.h"
#include "nodecc/stream.h"
#include "nodecc/string_decoder.h"
#include "nodecc/timers.h"
#include "nodecc/tls.h"
#include "nodecc/url.h"
#include "nodecc/util.h"
#include "nodecc/ws.h"
#include "nodecc/zlib.h"

namespace nodecc {

// Runs this thread's event loop until nothing keeps it alive (then 'beforeExit'; if that
// scheduled more work the loop goes on), emits 'exit' and returns process::exitCode. Call it at
// the end of main(): `return nodecc::run();`, as node runs the loop after the main script.
int run();

}  // namespace nodecc
