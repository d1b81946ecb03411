#include "replay_diff_command.h"

#include <nodecc/nodecc.h>
#include <nodecc/recorder.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>

#include "app_instance.h"
#include "diff_report.h"
#include "recorded_requests.h"
#include "response_diff.h"
#include "response_reader.h"

namespace nodecc::cli {

namespace {

constexpr const char* kUsage =
    "Usage: nodecc replay-diff TRACE --old PROGRAM --new PROGRAM [--html FILE]\n"
    "                          [--timeout MS] [-- ARGS...]\n"
    "\n"
    "Sends the HTTP requests each connection of TRACE's server received, in the recorded\n"
    "order, to two instances of the old PROGRAM and one of the new (each started as\n"
    "`PROGRAM ARGS... --port N` with PORT=N, listening on 127.0.0.1:N), and reports in\n"
    "Markdown the response parts where the new one differs and the two old ones agree.\n"
    "--html FILE writes the report as HTML too. --timeout MS bounds each response\n"
    "(default 5000). Exit status: 0 no difference, 1 differences, 2 error.\n";

constexpr int kDefaultTimeoutMs = 5000;
constexpr int kStartTimeoutMs = 10000;
// The instances, in the order each request is sent to them: the new one between the old
// ones, so that a value that only moves forward with time (a Date, a counter of the clock)
// which old-1 and old-2 agree on was the same when the new one answered too.
constexpr int kOld1 = 0;
constexpr int kNew = 1;
constexpr int kOld2 = 2;
constexpr const char* kInstanceNames[] = {"old-1", "new", "old-2"};

struct Options {
  std::string trace;
  std::string oldProgram;
  std::string newProgram;
  std::string html;
  int timeoutMs = kDefaultTimeoutMs;
  std::vector<std::string> args;
};

// Parses the command line; returns -1 to go on, or the exit status.
int parseOptions(const std::vector<std::string>& args, Options* o) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool hasValue = i + 1 < args.size();
    if (a == "--") {
      o->args.assign(args.begin() + long(i) + 1, args.end());
      break;
    }
    if (a == "-h" || a == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (a == "--old" && hasValue) {
      o->oldProgram = args[++i];
    } else if (a == "--new" && hasValue) {
      o->newProgram = args[++i];
    } else if (a == "--html" && hasValue) {
      o->html = args[++i];
    } else if (a == "--timeout" && hasValue && std::atoi(args[i + 1].c_str()) > 0) {
      o->timeoutMs = std::atoi(args[++i].c_str());
    } else if (o->trace.empty() && !a.empty() && a[0] != '-') {
      o->trace = a;
    } else {
      std::fprintf(stderr, "nodecc replay-diff: unexpected argument '%s'\n\n%s", a.c_str(), kUsage);
      return 2;
    }
  }
  if (o->trace.empty() || o->oldProgram.empty() || o->newProgram.empty()) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  return -1;
}

std::string commandLine(const std::string& program, const std::vector<std::string>& args) {
  std::string s = program;
  for (const auto& a : args) {
    s += " " + a;
  }
  return s;
}

// Sends every request to the three instances and compares their answers.
void replay(const RecordedTraffic& traffic,
            const std::vector<recorder::RecordedConnection>& connections,
            const std::array<AppInstance, 3>& apps, int timeoutMs, DiffReport* report) {
  ResponseDiff diff(timeoutMs);
  using Readers = std::array<std::unique_ptr<ResponseReader>, 3>;
  std::map<size_t, Readers> open;  // by recorded connection
  for (const RecordedRequest& q : traffic.requests) {
    Readers& readers = open[q.connection];
    std::array<HttpResponse, 3> got;
    for (int i = 0; i < 3; ++i) {
      if (!readers[size_t(i)]) {
        readers[size_t(i)] = std::make_unique<ResponseReader>(apps[size_t(i)].port(), timeoutMs);
      }
      got[size_t(i)] = readers[size_t(i)]->exchange(q.bytes, q.method == "HEAD");
    }
    std::vector<PartDiff> parts = diff.compare(got[kOld1], got[kOld2], got[kNew]);
    if (!parts.empty()) {
      report->differing.push_back(RequestReport{q.method, q.target, connections[q.connection].peer,
                                                q.connection + 1, q.index + 1, std::move(parts)});
    }
    if (q.last) {
      open.erase(q.connection);
    }
  }
  report->noise = diff.noise();
}

int run(const Options& o) {
  std::vector<recorder::RecordedConnection> connections;
  try {
    connections = recorder::connections(o.trace);
  } catch (const Error& e) {
    std::fprintf(stderr, "nodecc replay-diff: %s\n", e.message.c_str());
    return 2;
  }
  const RecordedTraffic traffic = splitRequests(connections);
  if (traffic.requests.empty()) {
    std::fprintf(stderr,
                 "nodecc replay-diff: %s holds no complete HTTP request (%zu accepted "
                 "connections): nothing to compare\n",
                 o.trace.c_str(), connections.size());
    return 2;
  }
  std::array<AppInstance, 3> apps;
  for (int i = 0; i < 3; ++i) {
    std::vector<std::string> command{i == kNew ? o.newProgram : o.oldProgram};
    command.insert(command.end(), o.args.begin(), o.args.end());
    std::string error;
    if (!apps[size_t(i)].start(command, kStartTimeoutMs, &error)) {
      std::fprintf(stderr, "nodecc replay-diff: the %s instance did not start: %s\n",
                   kInstanceNames[i], error.c_str());
      return 2;
    }
  }
  DiffReport report;
  report.trace = o.trace;
  report.oldCommand = commandLine(o.oldProgram, o.args);
  report.newCommand = commandLine(o.newProgram, o.args);
  report.connections = traffic.connections;
  report.requests = traffic.requests.size();
  report.incomplete = traffic.incomplete;
  replay(traffic, connections, apps, o.timeoutMs, &report);
  bool oldEnded = false;
  for (int i = 0; i < 3; ++i) {
    const std::string ended = apps[size_t(i)].stop();
    if (!ended.empty()) {
      report.ended.push_back(std::string("The ") + kInstanceNames[i] + " instance " + ended +
                             " during the replay");
      oldEnded = oldEnded || i != kNew;
    }
  }
  writeMarkdown(report, stdout);
  std::fflush(stdout);
  if (!o.html.empty()) {
    FILE* f = std::fopen(o.html.c_str(), "w");
    if (f == nullptr) {
      std::fprintf(stderr, "nodecc replay-diff: cannot write %s: %s\n", o.html.c_str(),
                   std::strerror(errno));
      return 2;
    }
    writeHtml(report, f);
    std::fclose(f);
  }
  // An old instance that died leaves nothing trustworthy to compare against.
  if (oldEnded) {
    std::fprintf(stderr, "nodecc replay-diff: an old instance ended during the replay\n");
    return 2;
  }
  return report.differing.empty() && report.ended.empty() ? 0 : 1;
}

}  // namespace

int replayDiffCommand(const std::vector<std::string>& args) {
  Options o;
  if (const int status = parseOptions(args, &o); status >= 0) {
    return status;
  }
  return run(o);
}

}  // namespace nodecc::cli
