#pragma once
// map_server maps: a YAML file (image, resolution, origin [x, y, yaw], negate, occupied_thresh,
// free_thresh, mode) next to a PGM image, read and written with map_server's own semantics,
// as a nav_msgs/OccupancyGrid (row 0 = bottom of the image = the origin row).
//
// Reading follows nav2_map_server's loadMapFromFile: shade = pixel / maxval, occ = 1 - shade
// (shade when negate), then per mode
//   trinary: occ > occupied_thresh -> 100, occ < free_thresh -> 0, else -1;
//   scale:   the same two ends, in between rint((occ - free) / (occupied - free) * 100);
//   raw:     round(shade * 255) when it lies in 0..100, else -1 (negate does not apply).
// Images: binary (P5) and plain (P2) PGM, 8 or 16 bits.

#include <cstdint>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/msgs/Messages.hpp"

namespace robometrics::io {

/// How cells are quantised (as nav2's map_saver does by default) and which thresholds go into
/// the YAML. nav2 writes free_thresh 0.25, with which its own unknown grey 205 (occ 0.196) reads
/// back as free; we write 0.196 as ROS 1's map_saver did, so unknown cells survive a round trip.
struct MapSaveOptions {
    double free_thresh = 0.25;           ///< cells <= rint(100 * free_thresh) are written free (254)
    double occupied_thresh = 0.65;       ///< cells >= rint(100 * occupied_thresh) are written occupied (0)
    double yaml_free_thresh = 0.196;     ///< free_thresh written to the YAML
    double yaml_occupied_thresh = 0.65;  ///< occupied_thresh written to the YAML
};

/// Reads `yaml_path` and the image it names (relative to the YAML's directory).
Result<msgs::OccupancyGrid> readMapServerMap(const std::string &yaml_path);

/// Writes `<base>.pgm` and `<base>.yaml` (trinary: 0 free -> 254, 100 occupied -> 0,
/// unknown -> 205, as map_saver does), `base` without extension.
Status writeMapServerMap(const msgs::OccupancyGrid &grid, const std::string &base);
Status writeMapServerMap(const msgs::OccupancyGrid &grid, const std::string &base, const MapSaveOptions &options);

/// The yaw (rad) of a map origin's orientation, as map_saver writes it into the YAML.
double originYaw(const msgs::Pose &origin);

/// A grey image as read from a PGM: `values` row-major from the top row, each 0..maxval.
struct PgmImage {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::uint32_t maxval = 255;
    std::vector<std::uint16_t> values;
};

/// Reads a P5 or P2 PGM; errors name the file and what is wrong (bad magic, truncated data...).
Result<PgmImage> readPgm(const std::string &path);

/// Writes an 8-bit binary PGM (P5) of `width` x `height` grey values, top row first.
Status writePgm(const std::string &path, std::uint32_t width, std::uint32_t height,
                const std::vector<std::uint8_t> &grey);

}  // namespace robometrics::io
