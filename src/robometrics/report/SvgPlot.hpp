#pragma once
// Self-contained SVG charts for the HTML report and the `-o` outputs of the commands: line
// series, a path coloured by a value (trajectory error), shaded time bands (episodes), vertical
// event markers, and an image underlay (maps). Axes get "nice" 1-2-5 ticks. No scripts, no
// external fonts: the SVG renders the same in any browser and in files.
//
// Many SVGs share one HTML page, where ids are global: an id that two plots share makes every
// plot use the first plot's definition (its clip box). So the ids of a plot are prefixed with a
// hash of the plot's own content: deterministic (same input, same bytes) and different for plots
// that differ; two identical plots share identical definitions, which draws them correctly.

#include <cstddef>
#include <string>
#include <vector>

#include "robometrics/report/PolylineThinning.hpp"

namespace robometrics::report {

struct LineSeries {
    std::string label;
    std::vector<double> x;
    std::vector<double> y;
    std::string color;  ///< CSS colour; empty = next colour of the palette
    bool dashed = false;
    bool step = false;  ///< draw as a step function (states, counters)
};

struct ColoredPath {
    std::string label;  ///< shown on the colour bar
    std::vector<double> x;
    std::vector<double> y;
    std::vector<double> value;  ///< one per point; colours go from low (blue) to high (red)
};

struct Band {
    double x0 = 0, x1 = 0;
    std::string color;
    std::string label;
};

struct Marker {
    double x = 0;
    std::string label;
    std::string color = "#555";
};

/// An image drawn under the data, covering [x0, x1] x [y0, y1] in data coordinates.
struct Underlay {
    std::string png_base64;
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

class SvgPlot {
public:
    SvgPlot(std::string title, std::string x_label, std::string y_label, int width = 720, int height = 320);

    void add(LineSeries series);
    void add(ColoredPath path);
    void add(Band band) { bands_.push_back(std::move(band)); }
    void add(Marker marker) { markers_.push_back(std::move(marker)); }
    void setUnderlay(Underlay underlay) { underlay_ = std::move(underlay); }
    /// Same scale on both axes (trajectories, maps).
    void setEqualAspect(bool equal) { equal_aspect_ = equal; }
    /// Forces the y range (e.g. 0..100 % or fixed state levels).
    void setYRange(double lo, double hi);
    /// Shown centred in an empty frame when no series has a finite point ("no IMU readings in
    /// this run"); "no data" when unset.
    void setEmptyMessage(std::string message) { empty_message_ = std::move(message); }

    /// At least one finite point in a line or path, or an image underlay.
    bool hasData() const;
    std::string render() const;

private:
    std::string title_, x_label_, y_label_, empty_message_ = "no data";
    int width_, height_;
    std::vector<LineSeries> lines_;
    std::vector<ColoredPath> paths_;
    std::vector<Band> bands_;
    std::vector<Marker> markers_;
    Underlay underlay_;
    bool equal_aspect_ = false;
    bool fixed_y_ = false;
    double y_lo_ = 0, y_hi_ = 0;
};

/// The legend SvgPlot draws, for other renderers: an entry per named series in rows from y = 36
/// at `left`, wrapping before `width`; `last_row_y` gets the baseline of its last row.
std::string legendSvg(const std::vector<LineSeries> &lines, double left, int width, double &last_row_y);

/// The opening of a plot's SVG, as every renderer here writes it: the root element (with
/// `css_class` when not empty), a white background and the bold title at (title_x, 20).
std::string svgOpening(int width, int height, double title_x, const std::string &title,
                       const std::string &css_class = "");

/// The grey line an empty plot shows in place of its data, centred on (x, y).
std::string svgEmptyMessage(double x, double y, const std::string &message);

/// A path coloured by value as SvgPlot draws a ColoredPath, for points already on the page (SVG
/// pixels; a non-finite point breaks the path), and its colour bar at `bar_x`, from `top` down
/// over `height`, titled `label`. The scale spans the finite values (widened when flat).
std::string colouredPathSvg(const std::vector<PixelPoint> &points, const std::vector<double> &values,
                            const std::string &label, double bar_x, double top, double height);

/// A tick's text as SvgPlot writes it, with the decimals the tick step needs.
std::string tickText(double value, double step);

/// Escapes text for SVG/HTML.
std::string escapeXml(const std::string &text);

/// The i-th colour of the palette that series without a colour get (it repeats after 8).
std::string paletteColor(std::size_t i);

/// Colour for t in [0, 1] on a blue-green-yellow-red scale.
std::string heatColor(double t);

/// "Nice" tick positions (1, 2, 5 times a power of ten) covering [lo, hi].
std::vector<double> niceTicks(double lo, double hi, int target_count = 6);

}  // namespace robometrics::report
