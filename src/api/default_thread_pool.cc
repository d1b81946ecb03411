#include "api/default_thread_pool.h"

namespace nodecc::api {

threadpool::ThreadPool& defaultThreadPool() {
  static threadpool::ThreadPool pool(threadpool::ThreadPool::defaultSize());
  return pool;
}

}  // namespace nodecc::api
