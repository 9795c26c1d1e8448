// The report is for people: render it in a real headless Chromium (Debian's chromium package)
// and check the picture is a full page, not an error page, that every time chart (uPlot, inlined)
// is drawn, reaches the end of the run and zooms with its group, and that the SVG plots clip to
// their own boxes. The screenshots are kept next to the report (report.png) to be looked at.

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

// Under the sanitizers a test makes its report (the code they instrument) and checks its text,
// then stops: the browser runs none of our code, and the Release tree runs the same checks in
// it on the same page. This keeps about 40 s of Chromium out of the sanitizer stage.
constexpr const char *kBrowserInReleaseTree =
    "the report was made and checked under the sanitizers; its browser checks run in the Release tree";

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

// Run inside the page after the report's own scripts: for every uPlot chart (TimeChart.js lists
// them in window.robometricsCharts), the end of its x axis, whether its canvas has drawn pixels
// in the plot area, its legend entries against its series, and whether zooming one chart of
// the run's axis zooms the others.
constexpr const char *kChartCheck = R"js(
(async function () {
  const charts = window.robometricsCharts || [], problems = [], ends = [];
  const figures = [...document.querySelectorAll('figure.tchart')];
  const drawnFigures = figures.filter(f => !f.querySelector('.tchart-empty')).length;
  if (drawnFigures !== charts.length) problems.push(drawnFigures + ' figures with data, ' + charts.length + ' charts');
  for (const {chart, spec} of charts) {
    if (spec.group === 'run') ends.push(chart.scales.x.max.toFixed(1));
    const b = chart.bbox, img = chart.ctx.getImageData(b.left, b.top, b.width, b.height).data;
    let inked = 0;
    for (let i = 0; i < img.length; i += 4) if (img[i + 3] > 0 && (img[i] < 200 || img[i + 1] < 200 || img[i + 2] < 200)) inked++;
    if (inked < 50) problems.push(spec.title + ': blank canvas');
    const legend = chart.root.querySelectorAll('.u-legend .u-series').length - 1;
    if (legend !== spec.series.length) problems.push(spec.title + ': ' + spec.series.length + ' lines, ' + legend + ' legend entries');
  }
  const run = charts.filter(c => c.spec.group === 'run');
  if (run.length > 1) {
    const x = run[0].chart.scales.x, lo = x.min + (x.max - x.min) * 0.25, hi = x.min + (x.max - x.min) * 0.5;
    run[0].chart.setScale('x', {min: lo, max: hi});
    // uPlot applies a new scale in a microtask, and the others follow in theirs: wait for them
    // (microtasks, so the check still ends before the page's load event and --dump-dom).
    for (let tick = 0; tick < 20; tick++) await null;
    const zoomed = run.filter(c => Math.abs(c.chart.scales.x.min - lo) < 1e-6 && Math.abs(c.chart.scales.x.max - hi) < 1e-6);
    if (zoomed.length !== run.length) problems.push('zoom reached ' + zoomed.length + ' of ' + run.length + ' charts');
  }
  const pre = document.createElement('pre');
  pre.id = 'chart-check';
  pre.textContent = 'charts=' + charts.length + ' ends=' + ends.join(',') + ' problems=' + problems.length +
                    (problems.length ? ': ' + problems.join('; ') : '');
  document.body.appendChild(pre);
})();
)js";

/// Runs `check` (a script that appends <pre id="ID">) in a copy of the report; returns the
/// text of that <pre>, with a test failure when the page logged to the console or the check
/// did not run.
std::string checkInChromium(const std::filesystem::path &dir, const std::filesystem::path &report,
                            const char *check, const std::string &id) {
    std::string page = test::readFile(report);
    const std::size_t body_end = page.rfind("</body>");
    EXPECT_NE(body_end, std::string::npos);
    if (body_end == std::string::npos) return {};
    page.insert(body_end, std::string("<script>") + check + "</script>");
    const std::filesystem::path checked = dir / (id + ".html"), dom = dir / (id + "-dom.html");
    std::ofstream(checked) << page;
    EXPECT_EQ(chromium(dir / ("profile-" + id), "--dump-dom", checked, dom), 0) << "chromium failed, see " << dom;
    const std::string out = test::readFile(dom);
    EXPECT_EQ(out.find("CONSOLE"), std::string::npos) << out.substr(0, 2000);
    const std::string marker = "<pre id=\"" + id + "\">";
    const std::size_t at = out.find(marker);
    EXPECT_NE(at, std::string::npos) << "the check did not run: " << out.substr(0, 2000);
    if (at == std::string::npos) return {};
    return out.substr(at + marker.size(), out.find("</pre>", at) - at - marker.size());
}

/// Takes a screenshot of the page; fails unless it is a full-size PNG with a page's detail.
void expectScreenshot(const std::filesystem::path &dir, const std::filesystem::path &page,
                      const std::filesystem::path &png) {
    const std::filesystem::path log = dir / (png.stem().string() + "-chromium.log");
    ASSERT_EQ(chromium(dir / "profile-shot", "--screenshot=" + png.string(), page, log), 0)
        << "chromium failed, see " << log;
    uint32_t w = 0, h = 0;
    ASSERT_TRUE(test::pngSize(png, w, h));
    EXPECT_EQ(w, 1280u);
    EXPECT_EQ(h, 2400u);
    // A full page of plots compresses far worse than a blank or error page (a few kB).
    EXPECT_GT(std::filesystem::file_size(png), 60'000u);
    const std::string text = test::readFile(log);
    EXPECT_EQ(text.find("CONSOLE"), std::string::npos) << text;
}

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
    // Self-contained: nothing is fetched (the SVG namespace URI is a name, not a request); the
    // scripts are inline (uPlot among them).
    const std::string page = test::readFile(html);
    for (const char *fetch : {"src=\"http", "href=\"http", "url(http", "<link", "<script src", "@import"}) {
        EXPECT_EQ(page.find(fetch), std::string::npos) << fetch;
    }
    EXPECT_NE(page.find("uPlot"), std::string::npos);
    if (test::kUnderSanitizers) GTEST_SKIP() << kBrowserInReleaseTree;
    expectScreenshot(dir, html, dir / "eval" / "report.png");
    const std::string charts = checkInChromium(dir, html, kChartCheck, "chart-check");
    EXPECT_NE(charts.find("problems=0"), std::string::npos) << charts;
}

