// What os reports that is the same for Node and nodecc on one machine: names, uname, memory
// size, users, the loopback interface, tmpdir's and homedir's rules, the constants; for what
// moves (free memory, load, uptime, CPU times) only its shape.
#include <nodecc/nodecc.h>

#include <cstdio>
#include <string>

using namespace nodecc;

static std::string json(std::string_view s) {  // JSON.stringify for these strings
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') { out += "\\n"; continue; }
    out += c;
  }
  return out + "\"";
}
static const char* b(bool v) { return v ? "true" : "false"; }

int main() {
  std::printf("hostname %s\n", json(os::hostname()).c_str());
  std::printf("EOL %s devNull %s\n", json(os::EOL).c_str(), std::string(os::devNull).c_str());
  std::printf("platform %s arch %s endianness %s\n", std::string(os::platform()).c_str(), std::string(os::arch()).c_str(), std::string(os::endianness()).c_str());
  std::printf("type %s release %s machine %s\n", os::type().c_str(), os::release().c_str(), os::machine().c_str());
  std::printf("version %s\n", json(os::version()).c_str());
  std::printf("totalmem %llu\n", (unsigned long long)os::totalmem());
  uint64_t free = os::freemem();
  std::printf("freemem %s\n", b(free > 0 && free <= os::totalmem()));
  std::printf("availableParallelism %u\n", os::availableParallelism());

  auto cpus = os::cpus();
  std::printf("cpus %zu\n", cpus.size());
  for (const auto& cpu : cpus) {
    std::printf("  %s %s %s %s\n", json(cpu.model).c_str(), "number", "user,nice,sys,idle,irq", b(cpu.times.user + cpu.times.idle > 0));
  }

  auto load = os::loadavg();
  std::printf("loadavg %zu %s\n", load.size(), b(load[0] >= 0 && load[1] >= 0 && load[2] >= 0));
  double up = os::uptime();
  std::printf("uptime %s\n", b(up > 0));

  const auto& lo = os::networkInterfaces()["lo"];
  std::printf("lo %zu\n", lo.size());
  for (const auto& a : lo) {
    std::printf("  %s %s %s %s %s %s %s\n", a.address.c_str(), a.netmask.c_str(), a.family.c_str(), a.mac.c_str(), b(a.internal), a.cidr.value_or("null").c_str(), a.scopeid ? std::to_string(*a.scopeid).c_str() : "no scopeid");
  }
  std::printf("no such interface %s\n", b(os::networkInterfaces().find("nodecc-none") == nullptr));

  auto user = os::userInfo();
  std::printf("userInfo %lld %lld %s %s %s\n", (long long)user.uid, (long long)user.gid, user.username.c_str(), user.homedir.c_str(), user.shell.c_str());

  auto saved = {process::env.get("TMPDIR"), process::env.get("TMP"), process::env.get("TEMP"), process::env.get("HOME")};
  process::env.erase("TMPDIR"); process::env.erase("TMP"); process::env.erase("TEMP");
  std::printf("tmpdir none %s\n", os::tmpdir().c_str());
  process::env.set("TEMP", "/temp/");
  std::printf("tmpdir TEMP %s\n", os::tmpdir().c_str());
  process::env.set("TMP", "/tmp2//");
  std::printf("tmpdir TMP %s\n", os::tmpdir().c_str());
  process::env.set("TMPDIR", "/");
  std::printf("tmpdir TMPDIR / %s\n", os::tmpdir().c_str());
  process::env.set("TMPDIR", "");
  std::printf("tmpdir TMPDIR empty %s\n", os::tmpdir().c_str());
  process::env.set("TMPDIR", "/var/tmp/");
  std::printf("tmpdir TMPDIR %s\n", os::tmpdir().c_str());
  process::env.set("HOME", "/home/someone");
  std::printf("homedir HOME %s\n", os::homedir().c_str());
  process::env.erase("HOME");
  std::printf("homedir passwd %s\n", os::homedir().c_str());
  const char* names[] = {"TMPDIR", "TMP", "TEMP", "HOME"}; size_t i = 0;
  for (const auto& v : saved) { if (!v) process::env.erase(names[i]); else process::env.set(names[i], *v); ++i; }

  std::printf("signals %zu %d %d %d\n", os::constants::signals.size(), os::constants::signals["SIGINT"], os::constants::signals["SIGTERM"], os::constants::signals["SIGKILL"]);
  std::printf("errno %zu %d %d\n", os::constants::errnum.size(), os::constants::errnum["ENOENT"], os::constants::errnum["EADDRINUSE"]);
  std::string pr = "{";
  for (const auto& c : os::constants::priority) { if (pr.size() > 1) pr += ","; pr += json(c.name); pr += ":"; pr += std::to_string(c.value); }
  std::printf("priority %s}\n", pr.c_str());
  std::printf("dlopen %d\n", os::constants::dlopen["RTLD_NOW"]);
  std::printf("getPriority %d %d\n", os::getPriority(), os::getPriority(0));
  return 0;
}
