// The report is for people: render it in a real headless Chromium (Debian's chromium package)
// and check the picture is a full page, not an error page. The screenshot is kept next to the
// report (report.png) so it can be looked at.

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "TestSupport.hpp"

namespace robometrics {
namespace {

/// Reads width and height from a PNG's IHDR chunk.
bool pngSize(const std::filesystem::path &p, uint32_t &w, uint32_t &h) {
    std::ifstream in(p, std::ios::binary);
    unsigned char b[24] = {};
    if (!in.read(reinterpret_cast<char *>(b), sizeof b)) return false;
    if (b[0] != 0x89 || b[1] != 'P' || b[12] != 'I' || b[13] != 'H') return false;
    w = (uint32_t{b[16]} << 24) | (uint32_t{b[17]} << 16) | (uint32_t{b[18]} << 8) | b[19];
    h = (uint32_t{b[20]} << 24) | (uint32_t{b[21]} << 16) | (uint32_t{b[22]} << 8) | b[23];
    return true;
}

}  // namespace

TEST(ReportRender, HeadlessChromiumRendersTheReportWithoutConsoleErrors) {
    const char *chromium = "/usr/bin/chromium";
    if (!std::filesystem::exists(chromium)) GTEST_SKIP() << "chromium not installed (scripts/install-deps installs it)";
    auto dir = test::scratchDir("report-render");
    auto sim = test::runRobometrics({"simulate", "--scenario", "kidnap", "--duration", "40", "-o", (dir / "run").string()});
    ASSERT_EQ(sim.exit_code, 0) << sim.err;
    auto eval = test::runRobometrics({"evaluate", (dir / "run").string(), "-o", (dir / "eval").string()});
    ASSERT_EQ(eval.exit_code, 0) << eval.err;
    std::filesystem::path html = dir / "eval" / "report.html";
    std::filesystem::path png = dir / "eval" / "report.png";
    std::filesystem::path log = dir / "chromium.log";
    // The flags keep Chromium off the network entirely (the report must not need it anyway).
    std::string cmd = std::string("timeout 120 ") + chromium +
                      " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run"
                      " --disable-background-networking --disable-component-update --disable-sync"
                      " --hide-scrollbars --enable-logging=stderr --v=0 --user-data-dir=" +
                      (dir / "profile").string() + " --window-size=1280,2400 --screenshot=" + png.string() +
                      " file://" + html.string() + " > " + log.string() + " 2>&1";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << "chromium failed, see " << log;
    uint32_t w = 0, h = 0;
    ASSERT_TRUE(pngSize(png, w, h));
    EXPECT_EQ(w, 1280u);
    EXPECT_EQ(h, 2400u);
    // A full page of plots compresses far worse than a blank or error page (a few kB).
    EXPECT_GT(std::filesystem::file_size(png), 60'000u);
    std::ifstream in(log);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(text.find("CONSOLE"), std::string::npos) << text;
    // Self-contained: nothing is fetched (the SVG namespace URI is a name, not a request).
    std::ifstream report(html);
    std::string page((std::istreambuf_iterator<char>(report)), std::istreambuf_iterator<char>());
    for (const char *fetch : {"src=\"http", "href=\"http", "url(http", "<link", "<script", "@import"}) {
        EXPECT_EQ(page.find(fetch), std::string::npos) << fetch;
    }
}

}  // namespace robometrics
