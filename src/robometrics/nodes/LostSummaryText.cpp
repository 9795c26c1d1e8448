#include "robometrics/nodes/LostSummaryText.hpp"

#include <fmt/format.h>

#include <iterator>

namespace robometrics::nodes {

using localization::LostStatus;

namespace {
nlohmann::json statusCounts(const localization::LostEpisodes &e) {
    return {{"normal", e.countOf(LostStatus::Normal)},
            {"confused", e.countOf(LostStatus::Confused)},
            {"lost", e.countOf(LostStatus::Lost)}};
}
}  // namespace

nlohmann::json lostRunJson(const localization::LostRun &run, TimeNs t0) {
    const auto &e = run.episodes;
    nlohmann::json timeline = nlohmann::json::array();
    for (const auto &c : e.timeline()) {
        timeline.push_back({{"t_s", toSeconds(c.time - t0)},
                            {"time_ns", c.time},
                            {"status", std::string(localization::toString(c.status))}});
    }
    nlohmann::json episodes = nlohmann::json::array();
    for (const auto &ep : e.episodes()) {
        episodes.push_back({{"start_s", toSeconds(ep.start - t0)},
                            {"end_s", toSeconds(ep.end - t0)},
                            {"duration_s", ep.durationSeconds()},
                            {"worst", std::string(localization::toString(ep.worst))},
                            {"peak_probability", ep.peak_probability},
                            {"open", ep.open}});
    }
    return {{"readings", e.readings()},
            {"invalid", e.invalid()},
            {"status_counts", statusCounts(e)},
            {"timeline", timeline},
            {"episodes", episodes}};
}

std::string lostRunText(const std::string &bag, const std::string &topic, const localization::LostRun &run, TimeNs t0) {
    const auto &e = run.episodes;
    std::string text;
    auto out = std::back_inserter(text);
    fmt::format_to(out, "Lost detector: {} ({} readings on {}, {} invalid)\n", bag, e.readings(), topic, e.invalid());
    fmt::format_to(out, "  readings        normal {}, confused {}, lost {}\n", e.countOf(LostStatus::Normal),
                   e.countOf(LostStatus::Confused), e.countOf(LostStatus::Lost));
    fmt::format_to(out, "  timeline       ");
    for (const auto &c : e.timeline()) {
        fmt::format_to(out, " {:.2f} s {} |", toSeconds(c.time - t0), localization::toString(c.status));
    }
    fmt::format_to(out, "\n  episodes        {}\n",
                   e.episodes().empty() ? "none" : fmt::format("{}", e.episodes().size()));
    for (const auto &ep : e.episodes()) {
        fmt::format_to(out, "    {:>9.2f} - {:>9.2f} s  {:>7.2f} s  worst {:<8} peak P(lost) {:.3f}{}\n",
                       toSeconds(ep.start - t0), toSeconds(ep.end - t0), ep.durationSeconds(),
                       localization::toString(ep.worst), ep.peak_probability,
                       ep.open ? "  (still open at the end)" : "");
    }
    return text;
}

std::string lostLiveText(const localization::LostTracker &tracker, const std::string &topic) {
    const localization::LostEpisodes &e = tracker.episodes();
    return fmt::format(
        "Lost detector (live): {} readings on {}, status {}; normal {}, confused {}, lost {}; {} episodes\n",
        e.readings(), topic, localization::toString(tracker.status()), e.countOf(LostStatus::Normal),
        e.countOf(LostStatus::Confused), e.countOf(LostStatus::Lost), e.episodes().size());
}

nlohmann::json lostIntervalsJson(const localization::DetectionScore &s) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto &d : s.per_interval) {
        out.push_back({{"start_s", toSeconds(d.interval.start)},
                       {"end_s", toSeconds(d.interval.end)},
                       {"valid_readings", d.readings},
                       {"detected", d.detected},
                       {"latency_s", d.detected ? nlohmann::json(d.latency_seconds) : nlohmann::json()}});
    }
    return out;
}

nlohmann::json lostScoreJson(const localization::DetectionScore &s) {
    return {{"valid_readings", s.valid_readings},
            {"invalid_readings_not_scored", s.invalid_readings},
            {"alarm",
             {{"precision", s.precision()},
              {"recall", s.recall()},
              {"true_positive", s.true_positive},
              {"false_positive", s.false_positive},
              {"false_negative", s.false_negative},
              {"true_negative", s.true_negative}}},
            {"lost", {{"precision", s.lostPrecision()}, {"recall", s.lostRecall()}}},
            {"intervals", s.intervals},
            {"detected", s.detected},
            {"per_interval", lostIntervalsJson(s)},
            {"latency_s", s.latency_seconds},
            {"mean_latency_s", s.meanLatency()},
            {"max_latency_s", s.maxLatency()}};
}

std::string lostScoreText(const localization::DetectionScore &s) {
    std::string text;
    auto out = std::back_inserter(text);
    fmt::format_to(out, "  vs labels       over {} valid readings ({} invalid not scored)\n", s.valid_readings,
                   s.invalid_readings);
    fmt::format_to(out,
                   "                  alarm (confused or lost): precision {:.3f}, recall {:.3f}; lost: precision "
                   "{:.3f}, recall {:.3f}\n",
                   s.precision(), s.recall(), s.lostPrecision(), s.lostRecall());
    fmt::format_to(out, "  detection       {} of {} lost intervals, latency mean {:.2f} s, max {:.2f} s\n", s.detected,
                   s.intervals, s.meanLatency(), s.maxLatency());
    if (!s.per_interval.empty()) fmt::format_to(out, "  per interval    (seconds of bag log time, as in the labels)\n");
    for (const auto &d : s.per_interval) {
        fmt::format_to(out, "    {:.2f} - {:.2f} s  {:>4} valid readings  {}\n", toSeconds(d.interval.start),
                       toSeconds(d.interval.end), d.readings,
                       d.detected ? fmt::format("detected after {:.2f} s", d.latency_seconds) : std::string("missed"));
    }
    return text;
}

nlohmann::json lostTrainingJson(const localization::LostTraining &t) {
    const auto &c = t.fit.config;
    return {{"normal_readings", t.fit.normal_count},
            {"lost_readings", t.fit.lost_count},
            {"tier0_normal_prior", c.tier0_normal_prior},
            {"slice_mu", c.slice_mu},
            {"slice_sigma", c.slice_sigma},
            {"score_before", lostScoreJson(t.before)},
            {"score_after", lostScoreJson(t.after)}};
}

std::string lostTrainingText(const std::string &bag, std::size_t intervals, const localization::LostTraining &t) {
    const auto &c = t.fit.config;
    std::string text;
    auto out = std::back_inserter(text);
    fmt::format_to(out, "Lost detector training: {} ({} normal and {} lost readings, {} labelled intervals)\n", bag,
                   t.fit.normal_count, t.fit.lost_count, intervals);
    fmt::format_to(out, "  slice_mu        [{:.4f}, {:.4f}, {:.4f}, {:.4f}]\n", c.slice_mu[0], c.slice_mu[1],
                   c.slice_mu[2], c.slice_mu[3]);
    fmt::format_to(out, "  slice_sigma     [{:.4f}, {:.4f}, {:.4f}, {:.4f}]\n", c.slice_sigma[0], c.slice_sigma[1],
                   c.slice_sigma[2], c.slice_sigma[3]);
    fmt::format_to(out, "  prior P(normal) {:.4f}\n", c.tier0_normal_prior);
    return text + "Before (given parameters):\n" + lostScoreText(t.before) + "After (fitted parameters):\n" +
           lostScoreText(t.after);
}

}  // namespace robometrics::nodes
