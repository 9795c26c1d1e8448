#include "robometrics/io/EvoResultZip.hpp"

#include <fmt/format.h>
#include <zip.h>

#include <fstream>
#include <memory>

#include "robometrics/core/AtomicFile.hpp"

namespace robometrics::io {

namespace {

struct ZipDiscard {
    void operator()(zip_t *archive) const { zip_discard(archive); }
};
struct ZipFileClose {
    void operator()(zip_file_t *file) const { zip_fclose(file); }
};
struct ZipSourceFree {
    void operator()(zip_source_t *source) const { zip_source_free(source); }
};
struct ZipErrorFini {
    void operator()(zip_error_t *error) const { zip_error_fini(error); }
};
using Archive = std::unique_ptr<zip_t, ZipDiscard>;
using MemberFile = std::unique_ptr<zip_file_t, ZipFileClose>;
using Source = std::unique_ptr<zip_source_t, ZipSourceFree>;

bool endsWith(const std::string &s, const std::string &suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// The array name of a member evo writes ("error_array.npy" -> "error_array"); empty for others.
std::string arrayName(const std::string &member) {
    for (const char *ext : {".npy", ".npz"}) {
        if (endsWith(member, ext) && member.find('/') == std::string::npos) return member.substr(0, member.size() - 4);
    }
    return {};
}

std::string zipMessage(zip_error_t *error) { return zip_error_strerror(error); }

/// The bytes of the archive built in `source` (a libzip buffer source kept after zip_close).
Result<std::string> sourceBytes(zip_source_t *source, const std::string &path) {
    if (zip_source_open(source) < 0)
        return Error{path + ": cannot build the zip: " + zipMessage(zip_source_error(source))};
    zip_source_seek(source, 0, SEEK_END);
    const zip_int64_t size = zip_source_tell(source);
    zip_source_seek(source, 0, SEEK_SET);
    std::string bytes(size > 0 ? static_cast<std::size_t>(size) : 0, '\0');
    const zip_int64_t read = size > 0 ? zip_source_read(source, bytes.data(), bytes.size()) : 0;
    zip_source_close(source);
    if (size < 0 || read != size) return Error{path + ": cannot build the zip: short read of the archive in memory"};
    return bytes;
}

Result<std::string> readMember(zip_t *archive, zip_uint64_t index, const zip_stat_t &st, const std::string &where) {
    if (st.size > kMaxZipMemberBytes) {
        return Error{fmt::format("{}: {} bytes uncompressed, more than the {} a result member may have", where, st.size,
                                 kMaxZipMemberBytes)};
    }
    MemberFile file(zip_fopen_index(archive, index, 0));
    if (!file) return Error{where + ": cannot open: " + zipMessage(zip_get_error(archive))};
    std::string bytes(static_cast<std::size_t>(st.size), '\0');
    std::size_t done = 0;
    while (done < bytes.size()) {
        const zip_int64_t n = zip_fread(file.get(), bytes.data() + done, bytes.size() - done);
        if (n < 0) return Error{where + ": cannot read: " + zipMessage(zip_file_get_error(file.get()))};
        if (n == 0) break;
        done += static_cast<std::size_t>(n);
    }
    if (done != bytes.size()) return Error{fmt::format("{}: {} of {} bytes", where, done, bytes.size())};
    return bytes;
}

Result<nlohmann::ordered_json> jsonObject(const std::string &bytes, const std::string &where) {
    auto j = nlohmann::ordered_json::parse(bytes, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return Error{where + ": not a JSON object"};
    return j;
}

}  // namespace

const NpyArray *EvoResultZip::array(const std::string &name) const {
    for (const auto &[n, a] : arrays) {
        if (n == name) return &a;
    }
    return nullptr;
}

bool looksLikeZip(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    char magic[4] = {};
    if (!in.read(magic, 4)) return false;
    return magic[0] == 'P' && magic[1] == 'K' && ((magic[2] == 3 && magic[3] == 4) || (magic[2] == 5 && magic[3] == 6));
}

Status writeEvoResultZip(const std::string &path, const EvoResultZip &zip) {
    std::vector<std::pair<std::string, std::string>> members = {{"info.json", zip.info.dump()},
                                                                {"stats.json", zip.stats.dump()}};
    for (const auto &[name, array] : zip.arrays) members.emplace_back(name + ".npy", encodeNpy(array));

    zip_error_t error;
    zip_error_init(&error);
    std::unique_ptr<zip_error_t, ZipErrorFini> error_guard(&error);
    Source source(zip_source_buffer_create(nullptr, 0, 0, &error));
    if (!source) return Error{path + ": cannot build the zip: " + zipMessage(&error)};
    zip_source_keep(source.get());  // the archive frees its reference on close; ours keeps the bytes
    Archive archive(zip_open_from_source(source.get(), ZIP_TRUNCATE, &error));
    if (!archive) {
        zip_source_free(source.get());  // the reference zip_source_keep added
        return Error{path + ": cannot build the zip: " + zipMessage(&error)};
    }
    for (const auto &[name, bytes] : members) {
        zip_source_t *member = zip_source_buffer(archive.get(), bytes.data(), bytes.size(), 0);
        const zip_int64_t index = member ? zip_file_add(archive.get(), name.c_str(), member, ZIP_FL_ENC_UTF_8) : -1;
        if (index < 0) {
            if (member) zip_source_free(member);
            return Error{path + ": cannot add " + name + ": " + zipMessage(zip_get_error(archive.get()))};
        }
        // Stored, as evo's zipfile writes its members.
        zip_set_file_compression(archive.get(), static_cast<zip_uint64_t>(index), ZIP_CM_STORE, 0);
    }
    if (zip_close(archive.get()) < 0) {
        return Error{path + ": cannot build the zip: " + zipMessage(zip_get_error(archive.get()))};
    }
    archive.release();  // zip_close freed it
    auto bytes = sourceBytes(source.get(), path);
    if (!bytes) return bytes.error();
    return writeFileAtomically(path, *bytes);
}

Result<EvoResultZip> readEvoResultZip(const std::string &path) {
    int code = 0;
    Archive archive(zip_open(path.c_str(), ZIP_RDONLY | ZIP_CHECKCONS, &code));
    if (!archive) {
        zip_error_t error;
        zip_error_init_with_code(&error, code);
        std::unique_ptr<zip_error_t, ZipErrorFini> error_guard(&error);
        return Error{path + ": not a readable zip: " + zipMessage(&error)};
    }
    const zip_int64_t count = zip_get_num_entries(archive.get(), 0);
    if (count < 0 || static_cast<std::size_t>(count) > kMaxZipMembers) {
        return Error{
            fmt::format("{}: {} members, more than the {} a result zip may have", path, count, kMaxZipMembers)};
    }
    EvoResultZip out;
    bool have_info = false, have_stats = false;
    for (zip_uint64_t i = 0; i < static_cast<zip_uint64_t>(count); ++i) {
        zip_stat_t st;
        zip_stat_init(&st);
        if (zip_stat_index(archive.get(), i, 0, &st) < 0 || !(st.valid & ZIP_STAT_NAME) || !(st.valid & ZIP_STAT_SIZE))
            return Error{
                fmt::format("{}: member {} cannot be read: {}", path, i, zipMessage(zip_get_error(archive.get())))};
        const std::string name = st.name;
        const std::string where = path + ": " + name;
        const std::string array = arrayName(name);
        if (name != "info.json" && name != "stats.json" && array.empty()) continue;  // trajectories, others
        auto bytes = readMember(archive.get(), i, st, where);
        if (!bytes) return bytes.error();
        if (!array.empty()) {
            auto decoded = decodeNpy(*bytes, where);
            if (!decoded) return decoded.error();
            out.arrays.emplace_back(array, std::move(*decoded));
            continue;
        }
        auto j = jsonObject(*bytes, where);
        if (!j) return j.error();
        (name == "info.json" ? out.info : out.stats) = std::move(*j);
        (name == "info.json" ? have_info : have_stats) = true;
    }
    if (!have_info || !have_stats || !out.array("error_array")) {
        return Error{path + ": not an evo result zip (it needs info.json, stats.json and error_array.npy)"};
    }
    return out;
}

}  // namespace robometrics::io
