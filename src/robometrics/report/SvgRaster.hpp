#pragma once
// A PNG of an SvgPlot without a browser: the plot's own SVG is drawn again into pixels, element by
// element, so the picture has exactly the layout of the SVG (same axes, grid, colours, legend
// swatches). Only what SvgPlot writes is understood: <rect> (fill, fill-opacity, stroke),
// <line>, <path> with M/L commands, <polyline>, stroke-width, stroke-dasharray and the one
// clip rectangle. Text and embedded images are not drawn: the PNG is a line drawing for quick
// looks and thumbnails; the SVG beside it carries the title, tick labels and legend text.

#include <string>

#include "robometrics/core/Result.hpp"
#include "robometrics/report/Png.hpp"

namespace robometrics::report {

/// The SVG drawn into an RGB image of its width x height (pixels = SVG user units).
Image rasterizeSvg(const std::string &svg);

/// Writes rasterizeSvg(svg) as a PNG file.
Status writeSvgAsPng(const std::string &path, const std::string &svg);

}  // namespace robometrics::report
