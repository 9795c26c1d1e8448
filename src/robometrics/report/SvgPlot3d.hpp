#pragma once
// A 3-D line plot as a self-contained SVG: what matplotlib's 3-D axes show for evo's
// `--plot_mode xyz` (evo_traj's "trajectories" figure), drawn as an orthographic view from
// matplotlib's default viewpoint (azimuth -60 degrees, elevation 30 degrees), z up. The data sit
// in a cube, one metre as long on every axis (evo sets equal axes), whose three far panes carry
// a grid at 1-2-5 ticks; the ticks are labelled along the near bottom edges (x, y) and the left
// vertical edge (z). Lines keep SvgPlot's look: colours, dashes, legend, thinning to the pixels;
// value-coloured paths (ape's error along the estimate) its colours and colour bar.
//
// Projection of a point p (relative to the cube's centre, scaled to pixels):
//   right = p.x sin(60) + p.y cos(60)
//   up    = -p.x cos(60) sin(30) + p.y sin(60) sin(30) + p.z cos(30)
// so +x points to the lower right, +y to the upper right and +z straight up.

#include <cmath>
#include <string>
#include <vector>

namespace robometrics::report {

struct Line3 {
    std::string label;  ///< legend text; empty = no entry
    std::vector<double> x, y, z;
    std::string color;  ///< empty = the palette colour of its position
    bool dashed = false;
};

/// A path coloured by a value per point (an error), with its colour bar, as SvgPlot's ColoredPath.
struct ColoredPath3 {
    std::string label;  ///< on the colour bar
    std::vector<double> x, y, z;
    std::vector<double> value;
};

class SvgPlot3d {
public:
    SvgPlot3d(std::string title, std::string unit, int width = 800, int height = 640);

    void add(Line3 line) { lines_.push_back(std::move(line)); }
    void add(ColoredPath3 path) { paths_.push_back(std::move(path)); }
    void setEmptyMessage(std::string message) { empty_message_ = std::move(message); }
    /// At least one point, of a line or a path, finite in x, y and z.
    bool hasData() const;
    std::string render() const;

    /// The view's screen directions (right, up) of a direction (dx, dy, dz) in data units.
    static void project(double dx, double dy, double dz, double &right, double &up);

private:
    std::string title_, unit_, empty_message_ = "no data";
    int width_, height_;
    std::vector<Line3> lines_;
    std::vector<ColoredPath3> paths_;
};

}  // namespace robometrics::report
