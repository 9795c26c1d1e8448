#pragma once
// The catalog of an MCAP file without a usable summary (a recording cut short, a damaged summary):
// its schemas, channels, message counts and chunks, found by one pass over the data section. The
// pass walks the top-level records on the calling thread while the chunks' records are
// decompressed and parsed on loading threads (bag/ChunkLoadAhead.hpp, as many as
// ROBOMETRICS_READ_THREADS allows): a cut 20 GB recording is scanned on both cores. The catalog,
// and the failure that ends the pass, are those of one linear pass that descends into every chunk
// in file order (mcap::LinearReader); McapScanTest checks that on cut and damaged files.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/bag/BagThreads.hpp"
#include "robometrics/bag/ReadDamage.hpp"
#include "robometrics/bag/mcap/LinearReader.hpp"
#include "robometrics/bag/mcap/Records.hpp"

namespace robometrics::bag {

/// What a source needs to know before it delivers messages.
struct McapCatalog {
    std::map<std::uint16_t, mcap::SchemaRecord> schemas;  ///< the first of each id in file order
    std::map<std::uint16_t, mcap::ChannelRecord> channels;
    std::map<std::uint16_t, std::uint64_t> counts;  ///< messages per channel
    std::vector<mcap::ChunkIndexRecord> chunks;     ///< in file order
    bool loose_messages = false;                    ///< messages outside chunks (cannot be merged by chunk)
};

/// Scans `path`. With `damage` (a recovering read) the pass ends at the first failure instead of
/// failing: the catalog then holds what comes before it (a chunk whose records fail to parse is
/// dropped with its messages; the schemas and channels read before the failure are kept) and
/// `damage` says what was lost. `loaders`: loading threads (0: every chunk on this thread).
Status scanMcapCatalog(const std::string &path, McapCatalog &catalog, std::optional<ReadDamage> *damage = nullptr,
                       std::size_t loaders = chunkLoaders());

/// The chunk index a summary would hold for the Chunk record `entry` (without message indexes).
mcap::ChunkIndexRecord chunkIndexOf(const mcap::RecordEntry &entry, const mcap::ChunkRecord &chunk);

/// What a recovering read keeps of the failure that ended a linear pass: the cut when the file
/// ends early, else the error in plain words.
ReadDamage linearDamage(const mcap::LinearReader &reader, const Error &error, const std::string &path);

}  // namespace robometrics::bag
