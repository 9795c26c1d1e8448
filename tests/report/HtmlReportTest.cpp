#include <gtest/gtest.h>

#include "robometrics/report/HtmlReport.hpp"

namespace robometrics::report {

TEST(HtmlReport, HeaderCarriesTheTimeBaseLineEscaped) {
    HtmlReport html("run");
    html.setSubtitle("bag.mcap");
    html.addHeaderLine("Time base: simulated time <sim>");
    const std::string page = html.render();
    EXPECT_NE(page.find("<header><h1>run</h1><p>bag.mcap</p><p>Time base: simulated time &lt;sim&gt;</p></header>"),
              std::string::npos)
        << page;
}

}  // namespace robometrics::report
