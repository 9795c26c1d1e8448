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
    if (ext == ".svg" || ext == ".png" || ext == ".pdf") return Status::Ok();
    return Error{fmt::format("--save_plot {}: {} is not a plot format we write (use .svg, .png or .pdf)", path,
                             ext.empty() ? std::string("no extension") : "extension '" + ext + "'")};
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
    // The extension as typed, so `out.PNG` gives `out_map.PNG` as matplotlib would.
    const std::filesystem::path p(path);
    const std::string base = (p.parent_path() / p.stem()).string();
    const std::string typed_ext = p.extension().string();
    std::vector<std::string> written;
    for (const NamedPlot &plot : plots) {
        const std::string file = base + "_" + plot.name + typed_ext;
        ROBOMETRICS_TRY(ext == ".png" ? report::writeSvgAsPng(file, plot.svg) : writeFileAtomically(file, plot.svg));
        written.push_back(file);
    }
    return written;
}

}  // namespace robometrics::toolbox
