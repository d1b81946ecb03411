// Console over a function sink: colours, group indentation, options, time formatting.
#include <gtest/gtest.h>
#include <nodecc/nodecc.h>

namespace nodecc {
namespace {

struct Captured {
  std::string text;
  ConsoleStream stream() {
    return ConsoleStream([this](std::string_view s) { text += s; });
  }
};

TEST(Console, WritesEachCallAsOneLine) {
  Captured out;
  Console c(out.stream());
  c.log("a %d", 1);
  c.info("b");
  EXPECT_EQ(out.text, "a 1\nb\n");
}

TEST(Console, ColoursWhenColorModeSaysSo) {
  Captured out;
  Console c({.stdout = out.stream(), .colorMode = true});
  c.log(1, "s", std::vector<std::string>{"t"});
  EXPECT_EQ(out.text, "\x1b[33m1\x1b[39m s [ \x1b[32m't'\x1b[39m ]\n");
}

TEST(Console, TakesInspectOptions) {
  Captured out;
  Console c({.stdout = out.stream(), .inspectOptions = util::InspectOptions{.depth = 0}});
  c.log(std::vector<std::vector<int>>{{1}});
  EXPECT_EQ(out.text, "[ [Array] ]\n");
}

TEST(Console, IndentsGroupsByGroupIndentation) {
  Captured out;
  Console c({.stdout = out.stream(), .groupIndentation = 1});
  c.group("g");
  c.log("x\ny");
  c.groupEnd();
  c.groupEnd();  // one too many: nothing to take away
  c.log("z");
  EXPECT_EQ(out.text, "g\n x\n y\nz\n");
}

TEST(Console, RejectsOptionsWithoutStdout) {
  EXPECT_THROW(Console(ConsoleOptions{}), TypeError);
  Captured out;
  EXPECT_THROW(Console({.stdout = out.stream(), .groupIndentation = 1001}), RangeError);
}

TEST(Console, WritesErrorsToStderrAndTheRestToStdout) {
  Captured out;
  Captured err;
  Console c(out.stream(), err.stream());
  c.warn("w");
  c.error("e");
  c.log("l");
  c.assert_(false, "a");
  EXPECT_EQ(out.text, "l\n");
  EXPECT_EQ(err.text, "w\ne\nAssertion failed: a\n");
}

Console* gConsole = nullptr;
struct Chatty {};
std::string inspectCustom(const Chatty&) {
  gConsole->log("inner");
  return "chatty";
}

TEST(Console, ALineLoggedWhileFormattingAnotherKeepsItsOwnBuffer) {
  Captured out;
  Console c(out.stream());
  gConsole = &c;
  c.log("outer %s", "x", Chatty{});
  EXPECT_EQ(out.text, "inner\nouter x chatty\n");
}

TEST(ConsoleTime, FormatsDurationsAsNode) {
  EXPECT_EQ(detail::formatConsoleTime(0.5), "0.5ms");
  EXPECT_EQ(detail::formatConsoleTime(12.3456), "12.346ms");
  EXPECT_EQ(detail::formatConsoleTime(999.9999), "1000ms");
  EXPECT_EQ(detail::formatConsoleTime(1500), "1.500s");
  EXPECT_EQ(detail::formatConsoleTime(59999.9999), "60.000s");
  EXPECT_EQ(detail::formatConsoleTime(61000), "1:01.000 (m:ss.mmm)");
  EXPECT_EQ(detail::formatConsoleTime(3723004), "1:02:03.004 (h:mm:ss.mmm)");
  EXPECT_EQ(detail::formatConsoleTime(172800001), "48:00:00.001 (h:mm:ss.mmm)");
}

}  // namespace
}  // namespace nodecc
