#pragma once
// evo's `--save_plot PATH` for ape, rpe, traj and res: the format is the one PATH's extension
// names, as matplotlib does it. `.pdf` is one file with a page per plot (evo's default, its
// plot_split setting off); `.svg` and `.png` are one file per plot, `BASE_NAME.EXT` (evo's
// `base + '_' + figure name + ext`). No extension is matplotlib's default format, PNG, its
// extension appended (`--save_plot ./VINSplot` writes `./VINSplot_map.png`, ...). Any other
// extension is refused before anything is computed.

#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::toolbox {

/// One plot: its name in the file name ("map", "raw", "xy") and its SVG.
struct NamedPlot {
    std::string name;
    std::string svg;
};

/// Bad usage (the error names PATH and its extension) unless PATH ends in .svg, .png or .pdf
/// (any case) or has no extension.
Status checkSavePlotPath(const std::string &path);

/// evo's -p shows the figures in a window and writes no file. There is no window here: -p writes
/// its plots only into a folder named with -o DIR, and --save_plot PATH writes evo's files; -p
/// alone writes nothing and this note (for stderr) says how to get the plots. nullopt when `plot`
/// is off or either output is named.
std::optional<std::string> plotWithoutWindowNote(bool plot, const std::string &out_dir, const std::string &save_plot);

/// Writes `plots` as `--save_plot PATH` asks (see above); returns the paths written.
Result<std::vector<std::string>> savePlots(const std::string &path, const std::vector<NamedPlot> &plots);

}  // namespace robometrics::toolbox
