#include "robometrics/bag/ros1/Writer.hpp"

#include <bzlib.h>
#include <lz4frame.h>

#include <algorithm>

namespace robometrics::bag::ros1 {

namespace {

constexpr std::size_t kBagHeaderSize = 4096;  // header_len + data_len of the Bag header record

template <class T>
void putLe(std::vector<std::uint8_t> &out, T value) {
    for (std::size_t i = 0; i < sizeof(T); ++i) out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}

void putTime(std::vector<std::uint8_t> &out, TimeNs t) {
    putLe(out, static_cast<std::uint32_t>(t / kNsPerSecond));
    putLe(out, static_cast<std::uint32_t>(t % kNsPerSecond));
}

void field(std::vector<std::uint8_t> &header, std::string_view name, const std::vector<std::uint8_t> &value) {
    putLe(header, static_cast<std::uint32_t>(name.size() + 1 + value.size()));
    header.insert(header.end(), name.begin(), name.end());
    header.push_back('=');
    header.insert(header.end(), value.begin(), value.end());
}

template <class T>
std::vector<std::uint8_t> le(T value) {
    std::vector<std::uint8_t> out;
    putLe(out, value);
    return out;
}

std::vector<std::uint8_t> text(std::string_view s) { return {s.begin(), s.end()}; }

std::vector<std::uint8_t> timeValue(TimeNs t) {
    std::vector<std::uint8_t> out;
    putTime(out, t);
    return out;
}

void record(std::vector<std::uint8_t> &out, const std::vector<std::uint8_t> &header, Bytes data) {
    putLe(out, static_cast<std::uint32_t>(header.size()));
    out.insert(out.end(), header.begin(), header.end());
    putLe(out, static_cast<std::uint32_t>(data.size()));
    out.insert(out.end(), data.begin(), data.end());
}

std::vector<std::uint8_t> bagHeader(std::uint64_t index_pos, std::uint32_t conns, std::uint32_t chunks) {
    std::vector<std::uint8_t> header;
    field(header, "op", {static_cast<std::uint8_t>(Op::BagHeader)});
    field(header, "index_pos", le(index_pos));
    field(header, "conn_count", le(conns));
    field(header, "chunk_count", le(chunks));
    std::vector<std::uint8_t> out;
    std::vector<std::uint8_t> padding(kBagHeaderSize - header.size(), ' ');
    record(out, header, padding);
    return out;
}

Result<std::vector<std::uint8_t>> compress(const std::string &how, const std::vector<std::uint8_t> &in) {
    if (how == "none") return in;
    if (how == "bz2") {
        std::vector<std::uint8_t> out(in.size() + in.size() / 100 + 600);
        auto size = static_cast<unsigned>(out.size());
        int rc = BZ2_bzBuffToBuffCompress(reinterpret_cast<char *>(out.data()), &size,
                                          const_cast<char *>(reinterpret_cast<const char *>(in.data())),
                                          static_cast<unsigned>(in.size()), 9, 0, 0);
        if (rc != BZ_OK) return Error{"bz2 compression failed (" + std::to_string(rc) + ")"};
        out.resize(size);
        return out;
    }
    if (how == "lz4") {
        std::vector<std::uint8_t> out(LZ4F_compressFrameBound(in.size(), nullptr));
        std::size_t size = LZ4F_compressFrame(out.data(), out.size(), in.data(), in.size(), nullptr);
        if (LZ4F_isError(size)) return Error{std::string("lz4 compression failed: ") + LZ4F_getErrorName(size)};
        out.resize(size);
        return out;
    }
    return Error{"unknown ROS 1 chunk compression '" + how + "'"};
}

}  // namespace

Result<Writer> Writer::create(const std::string &path, WriterOptions options) {
    if (options.compression != "none" && options.compression != "bz2" && options.compression != "lz4")
        return Error{path + ": unknown ROS 1 chunk compression '" + options.compression + "'"};
    Writer w;
    w.path_ = path;
    w.options_ = std::move(options);
    w.out_.open(path, std::ios::binary | std::ios::trunc);
    if (!w.out_) return Error{path + ": cannot create"};
    std::vector<std::uint8_t> head(kMagic.begin(), kMagic.end());
    std::vector<std::uint8_t> header = bagHeader(0, 0, 0);
    head.insert(head.end(), header.begin(), header.end());
    w.out_.write(reinterpret_cast<const char *>(head.data()), static_cast<std::streamsize>(head.size()));
    w.position_ = head.size();
    return w;
}

std::uint32_t Writer::addConnection(const std::string &topic, const std::string &type, const std::string &definition,
                                    const std::string &md5sum, const ConnectionExtras &extras) {
    const auto id = static_cast<std::uint32_t>(connection_records_.size());
    std::vector<std::uint8_t> header, data;
    field(header, "op", {static_cast<std::uint8_t>(Op::Connection)});
    field(header, "conn", le(id));
    field(header, "topic", text(topic));
    field(data, "topic", text(topic));
    field(data, "type", text(type));
    field(data, "md5sum", text(md5sum));
    field(data, "message_definition", text(definition));
    if (!extras.callerid.empty()) field(data, "callerid", text(extras.callerid));
    if (!extras.latching.empty()) field(data, "latching", text(extras.latching));
    std::vector<std::uint8_t> out;
    record(out, header, data);
    connection_records_.push_back(std::move(out));
    connection_in_chunk_.push_back(false);
    return id;
}

Status Writer::write(std::uint32_t conn, TimeNs time, Bytes data) {
    if (conn >= connection_records_.size()) return Error{path_ + ": no connection " + std::to_string(conn)};
    if (time < 0) return Error{path_ + ": ROS 1 time cannot be negative"};
    if (chunk_.empty()) chunk_start_ = chunk_end_ = time;
    chunk_start_ = std::min(chunk_start_, time);
    chunk_end_ = std::max(chunk_end_, time);
    if (!connection_in_chunk_[conn]) {  // rosbag repeats each connection in the chunk that first uses it
        chunk_.insert(chunk_.end(), connection_records_[conn].begin(), connection_records_[conn].end());
        connection_in_chunk_[conn] = true;
    }
    std::vector<std::uint8_t> &index = chunk_index_[conn];
    putTime(index, time);
    putLe(index, static_cast<std::uint32_t>(chunk_.size()));
    ++chunk_counts_[conn];
    std::vector<std::uint8_t> header;
    field(header, "op", {static_cast<std::uint8_t>(Op::MessageData)});
    field(header, "conn", le(conn));
    field(header, "time", timeValue(time));
    record(chunk_, header, data);
    if (chunk_.size() >= options_.chunk_size) return flushChunk();
    return Status::Ok();
}

Status Writer::flushChunk() {
    if (chunk_.empty()) return Status::Ok();
    auto compressed = compress(options_.compression, chunk_);
    if (!compressed) return Error{path_ + ": " + compressed.message()};
    std::vector<std::uint8_t> out, header;
    field(header, "op", {static_cast<std::uint8_t>(Op::Chunk)});
    field(header, "compression", text(options_.compression));
    field(header, "size", le(static_cast<std::uint32_t>(chunk_.size())));
    record(out, header, *compressed);
    for (const auto &[conn, entries] : chunk_index_) {
        std::vector<std::uint8_t> index_header;
        field(index_header, "op", {static_cast<std::uint8_t>(Op::IndexData)});
        field(index_header, "ver", le(std::uint32_t{1}));
        field(index_header, "conn", le(conn));
        field(index_header, "count", le(static_cast<std::uint32_t>(entries.size() / 12)));
        record(out, index_header, entries);
    }
    std::vector<std::uint8_t> info_header, info_data;
    field(info_header, "op", {static_cast<std::uint8_t>(Op::ChunkInfo)});
    field(info_header, "ver", le(std::uint32_t{1}));
    field(info_header, "chunk_pos", le(position_));
    field(info_header, "start_time", timeValue(chunk_start_));
    field(info_header, "end_time", timeValue(chunk_end_));
    field(info_header, "count", le(static_cast<std::uint32_t>(chunk_counts_.size())));
    for (const auto &[conn, count] : chunk_counts_) {
        putLe(info_data, conn);
        putLe(info_data, count);
    }
    std::vector<std::uint8_t> info;
    record(info, info_header, info_data);
    chunk_infos_.push_back(std::move(info));
    out_.write(reinterpret_cast<const char *>(out.data()), static_cast<std::streamsize>(out.size()));
    position_ += out.size();
    chunk_.clear();
    chunk_index_.clear();
    chunk_counts_.clear();
    std::fill(connection_in_chunk_.begin(), connection_in_chunk_.end(), false);
    return out_ ? Status::Ok() : Status(Error{path_ + ": write failed"});
}

Status Writer::close() {
    ROBOMETRICS_TRY(flushChunk());
    const std::uint64_t index_pos = position_;
    for (const auto *list : {&connection_records_, &chunk_infos_})
        for (const auto &r : *list)
            out_.write(reinterpret_cast<const char *>(r.data()), static_cast<std::streamsize>(r.size()));
    const std::vector<std::uint8_t> header =
        bagHeader(index_pos, static_cast<std::uint32_t>(connection_records_.size()),
                  static_cast<std::uint32_t>(chunk_infos_.size()));
    out_.seekp(static_cast<std::streamoff>(kMagic.size()));
    out_.write(reinterpret_cast<const char *>(header.data()), static_cast<std::streamsize>(header.size()));
    out_.close();
    if (!out_) return Error{path_ + ": write failed"};
    return Status::Ok();
}

}  // namespace robometrics::bag::ros1
