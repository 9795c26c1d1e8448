#pragma once
// PNG and PDF files of the plots (`traj -p`, `--save_plot FILE.png|FILE.pdf`): the plot's own SVG
// rendered by librsvg onto a cairo image (PNG) or cairo's PDF surface (vectors and text kept), so the PNG shows
// everything the SVG shows (title, tick labels, legend, anti-aliased lines) at the SVG's width x height in pixels. Text
// is set in the fonts fontconfig finds: SvgPlot asks for "Helvetica, Arial, sans-serif", which on Debian resolves to
// DejaVu Sans (fonts-dejavu-core, installed by scripts/install-deps). The library types stay in the .cpp.

#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::report {

/// Renders `svg` on white at its own size (its width and height attributes, in pixels) and
/// writes the picture to `path` as an 8-bit RGB PNG, atomically. Errors name `path`: an SVG that
/// does not parse or has no usable size, or a file that cannot be written.
Status writeSvgAsPng(const std::string &path, const std::string &svg);

/// Writes `pages` (SVGs) as one PDF, a page each, every page the size of its SVG at 96 pixels per
/// inch, on white, atomically (as evo writes all its figures into one PDF). Errors name `path`:
/// no page, an SVG that does not parse or has no usable size, or a file that cannot be written.
Status writeSvgAsPdf(const std::string &path, const std::vector<std::string> &pages);

}  // namespace robometrics::report
