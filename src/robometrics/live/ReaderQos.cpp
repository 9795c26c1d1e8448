#include "robometrics/live/ReaderQos.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace robometrics::live {

Qos readerQosFor(const Qos &requested, bool adapt_reliability, const std::vector<Endpoint> &writers) {
    const bool all_latched = std::all_of(writers.begin(), writers.end(), [](const Endpoint &e) {
        return e.qos.durability == Durability::TransientLocal;
    });
    const bool all_reliable = std::all_of(writers.begin(), writers.end(),
                                          [](const Endpoint &e) { return e.qos.reliability == Reliability::Reliable; });
    if (writers.empty()) return requested;
    if (all_latched && all_reliable) return Qos::latched();
    Qos qos = requested;
    if (adapt_reliability && all_reliable) qos.reliability = Reliability::Reliable;
    return qos;
}

bool sameMatching(const Qos &a, const Qos &b) { return a.reliability == b.reliability && a.durability == b.durability; }

std::vector<std::string> unmatchedWriters(const Qos &reader, const std::vector<Endpoint> &writers) {
    std::vector<std::string> out;
    for (const Endpoint &e : writers) {
        if (reader.reliability == Reliability::Reliable && e.qos.reliability == Reliability::BestEffort) {
            out.push_back(fmt::format("publisher {} offers best effort, the reader requests reliable", e.guid));
        } else if (reader.durability == Durability::TransientLocal && e.qos.durability == Durability::Volatile) {
            out.push_back(fmt::format("publisher {} offers volatile, the reader requests transient local", e.guid));
        }
    }
    return out;
}

}  // namespace robometrics::live
