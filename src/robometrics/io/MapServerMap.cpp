#include "robometrics/io/MapServerMap.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <cctype>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <string_view>

#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/core/Text.hpp"
#include "robometrics/slam/MapAlignment.hpp"

namespace robometrics::io {

namespace {

namespace fs = std::filesystem;

enum class MapMode { Trinary, Scale, Raw };

struct MapYaml {
    std::string image;
    double resolution = 0;
    double origin[3] = {0, 0, 0};
    bool negate = false;
    double occupied_thresh = 0;
    double free_thresh = 0;
    MapMode mode = MapMode::Trinary;
};

// Parses the header and pixels of a PGM held in memory. Every count is checked against the
// bytes actually present before anything is allocated.
class PgmParser {
public:
    PgmParser(const std::string &path, const std::string &data) : path_(path), data_(data) {}

    Result<PgmImage> parse() {
        if (data_.size() < 2 || data_[0] != 'P' || (data_[1] != '5' && data_[1] != '2')) {
            return fail("not a PGM image: expected magic 'P5' or 'P2' at offset 0");
        }
        const bool binary = data_[1] == '5';
        pos_ = 2;
        PgmImage image;
        auto width = headerNumber("width");
        if (!width) return width.error();
        auto height = headerNumber("height");
        if (!height) return height.error();
        auto maxval = headerNumber("maxval");
        if (!maxval) return maxval.error();
        if (*width == 0 || *height == 0) return fail(fmt::format("empty image ({} x {})", *width, *height));
        if (*maxval == 0 || *maxval > 65535) return fail(fmt::format("maxval {} is not in 1..65535", *maxval));
        image.width = static_cast<std::uint32_t>(*width);
        image.height = static_cast<std::uint32_t>(*height);
        image.maxval = static_cast<std::uint32_t>(*maxval);
        const std::uint64_t cells = std::uint64_t{image.width} * image.height;
        if (binary) {
            // Exactly one whitespace byte separates maxval from the raster.
            if (pos_ >= data_.size() || !std::isspace(static_cast<unsigned char>(data_[pos_]))) {
                return fail(fmt::format("offset {}: expected one whitespace byte after maxval", pos_));
            }
            ++pos_;
            const std::uint64_t bytes_per = image.maxval < 256 ? 1 : 2;
            const std::uint64_t available = data_.size() - pos_;
            if (cells > available / bytes_per) {
                return fail(fmt::format("truncated pixel data: {} x {} x {} bytes expected at offset {}, {} present",
                                        image.width, image.height, bytes_per, pos_, available));
            }
            image.values.resize(cells);
            const auto *p = reinterpret_cast<const unsigned char *>(data_.data() + pos_);
            for (std::uint64_t i = 0; i < cells; ++i) {
                image.values[i] = bytes_per == 1 ? p[i] : static_cast<std::uint16_t>((p[2 * i] << 8) | p[2 * i + 1]);
            }
        } else {
            // Each plain value needs at least two bytes (a digit and a separator).
            if (cells > (data_.size() - pos_ + 1) / 2) {
                return fail(fmt::format("truncated pixel data: {} x {} values expected after offset {}", image.width,
                                        image.height, pos_));
            }
            image.values.resize(cells);
            for (std::uint64_t i = 0; i < cells; ++i) {
                auto v = number("a pixel value");
                if (!v) return v.error();
                if (*v > image.maxval) return fail(fmt::format("pixel {} = {} exceeds maxval {}", i, *v, image.maxval));
                image.values[i] = static_cast<std::uint16_t>(*v);
            }
        }
        for (std::uint64_t i = 0; binary && i < cells; ++i) {
            if (image.values[i] > image.maxval) {
                return fail(fmt::format("pixel {} = {} exceeds maxval {}", i, image.values[i], image.maxval));
            }
        }
        return image;
    }

private:
    Error fail(const std::string &what) const { return Error{fmt::format("{}: {}", path_, what)}; }

