#include "robometrics/nodes/TopicStatsWindows.hpp"

#include <fmt/format.h>

namespace robometrics::nodes {

namespace {
bool endsWith(const std::string &s, const std::string &suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}
}  // namespace

Result<TopicStatsWindows> TopicStatsWindows::forOutput(const std::string &path) {
    if (path.empty()) return TopicStatsWindows(Kind::None, path);
    if (endsWith(path, ".mcap")) return TopicStatsWindows(Kind::Mcap, path);
    if (endsWith(path, ".csv")) return TopicStatsWindows(Kind::Csv, path);
    return Error{fmt::format("-o must name a .mcap or .csv file, got '{}'", path)};
}

Status TopicStatsWindows::open() {
    if (kind_ == Kind::Mcap) {
        auto writer = bag::TypedWriter::open(path_);
        if (!writer) return writer.error();
        mcap_ = std::make_unique<bag::TypedWriter>(std::move(*writer));
        mcap_sink_ = std::make_unique<pipeline::McapResultSink>(*mcap_);
    } else if (kind_ == Kind::Csv) {
        csv_ = std::make_unique<report::CsvFile>();
        ROBOMETRICS_TRY(csv_->open(path_));
        csv_->write(topicstats::windowCsvHeader());
    }
    return Status::Ok();
}

TopicStatsNode::WindowSink TopicStatsWindows::sink() {
    return [this](const topicstats::WindowRecord &record) {
        if (mcap_sink_) {
            const NodeOutput &out = TopicStatsNode::spec().outputs.front();
            Status s =
                mcap_sink_->write(out.topic, topicstats::toMetricsMessage(record), record.window_stop, out.latched);
            if (!s.ok() && status_.ok()) status_ = s;
        } else if (csv_) {
            csv_->write(topicstats::windowCsvRow(record));
        }
    };
}

Status TopicStatsWindows::commit() {
    if (mcap_) {
        Status closed = mcap_->close();
        if (!closed.ok() && status_.ok()) status_ = closed;
    }
    if (csv_) {
        Status committed = csv_->commit();
        if (status_.ok()) status_ = committed;
    }
    return status_;
}

}  // namespace robometrics::nodes
