// The report is for people: render it in a real headless Chromium (Debian's chromium package)
// and check the picture is a full page, not an error page, and that every time plot is drawn to
// the end of the run. The screenshot is kept next to the report (report.png) so it can be looked at.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>

#include "TestSupport.hpp"

namespace robometrics {
namespace {

constexpr const char *kChromium = "/usr/bin/chromium";

/// Chromium kept off the network entirely (the report must not need it anyway); `what` is
/// --screenshot=... or --dump-dom. Returns the exit status of the shell.
int chromium(const std::filesystem::path &profile, const std::string &what, const std::filesystem::path &page,
             const std::filesystem::path &output) {
    std::string cmd = std::string("timeout 120 ") + kChromium +
                      " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run"
                      " --disable-background-networking --disable-component-update --disable-sync"
                      " --hide-scrollbars --enable-logging=stderr --v=0 --user-data-dir=" +
                      profile.string() + " --window-size=1280,2400 " + what + " file://" + page.string() + " > " +
                      output.string() + " 2>&1";
    return std::system(cmd.c_str());
}

// Run inside the page by Chromium: for every plot, the clip path its elements reference is
// resolved the way the browser does (document.getElementById: with a duplicated id, the first
// plot's) and the right end of the drawn lines is compared with that clip box; for time plots the
// right end is read back in seconds through the plot's own tick labels.
constexpr const char *kRenderCheck = R"js(
(function () {
  const problems = [], ends = [];
  let plots = 0;
  for (const svg of document.querySelectorAll('svg')) {
    plots++;
    const texts = [...svg.querySelectorAll('text')];
    const isTime = texts.some(t => t.textContent.startsWith('time since start'));
    let right = -Infinity, clipRight = NaN;
    for (const el of svg.querySelectorAll('[clip-path]')) {
      const id = el.getAttribute('clip-path').match(/url\(#(.+)\)/)[1];
      const clip = document.getElementById(id);
      if (!clip) { problems.push('plot ' + plots + ' has no clip ' + id); continue; }
      if (clip.closest('svg') !== svg) problems.push('plot ' + plots + ' is clipped by another plot\'s ' + id);
      const r = clip.querySelector('rect');
      clipRight = r.x.baseVal.value + r.width.baseVal.value;
      if (el.tagName === 'path') { const b = el.getBBox(); right = Math.max(right, b.x + b.width); }
    }
    if (!isTime || right === -Infinity) continue;
    if (right > clipRight + 0.5) problems.push('plot ' + plots + ' cut at ' + clipRight + ', data to ' + right);
    const ticks = texts.filter(t => t.getAttribute('text-anchor') === 'middle' && t.getAttribute('fill') === '#444' &&
                                    /^-?[0-9.]+$/.test(t.textContent))
                       .map(t => [parseFloat(t.getAttribute('x')), parseFloat(t.textContent)]);
    if (ticks.length < 2) { problems.push('plot ' + plots + ' has no x ticks'); continue; }
    const a = ticks[0], b = ticks[ticks.length - 1];
    ends.push((a[1] + (Math.min(right, clipRight) - a[0]) * (b[1] - a[1]) / (b[0] - a[0])).toFixed(1));
  }
  const pre = document.createElement('pre');
  pre.id = 'render-check';
  pre.textContent = 'plots=' + plots + ' ends=' + ends.join(',') + ' problems=' + problems.length +
                    (problems.length ? ': ' + problems.join('; ') : '');
  document.body.appendChild(pre);
})();
)js";

/// Simulates a run and evaluates it into dir/eval; false (with a test failure) when either fails.
bool simulateAndEvaluate(const std::filesystem::path &dir, const std::string &scenario, const std::string &seconds) {
    auto sim =
        test::runRobometrics({"simulate", "--scenario", scenario, "--duration", seconds, "-o", (dir / "run").string()});
    EXPECT_EQ(sim.exit_code, 0) << sim.err;
    if (sim.exit_code != 0) return false;
    auto eval = test::runRobometrics({"evaluate", (dir / "run").string(), "-o", (dir / "eval").string()});
    EXPECT_EQ(eval.exit_code, 0) << eval.err;
    return eval.exit_code == 0;
}

}  // namespace

TEST(ReportRender, HeadlessChromiumRendersTheReportWithoutConsoleErrors) {
    if (!std::filesystem::exists(kChromium))
        GTEST_SKIP() << "chromium not installed (scripts/install-deps installs it)";
    auto dir = test::scratchDir("report-render");
    ASSERT_TRUE(simulateAndEvaluate(dir, "kidnap", "40"));
    std::filesystem::path html = dir / "eval" / "report.html";
    std::filesystem::path png = dir / "eval" / "report.png";
    std::filesystem::path log = dir / "chromium.log";
    ASSERT_EQ(chromium(dir / "profile", "--screenshot=" + png.string(), html, log), 0)
        << "chromium failed, see " << log;
    uint32_t w = 0, h = 0;
    ASSERT_TRUE(test::pngSize(png, w, h));
    EXPECT_EQ(w, 1280u);
    EXPECT_EQ(h, 2400u);
    // A full page of plots compresses far worse than a blank or error page (a few kB).
    EXPECT_GT(std::filesystem::file_size(png), 60'000u);
    const std::string text = test::readFile(log);
    EXPECT_EQ(text.find("CONSOLE"), std::string::npos) << text;
    // Self-contained: nothing is fetched (the SVG namespace URI is a name, not a request).
    const std::string page = test::readFile(html);
    for (const char *fetch : {"src=\"http", "href=\"http", "url(http", "<link", "<script", "@import"}) {
        EXPECT_EQ(page.find(fetch), std::string::npos) << fetch;
    }
}

TEST(ReportRender, EveryTimePlotOfALongRunReachesItsEnd) {
    // The issue's case: a 30-minute run whose plots stopped at ~1648 s, cut by the first plot's
    // (the trajectory's, narrower) clip box that every plot shared by id.
    if (!std::filesystem::exists(kChromium))
        GTEST_SKIP() << "chromium not installed (scripts/install-deps installs it)";
    auto dir = test::scratchDir("report-render-long");
    ASSERT_TRUE(simulateAndEvaluate(dir, "office", "1800"));
    // A copy of the report with the check appended (the report itself carries no script).
    std::string page = test::readFile(dir / "eval" / "report.html");
    const std::size_t body_end = page.rfind("</body>");
    ASSERT_NE(body_end, std::string::npos);
    page.insert(body_end, std::string("<script>") + kRenderCheck + "</script>");
    const std::filesystem::path checked = dir / "report-check.html", dom = dir / "dom.html";
    std::ofstream(checked) << page;
    ASSERT_EQ(chromium(dir / "profile", "--dump-dom", checked, dom), 0) << "chromium failed, see " << dom;
    const std::string out = test::readFile(dom);
    EXPECT_EQ(out.find("CONSOLE"), std::string::npos) << out.substr(0, 2000);
    std::smatch m;
    const std::string marker = "<pre id=\"render-check\">";
    const std::size_t at = out.find(marker);
    ASSERT_NE(at, std::string::npos) << "the check did not run: " << out.substr(0, 2000);
    const std::string result = out.substr(at + marker.size(), out.find("</pre>", at) - at - marker.size());
    EXPECT_NE(result.find("problems=0"), std::string::npos) << result;
    // Error, clearance, velocity, lost detector and topic rates: each drawn to within 2 s of the
    // run's 1800 s (rows are one per second; topic windows end with the last full window).
    ASSERT_TRUE(std::regex_search(result, m, std::regex("ends=([0-9.,]*)"))) << result;
    std::vector<double> ends;
    std::stringstream list(m[1].str());
    for (std::string item; std::getline(list, item, ',');) ends.push_back(std::stod(item));
    EXPECT_EQ(ends.size(), 5u) << result;
    for (double end : ends) {
        EXPECT_GE(end, 1798.0) << result;
        EXPECT_LE(end, 1801.0) << result;
    }
}

TEST(ReportRender, ASimTimeRunShowsSimulatedRatesDurationsAndAlignedPaths) {
    // A Gazebo run at a real-time factor of 0.6 with a 6 s pause, evaluated from the bag alone
    // (no ground truth): rates and durations on simulated time, odometry joined to AMCL in map.
    if (!std::filesystem::exists(kChromium))
        GTEST_SKIP() << "chromium not installed (scripts/install-deps installs it)";
    auto dir = test::scratchDir("report-render-sim");
    auto sim = test::runRobometrics(
        {"simulate", "--scenario", "nav2", "--clock", "gazebo", "--duration", "60", "-o", (dir / "run").string()});
    ASSERT_EQ(sim.exit_code, 0) << sim.err;
    std::filesystem::create_directories(dir / "bag");
    std::filesystem::copy_file(dir / "run" / "run.mcap", dir / "bag" / "run.mcap");
    auto eval = test::runRobometrics({"evaluate", (dir / "bag" / "run.mcap").string(), "-o", (dir / "eval").string()});
    ASSERT_EQ(eval.exit_code, 0) << eval.err;
    EXPECT_NE(eval.out.find("duration: 60.0 s of simulated time"), std::string::npos) << eval.out;
    std::string page = test::readFile(dir / "eval" / "report.html");
    page.insert(page.rfind("</body>"), std::string("<script>") + kRenderCheck + "</script>");
    const std::filesystem::path checked = dir / "report-check.html", dom = dir / "dom.html";
    std::ofstream(checked) << page;
    ASSERT_EQ(chromium(dir / "profile", "--dump-dom", checked, dom), 0) << "chromium failed, see " << dom;
    const std::string out = test::readFile(dom);
    EXPECT_NE(out.find("problems=0"), std::string::npos);
    EXPECT_NE(out.find("60.0 s of simulated time ("), std::string::npos);  // the subtitle, wall time beside
    EXPECT_NE(out.find(">time since start [s], simulated time</text>"), std::string::npos);
    EXPECT_EQ(out.find("recorder log time</text>"), std::string::npos);
    EXPECT_NE(out.find("rate [Hz, simulated time]"), std::string::npos);
    // /odom at its 30 Hz of simulated time (18 Hz of wall time), /scan at 5 Hz.
    EXPECT_NE(out.find("<td>/odom</td><td>periodic</td><td>1800</td><td>30.00</td>"), std::string::npos);
    EXPECT_NE(out.find("<td>/scan</td><td>periodic</td><td>300</td><td>5.00</td>"), std::string::npos);
    EXPECT_NE(out.find(">Estimated path in the map frame (no ground truth given)</text>"), std::string::npos);
    EXPECT_NE(out.find(">/odom via TF map-&gt;odom</text>"), std::string::npos);
    EXPECT_EQ(out.find("in the odom frame"), std::string::npos);
    const std::filesystem::path png = dir / "eval" / "report.png", log = dir / "chromium.log";
    ASSERT_EQ(chromium(dir / "profile", "--screenshot=" + png.string(), dir / "eval" / "report.html", log), 0);
    EXPECT_GT(std::filesystem::file_size(png), 60'000u);
}

// Run in the page after the report's own script: sorts the runs table by its "run s" column both
// ways, then filters it by the word "failed", and writes what it saw into <pre id="bench-check">.
constexpr const char *kBenchTableCheck = R"js(
(function () {
  const tables = [...document.querySelectorAll('main table')];
  const runs = tables[tables.length - 1];
  const head = [...runs.rows[0].cells].map(c => c.textContent);
  const column = head.indexOf('run s');
  const values = () => [...runs.rows].slice(1).map(r => r.cells[column].textContent).join(' ');
  runs.rows[0].cells[column].click();
  const up = values();
  runs.rows[0].cells[column].click();
  const down = values();
  const filter = runs.previousElementSibling;
  filter.value = 'failed';
  filter.dispatchEvent(new Event('input'));
  const shown = [...runs.rows].slice(1).filter(r => r.style.display !== 'none').length;
  // Each cell's trajectories: the drawn lines of the overlay's first plot that have a size.
  const overlay = [...document.querySelectorAll('h2')].find(h => h.textContent === 'Trajectories per cell');
  const svg = overlay ? overlay.parentElement.querySelector('svg') : null;
  const lines = svg ? [...svg.querySelectorAll('path[fill="none"]')].filter(p => p.getBBox().width > 20).length : 0;
  const pre = document.createElement('pre');
  pre.id = 'bench-check';
  pre.textContent = 'ready=' + tables.filter(t => t.dataset.ready === '1').length + '/' +
                    tables.filter(t => !t.dataset.fixed).length +
                    ' up=' + up + ' down=' + down + ' shown=' + shown + ' overlay=' + lines;
  document.body.appendChild(pre);
})();
)js";

TEST(ReportRender, TheBenchReportsTablesSortAndFilterInChromium) {
    if (!std::filesystem::exists(kChromium))
        GTEST_SKIP() << "chromium not installed (scripts/install-deps installs it)";
    auto dir = test::scratchDir("report-render-bench");
    // Three runs of one cell, the second failing by itself with exit code 3.
    std::ofstream(dir / "m.yaml")
        << "iterations: 3\ncommand: [sh, -c, \"test $2 = 1 && exit 3; exec \\\"$0\\\" simulate --duration 40 --seed $2 "
           "-o \\\"$1\\\"\", \"{robometrics}\", \"{out}\", \"{iteration}\"]\n";
    auto bench = test::runRobometrics({"bench", (dir / "m.yaml").string(), "-o", (dir / "b").string(), "-j", "2"});
    ASSERT_EQ(bench.exit_code, 1) << bench.err;  // one job failed
    std::string page = test::readFile(dir / "b" / "report.html");
    EXPECT_NE(page.find("<td>failed</td><td>-</td><td></td><td>3</td>"), std::string::npos);  // status, verdict, exit
    EXPECT_NE(page.find("the command failed (exit code 3; see "), std::string::npos);
    EXPECT_NE(page.find("<a href=\"jobs/0001/stderr.log\">stderr</a>"), std::string::npos);
    const std::size_t body_end = page.rfind("</body>");
    ASSERT_NE(body_end, std::string::npos);
    page.insert(body_end, std::string("<script>") + kBenchTableCheck + "</script>");
    const std::filesystem::path checked = dir / "b" / "report-check.html", dom = dir / "dom.html";
    std::ofstream(checked) << page;
    ASSERT_EQ(chromium(dir / "profile", "--dump-dom", checked, dom), 0) << "chromium failed, see " << dom;
    const std::string out = test::readFile(dom);
    EXPECT_EQ(out.find("CONSOLE"), std::string::npos) << out.substr(0, 2000);
    const std::string marker = "<pre id=\"bench-check\">";
    const std::size_t at = out.find(marker);
    ASSERT_NE(at, std::string::npos) << "the check did not run: " << out.substr(0, 2000);
    const std::string result = out.substr(at + marker.size(), out.find("</pre>", at) - at - marker.size());
    std::smatch m;
    ASSERT_TRUE(std::regex_search(
        result, m, std::regex("ready=([0-9]+)/([0-9]+) up=(.*) down=(.*) shown=([0-9]+) overlay=([0-9]+)")))
        << result;
    EXPECT_EQ(m[1].str(), m[2].str()) << result;  // every table got its filter and sorting
    // Ascending then descending run times; the failed run's time is there too (it ran), one row
    // holds the word "failed".
    std::vector<double> up, down;
    for (const auto &[text, out_values] : {std::pair{m[3].str(), &up}, std::pair{m[4].str(), &down}}) {
        std::stringstream words(text);
        for (std::string w; words >> w;) out_values->push_back(std::stod(w));
    }
    ASSERT_EQ(up.size(), 3u) << result;
    EXPECT_TRUE(std::is_sorted(up.begin(), up.end())) << result;
    EXPECT_TRUE(std::is_sorted(down.rbegin(), down.rend())) << result;
    EXPECT_EQ(m[5].str(), "1") << result;
    // The two done runs overlaid: a ground truth and an estimate each, drawn with a real extent.
    EXPECT_EQ(m[6].str(), "4") << result;
}

}  // namespace robometrics
