// WorkerGroup: each worker runs on its own thread with its own loop; posted tasks run on the
// worker they were sent to, exactly once, even when the worker is ending.
#include "cluster/worker_group.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "loop/loop.h"

namespace nodecc::cluster::core {
namespace {

// A worker body: attaches a loop, signals readiness, then runs until `stop` is set by a
// posted task, then detaches.
struct Fixture {
  WorkerGroup group;
  std::atomic<int> ready{0};
  std::atomic<bool> stopAll{false};
  std::vector<std::thread::id> threadOf = std::vector<std::thread::id>(8);
  std::vector<unsigned> idSeen = std::vector<unsigned>(8);

  void body(unsigned id) {
    loop::core::Loop loop;
    bool stop = false;
    loop.retainHandle();
    group.attach(id, loop);
    ++ready;
    threadOf[id] = std::this_thread::get_id();
    idSeen[id] = currentWorkerId();
    // Runs until a task tells it to stop (the handle keeps the loop waiting for posts).
    while (!stop) {
      loop.run(loop::core::Loop::RunMode::kOnce);
      if (stopAll.load()) {
        stop = true;
      }
    }
    loop.releaseHandle();
    group.detach(id);
  }
};

TEST(WorkerGroup, RunsEachWorkerOnItsOwnThreadWithItsId) {
  Fixture f;
  f.group.start(1, 3, [&f](unsigned id) { f.body(id); });
  while (f.ready.load() < 3) {
    std::this_thread::yield();
  }
  EXPECT_EQ(f.group.attached(), 3u);
  EXPECT_FALSE(inWorker());
  EXPECT_EQ(f.group.postToAll([&f] { f.stopAll = true; }), 3u);
  f.group.join();
  EXPECT_EQ(f.group.attached(), 0u);
  for (unsigned id = 1; id <= 3; ++id) {
    EXPECT_EQ(f.idSeen[id], id);
    EXPECT_NE(f.threadOf[id], std::this_thread::get_id());
  }
  EXPECT_NE(f.threadOf[1], f.threadOf[2]);
}

TEST(WorkerGroup, PostToAllRunsOnceOnEveryWorkerThread) {
  WorkerGroup group;
  std::atomic<int> ready{0};
  std::atomic<bool> stop{false};
  std::atomic<int> runs{0};
  std::vector<std::atomic<int>> perWorker(5);
  group.start(1, 4, [&](unsigned id) {
    loop::core::Loop loop;
    loop.retainHandle();
    group.attach(id, loop);
    ++ready;
    while (!stop.load()) {
      loop.run(loop::core::Loop::RunMode::kOnce);
    }
    loop.releaseHandle();
    group.detach(id);
  });
  while (ready.load() < 4) {
    std::this_thread::yield();
  }
  for (int i = 0; i < 100; ++i) {
    group.postToAll([&] {
      ++runs;
      ++perWorker[currentWorkerId()];
    });
  }
  while (runs.load() < 400) {
    std::this_thread::yield();
  }
  group.postToAll([&] { stop = true; });
  group.join();
  EXPECT_EQ(runs.load(), 400);
  for (unsigned id = 1; id <= 4; ++id) {
    EXPECT_EQ(perWorker[id].load(), 100) << "worker " << id;
  }
}

TEST(WorkerGroup, TasksPostedBeforeDetachRunAndNoneAfter) {
  WorkerGroup group;
  std::atomic<bool> attached{false};
  std::atomic<bool> release{false};
  std::atomic<int> runs{0};
  group.start(1, 1, [&](unsigned id) {
    loop::core::Loop loop;
    group.attach(id, loop);
    attached = true;
    while (!release.load()) {
      std::this_thread::yield();  // not running the loop: posts pile up
    }
    group.detach(id);  // runs them
  });
  while (!attached.load()) {
    std::this_thread::yield();
  }
  for (int i = 0; i < 10; ++i) {
    EXPECT_TRUE(group.postTo(1, [&] { ++runs; }));
  }
  release = true;
  group.join();
  EXPECT_EQ(runs.load(), 10);
  EXPECT_FALSE(group.postTo(1, [&] { ++runs; }));
  EXPECT_EQ(group.postToAll([&] { ++runs; }), 0u);
  EXPECT_EQ(runs.load(), 10);
}

}  // namespace
}  // namespace nodecc::cluster::core
