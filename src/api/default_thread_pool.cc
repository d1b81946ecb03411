#include "api/default_thread_pool.h"

namespace nodecc::detail {

threadpool::core::ThreadPool& defaultThreadPool() {
  static threadpool::core::ThreadPool pool(threadpool::core::ThreadPool::defaultSize());
  return pool;
}

}  // namespace nodecc::detail
