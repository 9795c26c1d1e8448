#pragma once
// Serialises MCAP records (opcode, content length, little-endian packed fields) into a byte
// buffer. Used by the writer; the reader's Records.hpp is the inverse.

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "robometrics/bag/mcap/Records.hpp"

namespace robometrics::bag::mcap {

class RecordEncoder {
public:
    explicit RecordEncoder(std::vector<std::uint8_t> &out) : out_(out) {}

    /// Starts a record; finish() fills in its content length.
    void begin(Opcode op) {
        out_.push_back(static_cast<std::uint8_t>(op));
        length_at_ = out_.size();
        u64(0);
    }
    /// `after`: bytes of the record that the caller writes itself, after the buffer (a chunk's
    /// compressed records, written without a copy into the buffer).
    void finish(std::uint64_t after = 0) {
        const std::uint64_t n = out_.size() - length_at_ - 8 + after;
        for (int i = 0; i < 8; ++i) out_[length_at_ + i] = static_cast<std::uint8_t>(n >> (8 * i));
    }

    /// One little-endian field, appended with one resize: a byte at a time (push_back) was most
    /// of the writer thread's own time in `convert` (a Message record has five fields).
    template <class T>
    void uint(T v) {
        const std::size_t at = out_.size();
        out_.resize(at + sizeof(T));
        std::uint8_t *p = out_.data() + at;
        for (std::size_t i = 0; i < sizeof(T); ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
    }
    void u8(std::uint8_t v) { out_.push_back(v); }
    void u16(std::uint16_t v) { uint(v); }
    void u32(std::uint32_t v) { uint(v); }
    void u64(std::uint64_t v) { uint(v); }
    void raw(std::span<const std::uint8_t> b) { out_.insert(out_.end(), b.begin(), b.end()); }
    void string(const std::string &s) {
        u32(static_cast<std::uint32_t>(s.size()));
        out_.insert(out_.end(), s.begin(), s.end());
    }
    void stringMap(const StringMap &m) {
        std::uint32_t n = 0;
        for (const auto &[k, v] : m) n += static_cast<std::uint32_t>(8 + k.size() + v.size());
        u32(n);
        for (const auto &[k, v] : m) {
            string(k);
            string(v);
        }
    }
    void idMap(const std::map<std::uint16_t, std::uint64_t> &m) {
        u32(static_cast<std::uint32_t>(m.size() * 10));
        for (const auto &[k, v] : m) {
            u16(k);
            u64(v);
        }
    }

private:
    std::vector<std::uint8_t> &out_;
    std::size_t length_at_ = 0;
};

/// Whole records, appended to `out`.
void encodeSchema(std::vector<std::uint8_t> &out, const SchemaRecord &r);
void encodeChannel(std::vector<std::uint8_t> &out, const ChannelRecord &r);
/// A Message record (MessageRecord's fields, the data without a copy of its own).
void encodeMessage(std::vector<std::uint8_t> &out, std::uint16_t channel_id, std::uint32_t sequence,
                   std::uint64_t log_time, std::uint64_t publish_time, std::span<const std::uint8_t> data);

}  // namespace robometrics::bag::mcap
