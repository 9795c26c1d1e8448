#include "robometrics/toolbox/PlotFiles.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/report/SvgToPng.hpp"

namespace robometrics::toolbox {

namespace {

std::string lowerExtension(const std::string &path) {
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    return ext;
}

}  // namespace

Status checkSavePlotPath(const std::string &path) {
    const std::string ext = lowerExtension(path);
    if (ext.empty() || ext == ".svg" || ext == ".png" || ext == ".pdf") return Status::Ok();
    return Error{fmt::format(
        "--save_plot {}: extension '{}' is not a plot format we write (use .svg, .png or .pdf, or no extension for .png)",
        path, ext)};
}

std::optional<std::string> plotWithoutWindowNote(bool plot, const std::string &out_dir, const std::string &save_plot) {
    if (!plot || !out_dir.empty() || !save_plot.empty()) return std::nullopt;
    return std::string("note: -p shows no window here and writes no file; name one: --save_plot PATH "
                       "(evo's files, e.g. --save_plot plots/run writes plots/run_<figure>.png) or -o DIR");
}

Result<std::vector<std::string>> savePlots(const std::string &path, const std::vector<NamedPlot> &plots) {
    ROBOMETRICS_TRY(checkSavePlotPath(path));
    const std::string ext = lowerExtension(path);
    if (ext == ".pdf") {
        std::vector<std::string> pages;
        for (const NamedPlot &plot : plots) pages.push_back(plot.svg);
        ROBOMETRICS_TRY(report::writeSvgAsPdf(path, pages));
        return std::vector<std::string>{path};
    }
    // The extension as typed, so `out.PNG` gives `out_map.PNG` as matplotlib would; none gives
    // matplotlib's default format, PNG, with its extension appended (`out` -> `out_map.png`).
    const std::string typed_ext = std::filesystem::path(path).extension().string();
    const std::string base = path.substr(0, path.size() - typed_ext.size());
    const std::string file_ext = ext.empty() ? ".png" : typed_ext;
    std::vector<std::string> written;
    for (const NamedPlot &plot : plots) {
        const std::string file = base + "_" + plot.name + file_ext;
        ROBOMETRICS_TRY(ext == ".svg" ? writeFileAtomically(file, plot.svg) : report::writeSvgAsPng(file, plot.svg));
        written.push_back(file);
    }
    return written;
}

}  // namespace robometrics::toolbox
