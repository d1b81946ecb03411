// A job queue on an EventEmitter: 'job', 'done', 'error', 'idle' and 'close' events, once,
// removeListener and listenerCount, and a graceful shutdown on SIGINT: the jobs queued by then
// finish, the queue closes, and the process exits with 130 (128 + SIGINT).
// build/bin/example-events_program   (then Ctrl-C)
#include <algorithm>
#include <cctype>
#include <deque>
#include <string>
#include <nodecc/nodecc.h>
using namespace nodecc;

struct Job {
  int id;
  std::string name;
  int ms;
};

Promise<std::string> work(Job job);

class JobQueue : public EventEmitter {
 public:
  std::deque<Job> jobs;
  bool busy = false;
  bool closing = false;

  bool push(const Job& job) {
    if (closing) {
      emit("rejected", job);
      return false;
    }
    jobs.push_back(job);
    emit("job", job);
    run();
    return true;
  }

  // Runs the jobs one at a time; 'idle' when none is left, 'close' after close().
  Promise<> run() {
    if (busy) co_return;
    busy = true;
    while (jobs.size() > 0) {
      Job job = jobs.front();
      jobs.pop_front();
      try {
        std::string result = co_await work(job);
        emit("done", job, result);
      } catch (const Error& err) {
        emit("error", err, job);
      }
    }
    busy = false;
    emit("idle");
    if (closing) emit("close");
  }

  void close() {
    closing = true;
    if (!busy) emit("close");
  }
};

Promise<std::string> work(Job job) {
  co_await timers::promises::setTimeout(job.ms);
  if (job.name.starts_with("bad")) {
    throw Error("cannot process " + job.name);
  }
  std::transform(job.name.begin(), job.name.end(), job.name.begin(), ::toupper);
  co_return job.name;
}

JobQueue queue;
int nextId = 1;
auto add = [](std::string name, int ms) { return queue.push({nextId++, name, ms}); };

int main() {
  auto onJob = [](const Job& job) { console.log("queued #%d %s", job.id, job.name); };
  queue.on("job", onJob);
  queue.on("done", [](const Job& job, const std::string& result) { console.log("done #%d -> %s", job.id, result); });
  queue.on("error", [](const Error& err, const Job& job) { console.log("error #%d: %s", job.id, err.message); });
  queue.once("done", [](const Job& job) { console.log("first done: #%d", job.id); });
  queue.on("rejected", [](const Job& job) { console.log("rejected #%d %s: queue closing", job.id, job.name); });
  console.log("listeners: job=%d done=%d error=%d", queue.listenerCount("job"), queue.listenerCount("done"), queue.listenerCount("error"));

  try {
    EventEmitter().emit("error", Error("nobody listens"));
  } catch (const Error& err) {
    console.log("unhandled 'error' event throws: %s", err.message);
  }

  add("resize", 20);
  add("bad-upload", 10);
  add("thumbnail", 5);
  queue.once("idle", [onJob] {
    queue.removeListener("job", onJob);
    console.log("first batch idle; listeners: job=%d done=%d", queue.listenerCount("job"), queue.listenerCount("done"));
    Timeout keepAlive = setInterval([] {}, 1000);
    process::once("SIGINT", [keepAlive](const std::string& signal) {
      console.log("%s: finishing queued jobs", signal);
      add("flush-cache", 15);
      add("bad-report", 5);
      queue.close();
      add("late", 1);
      queue.once("close", [keepAlive] {
        console.log("queue closed (%d left)", queue.jobs.size());
        clearInterval(keepAlive);
        process::exitCode = 130;
      });
    });
    console.log("READY (SIGINT to stop)");
  });

  process::on("exit", [](int code) { console.log("exit %d", code); });
  return nodecc::run();
}
