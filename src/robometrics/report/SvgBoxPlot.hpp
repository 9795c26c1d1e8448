#pragma once
// A box plot as a self-contained SVG: one box per group (quartiles, median line, whiskers, the
// mean as a diamond, outliers as dots), groups side by side on a labelled axis. SvgPlot draws
// lines over a continuous x axis; boxes need categories, so they get this small renderer of
// their own with the same look (fonts, palette, 1-2-5 ticks). No ids, so any number of box
// plots can share one HTML page.

#include <cmath>
#include <string>
#include <vector>

namespace robometrics::report {

struct BoxSeries {
    std::string label;  ///< under the box (long labels are shortened, the full one is the tooltip)
    double q1 = NAN, median = NAN, q3 = NAN;
    double whisker_low = NAN, whisker_high = NAN;
    double mean = NAN;
    std::vector<double> outliers;  ///< values beyond the whiskers, drawn as dots
    std::size_t n = 0;             ///< shown in the tooltip
    std::string color;             ///< empty = the palette colour of the box's position
};

class SvgBoxPlot {
public:
    SvgBoxPlot(std::string title, std::string y_label, int width = 720, int height = 320);

    void add(BoxSeries box) { boxes_.push_back(std::move(box)); }
    /// True when a box has a finite median.
    bool hasData() const;
    std::string render() const;

private:
    std::string title_, y_label_;
    int width_, height_;
    std::vector<BoxSeries> boxes_;
};

}  // namespace robometrics::report