TEST(ReportRender, EveryTimeChartOfALongRunIsDrawnToItsEndAndZooms) {
    // A 40-minute run: every chart of the run's axis reaches 2400 s, has ink, names each line,
    // and zooms with the others; the SVG plots left clip to their own boxes.
    if (!std::filesystem::exists(kChromium))
        GTEST_SKIP() << "chromium not installed (scripts/install-deps installs it)";
    // Under the sanitizers the 40-minute run alone took two minutes of that stage, for a file size
    // that the Release tree checks; shorter runs take the report writer through the sanitizers.
    if (test::kUnderSanitizers) GTEST_SKIP() << "the 40-minute run is evaluated and drawn in the Release tree";
    auto dir = test::scratchDir("report-render-long");
    ASSERT_TRUE(simulateAndEvaluate(dir, "office", "2400"));
    const std::filesystem::path html = dir / "eval" / "report.html";
    // The 1.4 MB of a 40-minute run's data stay small: thinned per chart.
    EXPECT_LT(std::filesystem::file_size(html), 3'000'000u);
    const std::string charts = checkInChromium(dir, html, kChartCheck, "chart-check");
    EXPECT_NE(charts.find("problems=0"), std::string::npos) << charts;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(charts, m, std::regex("ends=([0-9.,]*)"))) << charts;
    std::vector<double> ends;
    std::stringstream list(m[1].str());
    for (std::string item; std::getline(list, item, ',');) ends.push_back(std::stod(item));
    // Error, clearance, speed, acceleration, roughness, lost detector and topic rates.
    EXPECT_GE(ends.size(), 6u) << charts;
    for (double end : ends) {
        EXPECT_GE(end, 2395.0) << charts;
        EXPECT_LE(end, 2401.0) << charts;
    }
    const std::string svgs = checkInChromium(dir, html, kRenderCheck, "render-check");
    EXPECT_NE(svgs.find("problems=0"), std::string::npos) << svgs;
    expectScreenshot(dir, html, dir / "eval" / "report.png");
}

TEST(ReportRender, AStallRunShowsTheStuckEpisodeOnItsCharts) {
    if (!std::filesystem::exists(kChromium))
        GTEST_SKIP() << "chromium not installed (scripts/install-deps installs it)";
    auto dir = test::scratchDir("report-render-stall");
    ASSERT_TRUE(simulateAndEvaluate(dir, "stall", "120"));
    const std::filesystem::path html = dir / "eval" / "report.html";
    const std::string page = test::readFile(html);
    EXPECT_NE(page.find("\"bands\":[{\"label\":"), std::string::npos);  // anomalies on the charts
    EXPECT_NE(page.find("Max |acceleration| (including gravity)"), std::string::npos);
    if (test::kUnderSanitizers) GTEST_SKIP() << kBrowserInReleaseTree;
    const std::string charts = checkInChromium(dir, html, kChartCheck, "chart-check");
    EXPECT_NE(charts.find("problems=0"), std::string::npos) << charts;
    expectScreenshot(dir, html, dir / "eval" / "report.png");
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
    const std::filesystem::path html = dir / "eval" / "report.html";
    if (test::kUnderSanitizers) GTEST_SKIP() << kBrowserInReleaseTree;
    EXPECT_NE(checkInChromium(dir, html, kRenderCheck, "render-check").find("problems=0"), std::string::npos);
    const std::string out = test::readFile(dir / "render-check-dom.html");
    EXPECT_NE(out.find("60.0 s of simulated time ("), std::string::npos);  // the subtitle, wall time beside
    EXPECT_NE(out.find("\"x\":\"time since start [s], simulated time\""), std::string::npos);
    EXPECT_EQ(out.find("recorder log time\""), std::string::npos);
    EXPECT_NE(out.find("rate [Hz, simulated time]"), std::string::npos);
    EXPECT_NE(out.find("rate = (messages - 1 - idle gaps) / (time from the first to the last message less the idle gaps), on simulated time"), std::string::npos);
    // /odom at its 30 Hz of simulated time (18 Hz of wall time), /scan at 5 Hz.
    EXPECT_NE(out.find("<td>/odom</td><td>periodic</td><td>1800</td><td>30.00</td>"), std::string::npos);
    EXPECT_NE(out.find("<td>/scan</td><td>periodic</td><td>300</td><td>5.00</td>"), std::string::npos);
    EXPECT_NE(out.find(">Estimated path in the map frame (not evaluated)</text>"), std::string::npos);
    EXPECT_NE(out.find(">/odom via TF map-&gt;odom</text>"), std::string::npos);
    EXPECT_EQ(out.find("in the odom frame"), std::string::npos);
    expectScreenshot(dir, html, dir / "eval" / "report.png");
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
    if (test::kUnderSanitizers) GTEST_SKIP() << kBrowserInReleaseTree;
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
