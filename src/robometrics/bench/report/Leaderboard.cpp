#include "robometrics/bench/report/Leaderboard.hpp"

#include <algorithm>

#include "robometrics/bench/stats/WelchTest.hpp"

namespace robometrics::bench {

std::optional<Leaderboard> leaderboard(const BenchAggregates &aggregates, const std::string &metric) {
    const evaluate::MetricInfo &info = evaluate::metricInfo(metric);
    if (!info.ranked()) return std::nullopt;
    Leaderboard board;
    board.metric = metric;
    board.direction = info.direction;
    for (const CellAggregate &cell : aggregates.cells) {
        auto it = cell.metrics.find(metric);
        if (it == cell.metrics.end() || it->second.summary.n == 0) continue;
        board.rows.push_back(LeaderboardRow{0, &cell, it->second.summary});
    }
    // Stable: cells with equal means keep the matrix order.
    std::stable_sort(board.rows.begin(), board.rows.end(), [&](const LeaderboardRow &a, const LeaderboardRow &b) {
        return evaluate::better(a.summary.mean, b.summary.mean, board.direction);
    });
    for (std::size_t i = 0; i < board.rows.size(); ++i) {
        LeaderboardRow &row = board.rows[i];
        const bool tie = i > 0 && row.summary.mean == board.rows[i - 1].summary.mean;
        row.rank = tie ? board.rows[i - 1].rank : static_cast<int>(i) + 1;
        if (i == 0) continue;
        const auto &best = board.rows[0].cell->metrics.at(metric).values;
        row.p_vs_best = welchTest(best, row.cell->metrics.at(metric).values).p_value;
        row.worse_than_best = row.p_vs_best < kAlpha;
    }
    return board;
}

}  // namespace robometrics::bench
