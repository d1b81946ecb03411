#include "diff_report.h"

#include "text/html.h"

namespace nodecc::cli {

namespace {

std::string plural(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string headline(const DiffReport& r) {
  return "Replayed " + plural(r.requests, "request", "requests") + " of " +
         plural(r.connections, "connection", "connections") + ": " +
         plural(r.differing.size(), "request differs", "requests differ") + ".";
}

std::string html(const std::string& s) {
  std::string out;
  text::core::appendHtmlEscaped(out, s);
  return out;
}

std::string noiseText(const std::pair<const std::string, size_t>& n) {
  return n.first + " (" + plural(n.second, "response", "responses") + ")";
}

}  // namespace

void writeMarkdown(const DiffReport& r, FILE* out) {
  std::fprintf(out, "# replay-diff of %s\n\n", r.trace.c_str());
  std::fprintf(out, "- old: `%s` (two instances)\n- new: `%s`\n\n", r.oldCommand.c_str(),
               r.newCommand.c_str());
  std::fprintf(out, "%s\n", headline(r).c_str());
  if (r.incomplete > 0) {
    std::fprintf(out, "%s ended mid-request; those last bytes were not sent.\n",
                 plural(r.incomplete, "connection", "connections").c_str());
  }
  for (const std::string& e : r.ended) {
    std::fprintf(out, "\n**%s.**\n", e.c_str());
  }
  size_t n = 0;
  for (const RequestReport& q : r.differing) {
    std::fprintf(out, "\n## %zu. %s %s\n\n", ++n, printable(q.method, 32).c_str(),
                 printable(q.target, 200).c_str());
    std::fprintf(out, "Connection %zu (from %s), request %zu.\n\n", q.connection, q.peer.c_str(),
                 q.index);
    for (const PartDiff& d : q.diffs) {
      std::fprintf(out, "- %s%s%s\n  - old: `%s`\n  - new: `%s`\n", d.part.c_str(),
                   d.note.empty() ? "" : ": ", d.note.c_str(), d.oldValue.c_str(),
                   d.newValue.c_str());
    }
  }
  if (!r.noise.empty()) {
    std::fprintf(out, "\n## Noise\n\nWhere the two old instances disagreed, not compared:\n\n");
    for (const auto& entry : r.noise) {
      std::fprintf(out, "- %s\n", noiseText(entry).c_str());
    }
  }
}

void writeHtml(const DiffReport& r, FILE* out) {
  std::fprintf(out,
               "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>replay-diff</title>\n"
               "<style>body{font-family:sans-serif;max-width:60em;margin:auto}"
               "code{background:#f3f3f3;white-space:pre-wrap;word-break:break-all}"
               ".old{color:#a00}.new{color:#070}</style></head><body>\n");
  std::fprintf(out, "<h1>replay-diff of %s</h1>\n", html(r.trace).c_str());
  std::fprintf(out, "<p>old: <code>%s</code> (two instances)<br>new: <code>%s</code></p>\n",
               html(r.oldCommand).c_str(), html(r.newCommand).c_str());
  std::fprintf(out, "<p>%s</p>\n", html(headline(r)).c_str());
  for (const std::string& e : r.ended) {
    std::fprintf(out, "<p><strong>%s.</strong></p>\n", html(e).c_str());
  }
  size_t n = 0;
  for (const RequestReport& q : r.differing) {
    std::fprintf(out, "<h2>%zu. %s %s</h2>\n<p>Connection %zu (from %s), request %zu.</p>\n<ul>\n",
                 ++n, html(printable(q.method, 32)).c_str(), html(printable(q.target, 200)).c_str(),
                 q.connection, html(q.peer).c_str(), q.index);
    for (const PartDiff& d : q.diffs) {
      std::fprintf(out,
                   "<li>%s%s%s<br>old: <code class=\"old\">%s</code><br>"
                   "new: <code class=\"new\">%s</code></li>\n",
                   html(d.part).c_str(), d.note.empty() ? "" : ": ", html(d.note).c_str(),
                   html(d.oldValue).c_str(), html(d.newValue).c_str());
    }
    std::fprintf(out, "</ul>\n");
  }
  if (!r.noise.empty()) {
    std::fprintf(out,
                 "<h2>Noise</h2>\n<p>Where the two old instances disagreed, not "
                 "compared:</p>\n<ul>\n");
    for (const auto& entry : r.noise) {
      std::fprintf(out, "<li>%s</li>\n", html(noiseText(entry)).c_str());
    }
    std::fprintf(out, "</ul>\n");
  }
  std::fprintf(out, "</body></html>\n");
}

}  // namespace nodecc::cli