    void skipSpaceAndComments() {
        while (pos_ < data_.size()) {
            const char c = data_[pos_];
            if (c == '#') {
                while (pos_ < data_.size() && data_[pos_] != '\n' && data_[pos_] != '\r') ++pos_;
            } else if (std::isspace(static_cast<unsigned char>(c))) {
                ++pos_;
            } else {
                return;
            }
        }
    }

    Result<std::uint64_t> headerNumber(std::string_view what) {
        auto v = number(what);
        if (v && *v > 0xFFFFFFFFull) return fail(fmt::format("header field {} = {} is too large", what, *v));
        return v;
    }

    Result<std::uint64_t> number(std::string_view what) {
        skipSpaceAndComments();
        const std::size_t start = pos_;
        std::uint64_t value = 0;
        while (pos_ < data_.size() && std::isdigit(static_cast<unsigned char>(data_[pos_]))) {
            value = value * 10 + static_cast<std::uint64_t>(data_[pos_] - '0');
            if (value > 0xFFFFFFFFull) return fail(fmt::format("offset {}: {} is too large", start, what));
            ++pos_;
        }
        if (pos_ == start) {
            if (pos_ >= data_.size()) return fail(fmt::format("unexpected end of file: expected {}", what));
            return fail(fmt::format("offset {}: expected {} (a decimal number), found '{}'", start, what, data_[pos_]));
        }
        return value;
    }

