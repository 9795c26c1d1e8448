#include "robometrics/report/SvgRaster.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string_view>
#include <vector>

namespace robometrics::report {

namespace {

using Rgb = std::array<std::uint8_t, 3>;

/// The value of attribute `name` in one tag, or empty. The leading space keeps "x" from matching "x1".
std::string_view attribute(std::string_view tag, std::string_view name) {
    std::string key = " " + std::string(name) + "=\"";
    std::size_t at = tag.find(key);
    if (at == std::string_view::npos) return {};
    std::size_t begin = at + key.size();
    std::size_t end = tag.find('"', begin);
    return end == std::string_view::npos ? std::string_view{} : tag.substr(begin, end - begin);
}

double number(std::string_view text, double fallback = 0.0) {
    if (text.empty()) return fallback;
    std::string s(text);
    char *end = nullptr;
    double v = std::strtod(s.c_str(), &end);
    return end == s.c_str() ? fallback : v;
}

/// "#rgb" or "#rrggbb"; false for "none", an empty value or anything else.
bool parseColour(std::string_view text, Rgb &out) {
    if (text.size() != 4 && text.size() != 7) return false;
    if (text[0] != '#') return false;
    auto hex = [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : (std::tolower(c) - 'a' + 10);
    };
    for (int k = 0; k < 3; ++k) {
        out[k] = static_cast<std::uint8_t>(text.size() == 4 ? hex(text[1 + k]) * 17
                                                            : hex(text[1 + 2 * k]) * 16 + hex(text[2 + 2 * k]));
    }
    return true;
}

/// All numbers of a points list or path data, in order ("M1,2L3,4" and "1,2 3,4" alike).
std::vector<double> numbersIn(std::string_view text) {
    std::vector<double> out;
    std::string s(text);
    const char *p = s.c_str();
    while (*p) {
        if (std::isdigit(static_cast<unsigned char>(*p)) || *p == '-' || *p == '.') {
            char *end = nullptr;
            const double v = std::strtod(p, &end);
            if (end == p) {  // a lone '-' or '.': not a number, step over it
                ++p;
                continue;
            }
            out.push_back(v);
            p = end;
        } else {
            ++p;
        }
    }
    return out;
}

struct Box {
    double x0, y0, x1, y1;
    bool contains(double x, double y) const { return x >= x0 && x <= x1 && y >= y0 && y <= y1; }
};

class Canvas {
public:
    Canvas(int width, int height) {
        image_.width = width;
        image_.height = height;
        image_.channels = 3;
        image_.pixels.assign(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3, 255);
    }
    void blend(int x, int y, const Rgb &c, double alpha, const Box *clip) {
        if (x < 0 || y < 0 || x >= image_.width || y >= image_.height) return;
        if (clip && !clip->contains(x + 0.5, y + 0.5)) return;
        std::uint8_t *px = &image_.pixels[(static_cast<std::size_t>(y) * image_.width + x) * 3];
        for (int k = 0; k < 3; ++k) px[k] = static_cast<std::uint8_t>(std::lround(px[k] + alpha * (c[k] - px[k])));
    }
    /// A square brush of `width` pixels moved along the segment in steps of at most one pixel.
    void line(double xa, double ya, double xb, double yb, const Rgb &c, double width, double dash_on, double dash_off,
              double &dash_pos, const Box *clip) {
        const double length = std::hypot(xb - xa, yb - ya);
        if (!std::isfinite(length)) return;
        // At most one step per pixel; a segment reaching far outside the image is capped (the
        // part that is inside stays dense enough for the picture's size).
        const int steps = static_cast<int>(std::clamp(std::ceil(length), 1.0, 100000.0));
        const int r = width >= 2.0 ? 1 : 0;
        for (int i = 0; i <= steps; ++i) {
            const double t = static_cast<double>(i) / steps;
            const double along = dash_pos + t * length;
            if (dash_on > 0 && std::fmod(along, dash_on + dash_off) >= dash_on) continue;
            // Points far outside the image are clamped before the conversion to int (a double
            // beyond int's range converts to nothing defined); blend() skips them anyway.
            const int x = pixelIndex(xa + t * (xb - xa));
            const int y = pixelIndex(ya + t * (yb - ya));
            for (int dy = -r; dy <= 0; ++dy) {
                for (int dx = -r; dx <= 0; ++dx) blend(x + dx, y + dy, c, 1.0, clip);
            }
        }
        dash_pos += length;
    }
    static int pixelIndex(double coordinate) {
        return static_cast<int>(std::clamp(std::floor(coordinate), -1.0e6, 1.0e6));
    }
    void fill(const Box &b, const Rgb &c, double alpha, const Box *clip) {
        // Only the part inside the image is visited, however large the rectangle.
        if (!std::isfinite(b.x0 + b.x1 + b.y0 + b.y1)) return;
        const int x0 = static_cast<int>(std::clamp(std::floor(b.x0), 0.0, double(image_.width)));
        const int x1 = static_cast<int>(std::clamp(std::ceil(b.x1), 0.0, double(image_.width)));
        const int y0 = static_cast<int>(std::clamp(std::floor(b.y0), 0.0, double(image_.height)));
        const int y1 = static_cast<int>(std::clamp(std::ceil(b.y1), 0.0, double(image_.height)));
        for (int y = y0; y < y1; ++y) {
            for (int x = x0; x < x1; ++x) blend(x, y, c, alpha, clip);
        }
    }
    Image take() { return std::move(image_); }

private:
    Image image_;
};

/// Draws the stroke of a polyline given as x0,y0,x1,y1,... with the tag's stroke attributes.
void strokePoints(Canvas &canvas, std::string_view tag, const std::vector<double> &xy, const Box *clip) {
    Rgb colour{};
    if (!parseColour(attribute(tag, "stroke"), colour)) return;
    const double width = number(attribute(tag, "stroke-width"), 1.0);
    const std::vector<double> dash = numbersIn(attribute(tag, "stroke-dasharray"));
    const double on = dash.size() >= 2 ? dash[0] : 0.0, off = dash.size() >= 2 ? dash[1] : 0.0;
    double dash_pos = 0.0;
    for (std::size_t k = 2; k + 1 < xy.size(); k += 2) {
        canvas.line(xy[k - 2], xy[k - 1], xy[k], xy[k + 1], colour, width, on, off, dash_pos, clip);
    }
}

/// Path data "M x,y L x,y ... M x,y ...": each M starts a new stroke.
void strokePath(Canvas &canvas, std::string_view tag, const Box *clip) {
    std::string_view d = attribute(tag, "d");
    std::size_t start = 0;
    while (start < d.size()) {
        std::size_t next = d.find('M', start + 1);
        if (next == std::string_view::npos) next = d.size();
        strokePoints(canvas, tag, numbersIn(d.substr(start, next - start)), clip);
        start = next;
    }
}

}  // namespace

Image rasterizeSvg(const std::string &svg) {
    std::string_view text(svg);
    std::size_t root = text.find("<svg");
    const std::string_view root_tag =
        root == std::string_view::npos ? std::string_view{} : text.substr(root, text.find('>', root) - root);
    const int width = std::max(1, static_cast<int>(number(attribute(root_tag, "width"), 720)));
    const int height = std::max(1, static_cast<int>(number(attribute(root_tag, "height"), 320)));
    Canvas canvas(width, height);
    std::optional<Box> clip_box;
    bool in_defs = false;
    for (std::size_t at = text.find('<'); at != std::string_view::npos; at = text.find('<', at + 1)) {
        const std::size_t end = text.find('>', at);
        if (end == std::string_view::npos) break;
        const std::string_view tag = text.substr(at, end - at);
        auto is = [&](std::string_view name) {
            return tag.substr(1, name.size()) == name &&
                   (tag.size() == name.size() + 1 || tag[name.size() + 1] == ' ' || tag[name.size() + 1] == '/');
        };
        if (is("defs")) in_defs = true;
        if (tag.substr(0, 6) == "</defs") in_defs = false;
        const Box *clip = clip_box && !attribute(tag, "clip-path").empty() ? &*clip_box : nullptr;
        if (is("rect")) {
            const bool full = attribute(tag, "width") == "100%";
            Box b{number(attribute(tag, "x")), number(attribute(tag, "y")), 0, 0};
            b.x1 = full ? width : b.x0 + number(attribute(tag, "width"));
            b.y1 = full ? height : b.y0 + number(attribute(tag, "height"));
            if (in_defs) {
                clip_box = b;  // the clip path's rectangle
                continue;
            }
            Rgb colour{};
            const std::string_view fill = attribute(tag, "fill");
            if (parseColour(fill, colour)) {
                canvas.fill(b, colour, number(attribute(tag, "fill-opacity"), 1.0), clip);
            }
            strokePoints(canvas, tag, {b.x0, b.y0, b.x1, b.y0, b.x1, b.y1, b.x0, b.y1, b.x0, b.y0}, clip);
        } else if (is("line")) {
            strokePoints(canvas, tag,
                         {number(attribute(tag, "x1")), number(attribute(tag, "y1")), number(attribute(tag, "x2")),
                          number(attribute(tag, "y2"))},
                         clip);
        } else if (is("polyline")) {
            strokePoints(canvas, tag, numbersIn(attribute(tag, "points")), clip);
        } else if (is("path")) {
            strokePath(canvas, tag, clip);
        }
        at = end;
    }
    return canvas.take();
}

Status writeSvgAsPng(const std::string &path, const std::string &svg) { return writePng(path, rasterizeSvg(svg)); }

}  // namespace robometrics::report
