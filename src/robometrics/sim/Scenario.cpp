#include "robometrics/sim/Scenario.hpp"

#include <algorithm>
#include <cmath>

#include "robometrics/sim/NavScenarios.hpp"
#include "robometrics/sim/Random.hpp"

namespace robometrics::sim {

namespace {

constexpr double kRouteClearance = 0.35;  // m, free space required along a generated route

bool segmentIsClear(const OccupancyMap &map, const Waypoint &a, const Waypoint &b) {
    const double length = std::hypot(b.x - a.x, b.y - a.y);
    const int steps = std::max(1, static_cast<int>(length / (0.5 * map.resolution())));
    for (int i = 0; i <= steps; ++i) {
        const double f = static_cast<double>(i) / steps;
        if (!map.discIsFree(a.x + f * (b.x - a.x), a.y + f * (b.y - a.y), kRouteClearance)) return false;
    }
    return true;
}

/// A route through a user map: a start near the map centre, then waypoints drawn from `rng`
/// with line of sight, driven out and back so that every leg is known to be clear.
Result<std::vector<Waypoint>> routeThroughMap(const OccupancyMap &map, Rng rng) {
    const double w = map.width() * map.resolution(), h = map.height() * map.resolution();
    const double cx = map.originX() + w / 2, cy = map.originY() + h / 2;
    std::optional<Waypoint> start;
    double best = 0;
    const int stride = std::max(1, static_cast<int>(0.25 / map.resolution()));
    for (int j = 0; j < map.height(); j += stride) {
        for (int i = 0; i < map.width(); i += stride) {
            const Waypoint p{map.originX() + (i + 0.5) * map.resolution(),
                             map.originY() + (j + 0.5) * map.resolution()};
            const double d = std::hypot(p.x - cx, p.y - cy);
            if ((!start || d < best) && map.discIsFree(p.x, p.y, kRouteClearance + 0.1)) {
                start = p;
                best = d;
            }
        }
    }
    if (!start) return Error{"no free area of at least 0.45 m radius for the rover"};
    std::vector<Waypoint> out{*start};
    for (int leg = 0; leg < 10; ++leg) {
        for (int attempt = 0; attempt < 400; ++attempt) {
            const Waypoint p{map.originX() + rng.uniform() * w, map.originY() + rng.uniform() * h};
            const double d = std::hypot(p.x - out.back().x, p.y - out.back().y);
            if (d < 1.5 || d > 8.0 || !segmentIsClear(map, out.back(), p)) continue;
            out.push_back(p);
            break;
        }
    }
    if (out.size() < 2) return Error{"no clear straight leg of 1.5 m or more from the start"};
    for (std::size_t i = out.size() - 1; i-- > 1;) out.push_back(out[i]);
    return out;
}

std::vector<Waypoint> officeRoute() {
    // East along the corridor (past the pillar), the middle room (past the cabinet), the east
    // rooms, then west to the upper-left room and back to the start.
    return {{1.5, 7.0},  {10.6, 7.0},  {10.6, 4.8},  {10.6, 1.0},  {12.8, 1.0}, {12.8, 4.5}, {10.6, 4.8},
            {10.6, 7.0}, {16.6, 7.0},  {16.6, 3.0},  {18.6, 1.2},  {18.6, 4.6}, {16.6, 4.6}, {16.6, 7.0},
            {13.6, 7.0}, {13.6, 10.0}, {18.5, 12.6}, {11.2, 12.6}, {13.6, 9.6}, {13.6, 7.0}, {6.6, 7.0},
            {6.6, 9.8},  {3.0, 11.5},  {8.6, 12.5},  {8.6, 9.6},   {6.6, 9.2},  {6.6, 7.0}};
}

std::vector<Waypoint> terrainRoute() {
    return {{-14, -14}, {-14, -5}, {-2, -5}, {8, -4}, {14, 3}, {6, 10}, {-4, 5}, {-12, 5}, {-14, -2}};
}

Pose2 facingFirstLeg(const std::vector<Waypoint> &route) {
    const Waypoint &a = route[0], &b = route[1];
    return {a.x, a.y, std::atan2(b.y - a.y, b.x - a.x)};
}

}  // namespace

const std::vector<std::string> &scenarioNames() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> all{"office", "terrain", "kidnap", "stuck", "nav2", "standstill", "stall", "scan_gap"};
        for (const std::string &n : truthProfileNames()) all.push_back(n);
        for (const std::string &n : fleetScenarioNames()) all.push_back(n);
        return all;
    }();
    return names;
}

