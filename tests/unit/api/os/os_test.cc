// os: the rules Node applies on top of what the system says (tests/compat/os compares the
// values themselves with Node's).
#include "nodecc/os.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <string>

#include "nodecc/error.h"
#include "nodecc/process.h"

namespace os = nodecc::os;
namespace process = nodecc::process;

TEST(OsTmpdir, PrefersTmpdirThenTmpThenTempAndDropsOneTrailingSlash) {
  auto saved = process::env.get("TMPDIR");
  process::env.set("TMPDIR", "/a/b//");
  EXPECT_EQ(os::tmpdir(), "/a/b/");
  process::env.set("TMPDIR", "/");
  EXPECT_EQ(os::tmpdir(), "/");
  process::env.erase("TMPDIR");
  if (!process::env.has("TMP") && !process::env.has("TEMP")) {
    EXPECT_EQ(os::tmpdir(), "/tmp");
  }
  if (saved) {
    process::env.set("TMPDIR", *saved);
  }
}

TEST(OsConstants, LooksNamesUpByString) {
  EXPECT_EQ(os::constants::signals["SIGTERM"], SIGTERM);
  EXPECT_EQ(os::constants::errnum["ENOENT"], ENOENT);
  EXPECT_EQ(os::constants::priority.get("PRIORITY_HIGHEST"), -20);
  EXPECT_FALSE(os::constants::signals.get("SIGNOPE").has_value());
  EXPECT_EQ(os::constants::signals.size(), 33u);
  EXPECT_EQ(os::constants::errnum.size(), 79u);
}

TEST(OsNetworkInterfaces, LoopbackIsInternalWithACidr) {
  os::NetworkInterfaces all = os::networkInterfaces();
  const auto* lo = all.find("lo");
  if (lo == nullptr) {
    GTEST_SKIP() << "no loopback interface up";
  }
  bool v4 = false;
  for (const auto& a : *lo) {
    EXPECT_TRUE(a.internal);
    EXPECT_TRUE(a.cidr.has_value());
    EXPECT_EQ(a.scopeid.has_value(), a.family == "IPv6");
    v4 = v4 || (a.address == "127.0.0.1" && a.cidr == "127.0.0.1/8");
  }
  EXPECT_TRUE(v4);
  EXPECT_TRUE(os::networkInterfaces()["nodecc-none"].empty());
  EXPECT_EQ(os::networkInterfaces()["lo"].size(), lo->size());  // a temporary's list, owned
}

TEST(OsSystem, ReportsTheMachine) {
  EXPECT_EQ(os::platform(), "linux");
  EXPECT_EQ(os::type(), "Linux");
  EXPECT_FALSE(os::release().empty());
  EXPECT_GE(os::availableParallelism(), 1u);
  EXPECT_EQ(os::cpus().size() >= os::availableParallelism(), true);
  EXPECT_GT(os::totalmem(), os::freemem());
  EXPECT_GT(os::uptime(), 0.0);
  os::UserInfo u = os::userInfo();
  EXPECT_EQ(u.uid, int64_t(geteuid()));
  EXPECT_FALSE(u.username.empty());
  EXPECT_EQ(os::getPriority(), os::getPriority(0));
}

TEST(OsPriority, FailsAsASystemError) {
  try {
    os::setPriority(0x7fffffff, 0);  // no such process
    FAIL() << "setPriority of a missing process must throw";
  } catch (const nodecc::Error& e) {
    EXPECT_EQ(e.code, "ERR_SYSTEM_ERROR");
    EXPECT_EQ(e.syscall, "uv_os_setpriority");
    EXPECT_EQ(e.message,
              "A system error occurred: uv_os_setpriority returned ESRCH (no such process)");
  }
}
