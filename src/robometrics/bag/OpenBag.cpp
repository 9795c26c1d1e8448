// bag::openBag: the one entry point for every kind of bag on disk.

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/rosbag2/Layout.hpp"
#include "robometrics/bag/rosbag2/MergedSource.hpp"

namespace robometrics::bag {

Result<std::unique_ptr<MessageSource>> openBag(const std::string &path, const ReadOptions &options) {
    // Every kind (single .mcap, single .db3, rosbag2 directory) goes through the same layout
    // and merge, so topic unification, type normalisation and MESSAGE-mode decompression
    // behave the same everywhere.
    auto layout = rosbag2::resolveBag(path);
    if (!layout) return layout.error();
    return rosbag2::openLayout(*layout, options);
}

}  // namespace robometrics::bag