namespace {

/// The route scenarios: the rover loops over a route, with scripted events at fractions of the run.
Result<ScenarioSpec> makeRouteScenario(const std::string &name, double duration_s, std::uint64_t seed,
                                       const std::optional<msgs::OccupancyGrid> &map) {
    ScenarioSpec s;
    s.name = name;
    if (name == "office" || name == "kidnap") {
        s.world = makeOfficeWorld();
        s.waypoints = officeRoute();
        s.duration_s = 90;
        s.max_speed = 0.5;
        s.lidar_max_range = 12.0;
        s.localization_sigma = 0.04;
        s.description = name == "office"
                            ? "indoor SLAM run through a corridor and rooms, with close passes, a collision and a stop"
                            : "indoor run where the rover is picked up and put down elsewhere (kidnapping)";
    } else if (name == "terrain" || name == "stuck") {
        s.world = makeTerrainWorld();
        s.waypoints = terrainRoute();
        s.duration_s = 120;
        s.max_speed = 0.8;
        s.lidar_max_range = 20.0;
        s.localization_sigma = 0.08;
        s.description = name == "terrain"
                            ? "outdoor run over hills, a raised slab, rough patches and past rocks, with a stop"
                            : "outdoor rover stuck in mud: the wheels spin, the rover barely moves";
        if (name == "stuck") {
            s.waypoints = {{-7.0, -5.0}, {-2.0, -5.0}, {8.0, -4.0}};
            s.duration_s = 60;
            s.traction = 0.004;
            s.stuck = true;
        }
    } else {
        return Error{"unknown scenario '" + name +
                     "' (expected office, terrain, kidnap, stuck, nav2, standstill, stall, scan_gap, rear_collision, "
                     "wheel_slip, amcl_restart, tf_only, no_scanner, gz_pose_info, cloud_collision or mocap_slip)"};
    }
    if (duration_s > 0) s.duration_s = duration_s;
    if (map) {
        s.world = World{OccupancyMap::fromMessage(*map), Terrain(), 2.0};
        auto route = routeThroughMap(s.world.map, Rng(seed).fork(99));
        if (!route) return Error{"map: " + route.message()};
        s.waypoints = std::move(route.value());
        s.description += " (on a user map)";
    }
    s.start = facingFirstLeg(s.waypoints);
    const double t = s.duration_s;
    if (name == "kidnap") {
        const double start = 0.45 * t;
        s.kidnap = KidnapScript{start, std::min(start + 10.0, start + 0.3 * t), 2};
    } else if (name == "stuck") {
        s.stop = StopScript{0.75 * t, 0.25 * t};
    } else {
        s.stop = StopScript{0.55 * t, std::min(5.0, 0.1 * t)};
    }
    return s;
}

}  // namespace

namespace {

/// A navigation scenario shortened (never lengthened) to `duration_s` when > 0.
void setNavDuration(ScenarioSpec &s, double duration_s) {
    if (duration_s <= 0) return;
    scaleMission(s, std::min(1.0, duration_s / s.duration_s));
    s.duration_s = duration_s;
}

Result<ScenarioSpec> withProfile(ScenarioSpec s, const RunProfile &profile) {
    // The truth profiles are topic sets of the TurtleBot3 model (two scanners, p3d, partial recordings).
    if (s.report_verdict && profile.robot && *profile.robot != RobotKind::TurtleBot3)
        return Error{"scenario '" + s.name + "' is a TurtleBot3 profile: --robot " + robotName(*profile.robot) +
                     " does not apply"};
    if (profile.robot) s.robot = *profile.robot;
    if (const double cruise = robotBody(s.robot).cruise_speed; cruise > 0) s.max_speed = cruise;
    s.clock = profile.clock;
    s.recorder = profile.recorder;
    s.sensors = profile.sensors;
    return s;
}

}  // namespace

Result<ScenarioSpec> makeScenario(const std::string &name, double duration_s, std::uint64_t seed,
                                  const std::optional<msgs::OccupancyGrid> &map, const RunProfile &profile) {
    ScenarioSpec s;
    if (std::optional<ScenarioSpec> nav = makeNavScenario(name)) {
        if (map) return Error{"scenario '" + name + "' runs in the built-in office world: --map does not apply"};
        s = std::move(*nav);
        setNavDuration(s, duration_s);
    } else {
        auto route = makeRouteScenario(name, duration_s, seed, map);
        if (!route) return route.error();
        s = std::move(route.value());
    }
    return withProfile(std::move(s), profile);
}

Result<std::vector<ScenarioSpec>> makeFleet(const std::string &name, double duration_s, const RunProfile &profile) {
    std::vector<ScenarioSpec> robots;
    for (ScenarioSpec &s : makeFleetScenario(name)) {
        setNavDuration(s, duration_s);
        auto spec = withProfile(std::move(s), profile);
        if (!spec) return spec.error();
        robots.push_back(std::move(spec.value()));
    }
    if (robots.empty()) return Error{"unknown multi-robot scenario '" + name + "' (expected two_robots)"};
    return robots;
}

}  // namespace robometrics::sim
