// Runs a fuzz target once on every file of the folders and files named on the command line, in
// name order: how the normal test suite replays the seed corpora and every stored finding, with
// any compiler (no libFuzzer needed). A crash, a sanitizer report or a leak fails the run like
// it fails the fuzzer. A folder that does not exist counts as empty (a target may have no
// findings yet), but a run that finds no input at all fails.

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size);

namespace {

std::vector<std::filesystem::path> inputsOf(const std::filesystem::path &path) {
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        for (const auto &entry : std::filesystem::directory_iterator(path)) {
            if (entry.is_regular_file() && entry.path().filename().string().front() != '.') files.push_back(entry.path());
        }
        std::sort(files.begin(), files.end());
    } else if (std::filesystem::exists(path, ec)) {
        files.push_back(path);
    } else {
        std::printf("%s: not there, nothing to replay\n", path.string().c_str());
    }
    return files;
}

}  // namespace

int main(int argc, char **argv) {
    std::size_t replayed = 0;
    for (int i = 1; i < argc; ++i) {
        for (const auto &file : inputsOf(argv[i])) {
            std::ifstream in(file, std::ios::binary);
            std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            if (!in.eof() && in.fail()) {
                std::fprintf(stderr, "%s: cannot read\n", file.string().c_str());
                return 1;
            }
            std::printf("replaying %s (%zu bytes)\n", file.string().c_str(), bytes.size());
            std::fflush(stdout);  // the last line printed names the input if the target crashes
            LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
            ++replayed;
        }
    }
    if (replayed == 0) {
        std::fprintf(stderr, "no inputs to replay\n");
        return 1;
    }
    std::printf("%zu inputs replayed\n", replayed);
    return 0;
}
