// SharedPorts: the k-th port-0 listen of every worker, for one host, shares one port.
#include "cluster/shared_ports.h"

#include <gtest/gtest.h>

#include <thread>

namespace nodecc::cluster::core {
namespace {

TEST(SharedPorts, OrdinalsCountPerThread) {
  resetEphemeralOrdinal();
  EXPECT_EQ(nextEphemeralOrdinal(), 0u);
  EXPECT_EQ(nextEphemeralOrdinal(), 1u);
  unsigned other = 99;
  std::thread([&] { other = nextEphemeralOrdinal(); }).join();
  EXPECT_EQ(other, 0u);
}

TEST(SharedPorts, FirstRecordWinsPerHostAndOrdinal) {
  resetSharedPorts();
  EXPECT_EQ(sharedPort("127.0.0.1", 0), 0);
  recordSharedPort("127.0.0.1", 0, 4000);
  recordSharedPort("127.0.0.1", 0, 5000);  // a later worker cannot move it
  recordSharedPort("127.0.0.1", 1, 4001);
  recordSharedPort("::1", 0, 4002);
  EXPECT_EQ(sharedPort("127.0.0.1", 0), 4000);
  EXPECT_EQ(sharedPort("127.0.0.1", 1), 4001);
  EXPECT_EQ(sharedPort("::1", 0), 4002);
  EXPECT_EQ(sharedPort("::1", 1), 0);
  resetSharedPorts();
  EXPECT_EQ(sharedPort("127.0.0.1", 0), 0);
}

}  // namespace
}  // namespace nodecc::cluster::core
