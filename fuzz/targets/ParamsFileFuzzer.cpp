// ROS 2 params files (Params::loadFile, what --params reads for every node): the node's section
// and "/**", nested keys, lists; then every parameter found is read as each type a node asks for.
// Input: the node name, a separator line, the YAML text.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "robometrics/core/Params.hpp"
#include "InputParts.hpp"
#include "ScratchFile.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    using namespace robometrics;
    auto parts = fuzz::splitParts(std::span(data, size), 2);
    std::string path = fuzz::writeScratchFile("params.yaml", parts[1]);
    auto params = Params::loadFile(path, fuzz::asText(parts[0]), false);
    if (!params) return 0;
    for (const auto &name : params->unused()) {
        double number = 0;
        int integer = 0;
        bool flag = false;
        std::string text;
        std::vector<std::string> list;
        (void)params->get(name, number);
        (void)params->get(name, integer);
        (void)params->get(name, flag);
        (void)params->get(name, text);
        (void)params->get(name, list);
    }
    return 0;
}
