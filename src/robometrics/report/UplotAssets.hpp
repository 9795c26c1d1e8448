#pragma once
// Texts compiled into the library from files (src/robometrics/report/CMakeLists.txt): the
// vendored uPlot (third_party/uplot) and the script that draws the report's time charts.

namespace robometrics::report::assets {

extern const char kUplotJs[];
extern const char kUplotCss[];
extern const char kTimeChartJs[];

}  // namespace robometrics::report::assets
