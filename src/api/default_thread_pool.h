#pragma once
#include "threadpool/thread_pool.h"

namespace nodecc::detail {

// The process-wide pool behind fs (and later dns), sized by NODECC_THREADPOOL_SIZE. Created on
// first use; its workers start on the first submitted request.
threadpool::core::ThreadPool& defaultThreadPool();

}  // namespace nodecc::detail