    const std::string &path_;
    const std::string &data_;
    std::size_t pos_ = 0;
};

Result<double> yamlNumber(const std::string &file, const YAML::Node &doc, const std::string &key) {
    const YAML::Node node = doc[key];
    if (!node) return Error{fmt::format("{}: missing field '{}'", file, key)};
    try {
        const double v = node.as<double>();
        if (!std::isfinite(v)) return Error{fmt::format("{}: field '{}' must be a finite number", file, key)};
        return v;
    } catch (const YAML::Exception &) {
        return Error{fmt::format("{}: field '{}' must be a number", file, key)};
    }
}

Result<MapYaml> parseMapYaml(const std::string &file) {
    auto content = readInputFile(file);
    if (!content) return content.error();
    YAML::Node doc;
    try {
        doc = YAML::Load(*content);
    } catch (const YAML::Exception &e) {
        return Error{fmt::format("{}: line {}: invalid YAML: {}", file, e.mark.line + 1, e.msg)};
    }
    if (!doc.IsMap()) return Error{fmt::format("{}: expected a YAML mapping with image, resolution, origin...", file)};
    MapYaml yaml;
    try {
        if (!doc["image"]) return Error{fmt::format("{}: missing field 'image'", file)};
        yaml.image = doc["image"].as<std::string>();
    } catch (const YAML::Exception &) {
        return Error{fmt::format("{}: field 'image' must be a file name", file)};
    }
    if (yaml.image.empty()) return Error{fmt::format("{}: field 'image' is empty", file)};

    auto resolution = yamlNumber(file, doc, "resolution");
    if (!resolution) return resolution.error();
    if (*resolution <= 0)
        return Error{fmt::format("{}: field 'resolution' must be positive, got {}", file, *resolution)};
    yaml.resolution = *resolution;

    const YAML::Node origin = doc["origin"];
    if (!origin) return Error{fmt::format("{}: missing field 'origin'", file)};
    if (!origin.IsSequence() || origin.size() != 3) {
        return Error{fmt::format("{}: field 'origin' must be a list of 3 numbers [x, y, yaw]", file)};
    }
    for (std::size_t i = 0; i < 3; ++i) {
        try {
            yaml.origin[i] = origin[i].as<double>();
        } catch (const YAML::Exception &) {
            return Error{fmt::format("{}: origin[{}] must be a number", file, i)};
        }
        if (!std::isfinite(yaml.origin[i])) return Error{fmt::format("{}: origin[{}] must be finite", file, i)};
    }

    auto occupied = yamlNumber(file, doc, "occupied_thresh");
    if (!occupied) return occupied.error();
    auto free_thresh = yamlNumber(file, doc, "free_thresh");
    if (!free_thresh) return free_thresh.error();
    yaml.occupied_thresh = *occupied;
    yaml.free_thresh = *free_thresh;

    // map_server reads negate as an int first (any non-zero value negates), then as a bool.
    const YAML::Node negate = doc["negate"];
    if (!negate) return Error{fmt::format("{}: missing field 'negate'", file)};
    try {
        yaml.negate = negate.as<int>() != 0;
    } catch (const YAML::Exception &) {
        try {
            yaml.negate = negate.as<bool>();
        } catch (const YAML::Exception &) {
            return Error{fmt::format("{}: field 'negate' must be 0, 1, true or false", file)};
        }
    }

    if (const YAML::Node mode = doc["mode"]) {
        std::string text;
        try {
            text = mode.as<std::string>();
        } catch (const YAML::Exception &) {
            return Error{fmt::format("{}: field 'mode' must be trinary, scale or raw", file)};
        }
        if (text == "trinary") {
            yaml.mode = MapMode::Trinary;
        } else if (text == "scale") {
            yaml.mode = MapMode::Scale;
        } else if (text == "raw") {
            yaml.mode = MapMode::Raw;
        } else {
            return Error{fmt::format("{}: field 'mode' is '{}', expected trinary, scale or raw", file, text)};
        }
    }
    return yaml;
}

std::int8_t cellValue(const MapYaml &yaml, double shade) {
    const double occ = yaml.negate ? shade : 1.0 - shade;
    switch (yaml.mode) {
        case MapMode::Trinary:
        case MapMode::Scale:
            if (yaml.occupied_thresh < occ) return 100;
            if (occ < yaml.free_thresh) return 0;
            if (yaml.mode == MapMode::Trinary) return -1;
            // Here free_thresh <= occ <= occupied_thresh. Equal thresholds leave a band of one
            // value, occ == free_thresh: its scale value is the low end, 0. The formula would give
            // 0 / 0, and casting that NaN to int8 is undefined behaviour.
            if (yaml.occupied_thresh == yaml.free_thresh) return 0;
            return static_cast<std::int8_t>(
                std::rint((occ - yaml.free_thresh) / (yaml.occupied_thresh - yaml.free_thresh) * 100.0));
        case MapMode::Raw: {
            const double percent = std::round(shade * 255.0);
            return percent >= 0 && percent <= 100 ? static_cast<std::int8_t>(percent) : std::int8_t{-1};
        }
    }
    return -1;
}

}  // namespace

double originYaw(const msgs::Pose &origin) { return slam::quaternionYaw(origin.orientation); }

Result<PgmImage> readPgm(const std::string &path) {
    auto data = readInputFile(path);
    if (!data) return data.error();
    return PgmParser(path, *data).parse();
}

Result<msgs::OccupancyGrid> readMapServerMap(const std::string &yaml_path) {
    auto yaml = parseMapYaml(yaml_path);
    if (!yaml) return yaml.error();
    // As map_server: only a leading '/' makes the image path absolute.
    std::string image_path = yaml->image;
    if (image_path[0] != '/') image_path = (fs::path(yaml_path).parent_path() / image_path).string();
    auto image = readPgm(image_path);
    if (!image) return withContext(yaml_path, image.error());

    msgs::OccupancyGrid grid;
    grid.header.frame_id = "map";
    grid.info.resolution = static_cast<float>(yaml->resolution);
    grid.info.width = image->width;
    grid.info.height = image->height;
    grid.info.origin.position.x = yaml->origin[0];
    grid.info.origin.position.y = yaml->origin[1];
    grid.info.origin.orientation.z = std::sin(yaml->origin[2] / 2.0);
    grid.info.origin.orientation.w = std::cos(yaml->origin[2] / 2.0);

    // One lookup per grey level: the image has at most maxval + 1 distinct values.
    std::vector<std::int8_t> lut(image->maxval + 1);
    for (std::uint32_t v = 0; v <= image->maxval; ++v) {
        lut[v] = cellValue(*yaml, static_cast<double>(v) / static_cast<double>(image->maxval));
    }
    const std::size_t w = image->width, h = image->height;
    grid.data.resize(w * h);
    for (std::size_t y = 0; y < h; ++y) {
        const std::uint16_t *src = image->values.data() + y * w;
        std::int8_t *dst = grid.data.data() + (h - 1 - y) * w;  // image top row = last grid row
        for (std::size_t x = 0; x < w; ++x) dst[x] = lut[src[x]];
    }
    return grid;
}

Status writePgm(const std::string &path, std::uint32_t width, std::uint32_t height,
                const std::vector<std::uint8_t> &grey) {
    if (grey.size() != std::size_t{width} * height) {
        return Error{fmt::format("{}: {} grey values for a {} x {} image", path, grey.size(), width, height)};
    }
    std::string bytes = fmt::format("P5\n{} {}\n255\n", width, height);
    bytes.append(reinterpret_cast<const char *>(grey.data()), grey.size());
    return writeFileAtomically(path, bytes);
}

Status writeMapServerMap(const msgs::OccupancyGrid &grid, const std::string &base) {
    return writeMapServerMap(grid, base, MapSaveOptions{});
}

Status writeMapServerMap(const msgs::OccupancyGrid &grid, const std::string &base, const MapSaveOptions &options) {
    const std::size_t w = grid.info.width, h = grid.info.height;
    if (w == 0 || h == 0) return Error{fmt::format("{}.pgm: cannot write an empty map ({} x {})", base, w, h)};
    if (grid.data.size() != w * h) {
        return Error{
            fmt::format("{}.pgm: map has {} cells, expected width x height = {}", base, grid.data.size(), w * h)};
    }
    if (!(options.free_thresh >= 0 && options.free_thresh < options.occupied_thresh && options.occupied_thresh <= 1)) {
        return Error{fmt::format("{}.yaml: thresholds must satisfy 0 <= free_thresh < occupied_thresh <= 1", base)};
    }
    const int free_max = static_cast<int>(std::rint(options.free_thresh * 100.0));
    const int occupied_min = static_cast<int>(std::rint(options.occupied_thresh * 100.0));
    std::vector<std::uint8_t> grey(w * h);
    for (std::size_t y = 0; y < h; ++y) {
        const std::int8_t *src = grid.data.data() + (h - 1 - y) * w;
        std::uint8_t *dst = grey.data() + y * w;
        for (std::size_t x = 0; x < w; ++x) {
            const int cell = src[x];
            if (cell < 0 || cell > 100) {
                dst[x] = 205;
            } else if (cell <= free_max) {
                dst[x] = 254;
            } else if (cell >= occupied_min) {
                dst[x] = 0;
            } else {
                dst[x] = 205;
            }
        }
    }
    const std::string pgm_path = base + ".pgm";
    ROBOMETRICS_TRY(writePgm(pgm_path, static_cast<std::uint32_t>(w), static_cast<std::uint32_t>(h), grey));

    // Full precision (map_saver rounds the origin to 3 significant digits), so a map read back
    // lands on exactly the same cells.
    const std::string yaml_path = base + ".yaml";
    std::ostringstream yaml;
    yaml << fmt::format("image: {}\n", fs::path(pgm_path).filename().string());
    yaml << "mode: trinary\n";
    yaml << fmt::format("resolution: {}\n", grid.info.resolution);
    yaml << fmt::format("origin: [{}, {}, {}]\n", grid.info.origin.position.x, grid.info.origin.position.y,
                        originYaw(grid.info.origin));
    yaml << "negate: 0\n";
    yaml << fmt::format("occupied_thresh: {}\n", options.yaml_occupied_thresh);
    yaml << fmt::format("free_thresh: {}\n", options.yaml_free_thresh);
    return writeFileAtomically(yaml_path, yaml.str());
}

}  // namespace robometrics::io
