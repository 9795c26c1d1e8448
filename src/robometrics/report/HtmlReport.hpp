#pragma once
// The self-contained HTML report: one file with inline CSS, inline SVG and, when a section holds
// zoomable time charts (TimeChart.hpp), the vendored uPlot and the script that draws them inlined
// once; the benchmark report adds its own script. No network, no external fonts. A verdict
// banner, a table of headline metrics, then sections of plots and tables.

#include <string>
#include <vector>

namespace robometrics::report {

struct MetricRow {
    std::string group;  ///< "Traversal", "SLAM", ...
    std::string name;
    std::string value;  ///< already formatted
    std::string unit;
    bool flagged = false;  ///< highlighted as a problem
};

struct Section {
    std::string title;
    std::string html;  ///< trusted markup (our SVG plots and tables)
    std::string note;  ///< plain text under the title
};

class HtmlReport {
public:
    explicit HtmlReport(std::string title) : title_(std::move(title)) {}

    void setSubtitle(std::string text) { subtitle_ = std::move(text); }
    /// A further line under the subtitle (the run's time base).
    void addHeaderLine(std::string text) { header_lines_.push_back(std::move(text)); }
    /// ok = green banner; otherwise red with the reasons listed.
    /// The verdict box: green for Ok, amber for Inconclusive (nothing found, but not everything
    /// checked), red for Bad.
    enum class VerdictLevel { Ok, Inconclusive, Bad };
    void setVerdict(VerdictLevel level, std::string label, std::vector<std::string> reasons);
    void addMetric(MetricRow row) { metrics_.push_back(std::move(row)); }
    void addSection(Section section) { sections_.push_back(std::move(section)); }
    /// Inline JavaScript run at the end of the page (the benchmark report's sortable tables); a
    /// run's own report has none.
    void setScript(std::string javascript) { script_ = std::move(javascript); }

    std::string render() const;

private:
    std::string title_, subtitle_;
    std::vector<std::string> header_lines_;
    VerdictLevel verdict_level_ = VerdictLevel::Ok;
    std::string verdict_label_;
    std::vector<std::string> reasons_;
    std::vector<MetricRow> metrics_;
    std::vector<Section> sections_;
    std::string script_;
};

/// A simple HTML table from a header row and body rows (cells are escaped).
std::string htmlTable(const std::vector<std::string> &header, const std::vector<std::vector<std::string>> &rows);

}  // namespace robometrics::report
