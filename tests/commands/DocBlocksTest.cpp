// Docs that run (issue 44, part 6): every code block of README.md and docs/*.md marked with an
// HTML comment `<!-- doc-test -->` on the line before its fence is run, and what each command
// prints on stdout is compared with what the block shows, so the docs cannot go stale.
//
// In a marked block, a line "$ COMMAND" is run by bash, and the lines after it, up to the next
// "$ " line, are its expected stdout (blank lines at the end aside). Directives in the marker
// (several comments may stand before one fence; DEVELOPERS.md, Docs that run):
//   <!-- doc-test -->                 run the block's "$ " lines
//   <!-- doc-test: run COMMAND -->    run COMMAND; the whole block is its expected output
//   <!-- doc-test: vary REGEX -->     what REGEX matches may differ (timings, CPU): masked on both sides
// An expected line "..." stands for any number of lines. The blocks of one file run in order in
// one folder, so a block may use what an earlier one made; the robometrics on PATH is the one just
// built, and ../shared/data, examples/, scripts/, tests/ and build/ are there as in the project root.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>

#include "TestSupport.hpp"

namespace robometrics::test {
namespace {

namespace fs = std::filesystem;

struct DocStep {
    std::string command;
    std::vector<std::string> expected;
    int line = 0;  ///< of the command in the doc
};

struct DocBlock {
    std::vector<DocStep> steps;
    std::vector<std::regex> vary;
    std::vector<std::string> vary_text;
};

fs::path docsSourceRoot() { return bundledDataDir().parent_path().parent_path(); }

/// The marked blocks of a markdown file, in order.
std::vector<DocBlock> markedDocBlocks(const fs::path &markdown) {
    std::ifstream in(markdown);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    static const std::regex marker(R"(^\s*<!--\s*doc-test(?::\s*(.*?))?\s*-->\s*$)");
    std::vector<DocBlock> blocks;
    std::vector<std::string> directives;
    bool marked = false;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        std::smatch m;
        if (std::regex_match(lines[i], m, marker)) {
            marked = true;
            if (m[1].matched && !m[1].str().empty()) directives.push_back(m[1].str());
            continue;
        }
        const bool fence = lines[i].rfind("```", 0) == 0;
        if (!fence) {
            if (!lines[i].empty() && marked) ADD_FAILURE() << markdown << ":" << i + 1 << ": doc-test marker not before a fence";
            if (!lines[i].empty()) marked = false, directives.clear();
            continue;
        }
        std::vector<std::string> body;
        std::size_t end = i + 1;
        for (; end < lines.size() && lines[end].rfind("```", 0) != 0; ++end) body.push_back(lines[end]);
        const int first_line = static_cast<int>(i) + 2;
        i = end;
        if (!marked) continue;
        DocBlock block;
        for (const std::string &d : directives) {
            if (d.rfind("run ", 0) == 0) {
                block.steps.push_back(DocStep{d.substr(4), body, first_line - 1});
            } else if (d.rfind("vary ", 0) == 0) {
                block.vary.emplace_back(d.substr(5));
                block.vary_text.push_back(d.substr(5));
            } else {
                ADD_FAILURE() << markdown << ":" << first_line - 1 << ": unknown doc-test directive '" << d << "'";
            }
        }
        if (block.steps.empty()) {
            for (std::size_t k = 0; k < body.size(); ++k) {
                if (body[k].rfind("$ ", 0) == 0) {
                    block.steps.push_back(DocStep{body[k].substr(2), {}, first_line + static_cast<int>(k)});
                } else if (!block.steps.empty()) {
                    block.steps.back().expected.push_back(body[k]);
                }
            }
        }
        blocks.push_back(std::move(block));
        marked = false;
        directives.clear();
    }
    return blocks;
}

std::vector<std::string> docLines(const std::string &text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

void maskAndTrim(std::vector<std::string> &lines, const DocBlock &block) {
    for (std::string &line : lines) {
        for (const std::regex &r : block.vary) line = std::regex_replace(line, r, "<varies>");
        while (!line.empty() && line.back() == ' ') line.pop_back();
    }
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
}

/// Expected lines against actual ones; an expected "..." (indented or not) matches any number of lines.
bool docLinesMatch(const std::vector<std::string> &want, std::size_t w, const std::vector<std::string> &got,
                   std::size_t g) {
    if (w == want.size()) return g == got.size();
    if (want[w].find_first_not_of(' ') != std::string::npos && want[w].substr(want[w].find_first_not_of(' ')) == "...") {
        for (std::size_t k = g; k <= got.size(); ++k)
            if (docLinesMatch(want, w + 1, got, k)) return true;
        return false;
    }
    return g < got.size() && want[w] == got[g] && docLinesMatch(want, w + 1, got, g + 1);
}

struct DocRun {
    int exit_code = -1;
    std::string out, err;
};

DocRun runDocCommand(const fs::path &work, const std::string &command) {
    const fs::path err = work / ".doc-test-stderr";
    const std::string shell = "cd '" + work.string() + "' && bash -o pipefail -c '" +
                              std::regex_replace(command, std::regex("'"), "'\\''") + "' 2>'" + err.string() + "'";
    DocRun run;
    FILE *pipe = popen(shell.c_str(), "r");
    if (pipe == nullptr) return run;
    char buffer[65536];
    for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) run.out.append(buffer, n);
    const int status = pclose(pipe);
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    run.err = readFile(err);
    return run;
}

/// The folder the blocks of one doc run in: the project's folders linked in, ../shared/data too.
fs::path docWorkFolder(const std::string &name) {
    const fs::path root = scratchDir("doc_blocks_" + name);
    const fs::path work = root / "project";
    fs::create_directories(work);
    fs::create_directories(root / "shared");
    std::error_code ec;
    fs::create_directory_symlink(fs::absolute(testDataDir()), root / "shared" / "data", ec);
    for (const char *dir : {"examples", "scripts", "tests", "docs"})
        fs::create_directory_symlink(docsSourceRoot() / dir, work / dir, ec);
    const fs::path binary = std::getenv("ROBOMETRICS_BINARY") ? fs::path(std::getenv("ROBOMETRICS_BINARY")) : fs::path();
    if (!binary.empty()) fs::create_directory_symlink(fs::absolute(binary).parent_path().parent_path().parent_path(), work / "build", ec);
    return work;
}

class DocBlocks : public ::testing::TestWithParam<std::string> {};

TEST_P(DocBlocks, PrintWhatTheDocsShow) {
#if defined(__clang__)
    // The sanitizer tree: the docs print the GCC build's numbers (as the simulator's digests).
    GTEST_SKIP() << "the docs show the GCC build's outputs; clang rounds some floating-point expressions differently";
#endif
    const fs::path markdown = docsSourceRoot() / GetParam();
    const std::vector<DocBlock> blocks = markedDocBlocks(markdown);
    if (blocks.empty()) GTEST_SKIP() << GetParam() << " has no block marked <!-- doc-test -->";
    const char *binary = std::getenv("ROBOMETRICS_BINARY");
    ASSERT_NE(binary, nullptr) << "ROBOMETRICS_BINARY is not set";
    const std::string path = fs::absolute(binary).parent_path().string() + ":" + std::getenv("PATH");
    setenv("PATH", path.c_str(), 1);
    setenv("TZ", "UTC", 1);
    std::string name = GetParam();
    for (char &c : name) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    const fs::path work = docWorkFolder(name);
    const bool have_shared = fs::exists(testDataDir());
    int ran = 0;
    for (const DocBlock &block : blocks) {
        for (const DocStep &step : block.steps) {
            if (!have_shared && step.command.find("../shared/data") != std::string::npos) {
                std::cout << "[  SKIPPED ] " << GetParam() << ":" << step.line << ": needs ../shared/data: " << step.command << "\n";
                continue;
            }
            const auto start = std::chrono::steady_clock::now();
            DocRun run = runDocCommand(work, step.command);
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::cout << "[ doc-test ] " << GetParam() << ":" << step.line << " (" << seconds << " s): $ " << step.command << "\n";
            ++ran;
            EXPECT_EQ(run.exit_code, 0) << GetParam() << ":" << step.line << ": $ " << step.command << "\nstderr:\n" << run.err;
            std::vector<std::string> want = step.expected, got = docLines(run.out);
            maskAndTrim(want, block);
            maskAndTrim(got, block);
            if (!docLinesMatch(want, 0, got, 0)) {
                std::string diff;
                for (std::size_t k = 0; k < std::max(want.size(), got.size()); ++k) {
                    const std::string a = k < want.size() ? want[k] : "<none>", b = k < got.size() ? got[k] : "<none>";
                    if (a != b) diff += "  doc:  " + a + "\n  real: " + b + "\n";
                }
                ADD_FAILURE() << GetParam() << ":" << step.line << ": $ " << step.command
                              << "\nprints something else than the doc shows (first differences, doc then real):\n"
                              << diff.substr(0, 4000) << "stderr:\n" << run.err.substr(0, 2000);
            }
        }
    }
    std::cout << "[ doc-test ] " << GetParam() << ": " << ran << " commands run\n";
}

std::vector<std::string> markdownFiles() {
    std::vector<std::string> files = {"README.md"};
    std::vector<std::string> docs;
    std::error_code ec;
    for (const auto &entry : fs::directory_iterator(docsSourceRoot() / "docs", ec))
        if (entry.path().extension() == ".md" &&
            readFile(entry.path()).find("\n<!-- doc-test") != std::string::npos)  // only pages with marked blocks
            docs.push_back("docs/" + entry.path().filename().string());
    std::sort(docs.begin(), docs.end());
    files.insert(files.end(), docs.begin(), docs.end());
    return files;
}

INSTANTIATE_TEST_SUITE_P(Docs, DocBlocks, ::testing::ValuesIn(markdownFiles()),
                         [](const ::testing::TestParamInfo<std::string> &param) {
                             std::string name = param.param;
                             for (char &c : name) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                             return name;
                         });

}  // namespace
}  // namespace robometrics::test
