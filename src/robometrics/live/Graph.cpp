#include <algorithm>

#include "robometrics/live/Transport.hpp"

namespace robometrics::live {

void Graph::add(const Endpoint &endpoint) {
    {
        std::lock_guard lock(mutex_);
        auto it = std::find_if(endpoints_.begin(), endpoints_.end(),
                               [&](const Endpoint &e) { return e.guid == endpoint.guid; });
        if (it == endpoints_.end()) {
            endpoints_.push_back(endpoint);
        } else {
            *it = endpoint;
        }
        ++version_;
    }
    changed_.notify_all();
}

void Graph::remove(const std::string &guid) {
    {
        std::lock_guard lock(mutex_);
        std::erase_if(endpoints_, [&](const Endpoint &e) { return e.guid == guid; });
        ++version_;
    }
    changed_.notify_all();
}

std::vector<Endpoint> Graph::endpoints() const {
    std::lock_guard lock(mutex_);
    return endpoints_;
}

std::uint64_t Graph::version() const {
    std::lock_guard lock(mutex_);
    return version_;
}

std::uint64_t Graph::waitForChange(std::uint64_t seen, std::chrono::milliseconds timeout) const {
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, timeout, [&] { return version_ != seen; });
    return version_;
}

}  // namespace robometrics::live
