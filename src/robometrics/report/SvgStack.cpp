#include "robometrics/report/SvgStack.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <optional>
#include <string_view>

namespace robometrics::report {

namespace {

/// The numeric value of attribute `name` of the root tag `tag` (text from "<svg" to its '>').
std::optional<double> rootAttribute(std::string_view tag, std::string_view name) {
    const std::string key = fmt::format(" {}=\"", name);
    const std::size_t at = tag.find(key);
    if (at == std::string_view::npos) return std::nullopt;
    const std::size_t begin = at + key.size();
    const std::size_t end = tag.find('"', begin);
    if (end == std::string_view::npos) return std::nullopt;
    double value = 0;
    const auto [ptr, ec] = std::from_chars(tag.data() + begin, tag.data() + end, value);
    if (ec != std::errc() || ptr != tag.data() + end || !(value > 0)) return std::nullopt;
    return value;
}

}  // namespace

Result<std::string> stackSvgs(const std::vector<std::string> &parts) {
    if (parts.empty()) return Error{"no SVG to stack"};
    if (parts.size() == 1) return parts.front();
    struct Placed {
        std::string_view body;  ///< after the root tag's "<svg"
        double width, height;
    };
    std::vector<Placed> placed;
    for (std::size_t k = 0; k < parts.size(); ++k) {
        const std::string_view svg = parts[k];
        const std::size_t open = svg.find("<svg");
        const std::size_t close = open == std::string_view::npos ? open : svg.find('>', open);
        const std::string_view tag = close == std::string_view::npos ? std::string_view{} : svg.substr(open, close - open);
        const auto width = rootAttribute(tag, "width"), height = rootAttribute(tag, "height");
        if (!width || !height) return Error{fmt::format("SVG {} of {} has no root element with a width and height", k + 1, parts.size())};
        placed.push_back({svg.substr(open + 4), *width, *height});
    }
    double width = 0, height = 0;
    for (const Placed &p : placed) {
        width = std::max(width, p.width);
        height += p.height;
    }
    std::string out = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {0} {1}\" width=\"{0}\" height=\"{1}\">\n"
        "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n",
        width, height);
    double y = 0;
    for (const Placed &p : placed) {
        // A nested <svg> is its own viewport: x and y place it, its viewBox and ids stay as they were.
        std::string_view body = p.body;
        while (!body.empty() && body.back() != '>') body.remove_suffix(1);  // trailing newline
        out += fmt::format("<svg x=\"0\" y=\"{}\"", y);
        out += body;
        out += '\n';
        y += p.height;
    }
    out += "</svg>\n";
    return out;
}

}  // namespace robometrics::report
