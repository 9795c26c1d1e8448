#pragma once
// A zoomable plot over the run's time axis, drawn in the browser by the vendored uPlot
// (third_party/uplot) from data inlined in the page: render() gives a <figure> holding the chart's
// data as JSON, and timeChartAssets() the styles and scripts that draw every such figure (once per
// page). Drag to zoom, the wheel zooms about the pointer, Shift+drag pans, a double click shows
// the whole run again; charts of one group (one time axis) zoom together.
//
// What makes a reader trust the picture is decided here, not in the browser: one quantity (one
// unit) per chart, the y range by report::readableRange (noise stays noise), every series named in
// the legend, and the run's events as merged, labelled bands (EventBands.hpp). The data are
// thinned to what a wide screen shows (first, lowest, highest, last sample per column of
// kChartColumns over the whole run), so a 4-hour run's page stays small.

#include <string>
#include <vector>

#include "robometrics/report/AxisRange.hpp"
#include "robometrics/report/EventBands.hpp"
#include "robometrics/report/SvgPlot.hpp"

namespace robometrics::report {

/// Columns the data are thinned to over the whole x range: several times a screen's width, so
/// zooming in 4x still shows every extreme.
inline constexpr int kChartColumns = 4000;

class TimeChart {
public:
    /// `group`: charts of one group share their time axis and zoom together.
    TimeChart(std::string title, std::string x_label, std::string y_label, std::string group = "run");

    void add(LineSeries series);
    void setBands(std::vector<EventBand> bands) { bands_ = std::move(bands); }
    /// A fixed y range (state levels, 0..100 %); otherwise readableRange of the data.
    void setYRange(double lo, double hi);
    void setEmptyMessage(std::string message) { empty_message_ = std::move(message); }

    bool hasData() const;
    AxisRange yRange() const;
    /// The legend's entries, one per series in order ("(no data)" added to a series without a
    /// finite point): uPlot's legend lists every series, none is dropped for lack of room.
    std::vector<std::string> legendLabels() const;
    std::string render() const;

private:
    std::string title_, x_label_, y_label_, group_, empty_message_ = "no data";
    std::vector<LineSeries> lines_;
    std::vector<EventBand> bands_;
    bool fixed_y_ = false;
    AxisRange y_;
};

/// uPlot's CSS and script and the script that draws the charts: once per page, after them.
std::string timeChartStyle();
std::string timeChartScript();

}  // namespace robometrics::report
