// The command line's habits (issue 44, part 2): an unknown command is named with the nearest one;
// every error reads "robometrics CMD: error: ..." (exit 2 for usage, 1 for bad input); every
// --help ends in real examples and shows its options in words; evo's -a is listed and refused
// beside a contradicting --align; a named topic a bag lacks is an error listing those it has;
// version, --version and -V; the bash completion made from the same command tree.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>

#include "TestSupport.hpp"

namespace robometrics::test {
namespace {

const char *kRerunBag = "bags/ros2-mcap/rerun_sensor_msgs/rosbag2_2025_09_10-13_03_56_0.mcap";

/// Every command path `robometrics help` lists, with the subcommands of live and bench.
std::vector<std::string> everyCommandPath() {
    std::vector<std::string> paths;
    std::istringstream help(runRobometrics({"help"}).out);
    std::string line;
    bool in_list = false;
    while (std::getline(help, line)) {
        if (line == "Commands:")
            in_list = true;
        else if (line.empty())
            in_list = false;
        else if (in_list)
            paths.push_back(line.substr(2, line.find(' ', 2) - 2));
    }
    for (const char *sub : {"traversal", "topic-stats", "costmap", "lost", "record", "list"})
        paths.push_back(std::string("live ") + sub);
    for (const char *sub : {"run-job", "report", "status", "compare"}) paths.push_back(std::string("bench ") + sub);
    return paths;
}

std::vector<std::string> splitWords(const std::string &path) {
    std::vector<std::string> words;
    std::istringstream in(path);
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

TEST(CommandLineHabits, AnUnknownCommandNamesItselfAndTheNearestOne) {
    CommandResult r = runRobometrics({"evalute", "x"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err.substr(0, r.err.find('\n')),
              "robometrics: error: unknown command 'evalute'; did you mean 'evaluate'?");
    EXPECT_NE(runRobometrics({"topicstats"}).err.find("did you mean 'topic-stats'?"), std::string::npos);
    EXPECT_NE(runRobometrics({"ev"}).err.find("did you mean 'evaluate'?"), std::string::npos);  // the only one
    CommandResult far = runRobometrics({"frobnicate"});
    EXPECT_EQ(far.exit_code, 2);
    EXPECT_EQ(far.err.substr(0, far.err.find('\n')), "robometrics: error: unknown command 'frobnicate'");
    CommandResult help = runRobometrics({"help", "evalute"});
    EXPECT_EQ(help.exit_code, 2);
    EXPECT_EQ(help.err,
              "robometrics help: error: unknown command 'evalute'; did you mean 'evaluate'? (run 'robometrics "
              "help' for the list)\n");
    CommandResult nested = runRobometrics({"live", "recrod"});
    EXPECT_EQ(nested.exit_code, 2);
    EXPECT_EQ(nested.err.substr(0, nested.err.find('\n')),
              "robometrics live: error: unknown command 'recrod'; did you mean 'record'?");
}

TEST(CommandLineHabits, UsageErrorsNameTheCommandAndExitTwo) {
    CommandResult no_input = runRobometrics({"evaluate"});
    EXPECT_EQ(no_input.exit_code, 2);
    EXPECT_EQ(no_input.err,
              "robometrics evaluate: error: missing INPUT\n"
              "Run 'robometrics evaluate --help' for its options and examples.\n");
    CommandResult no_output = runRobometrics({"evaluate", "run.mcap"});
    EXPECT_EQ(no_output.exit_code, 2);
    EXPECT_EQ(no_output.err.substr(0, no_output.err.find('\n')), "robometrics evaluate: error: --output is required");
    CommandResult extra = runRobometrics({"info", "a.mcap", "b.mcap"});
    EXPECT_EQ(extra.exit_code, 2);
    EXPECT_EQ(extra.err.substr(0, extra.err.find('\n')), "robometrics info: error: unexpected argument 'b.mcap'");
    CommandResult range = runRobometrics({"evaluate", "x", "-o", "y", "--threads", "3"});
    EXPECT_EQ(range.exit_code, 2);
    EXPECT_EQ(range.err.substr(0, range.err.find('\n')),
              "robometrics evaluate: error: --threads: 3 is not between 1 and 2");
    CommandResult member = runRobometrics({"ape", "a.tum", "b.tum", "--align", "se4"});
    EXPECT_EQ(member.exit_code, 2);
    EXPECT_EQ(member.err.substr(0, member.err.find('\n')),
              "robometrics ape: error: --align: 'se4' is not one of: none, origin, se3, sim3, scale, posyaw");
    CommandResult nested = runRobometrics({"live", "record"});
    EXPECT_EQ(nested.exit_code, 2);
    EXPECT_EQ(nested.err.rfind("robometrics live record: error: ", 0), 0u) << nested.err;
    CommandResult bench = runRobometrics({"bench"});
    EXPECT_EQ(bench.exit_code, 2);
    EXPECT_EQ(bench.err.rfind("robometrics bench: error: ", 0), 0u) << bench.err;
}

// A --topic rule is parsed once, where it comes in (pipeline::parseRemaps): a malformed one is
// bad usage with the same message in every command that takes rules, before any bag is opened.
TEST(CommandLineHabits, AMalformedTopicRemapIsBadUsageAlikeInEveryCommand) {
    for (const char *option : {"--remap", "--topic"}) {  // --topic: the old spelling, an alias
        for (const std::vector<std::string> &args :
             {std::vector<std::string>{"traversal", "no-such.mcap", option, "scan"},
              std::vector<std::string>{"evaluate", "no-such.mcap", "-o", "out", option, "scan"}}) {
            CommandResult r = runRobometrics(args);
            EXPECT_EQ(r.exit_code, 2) << args[0] << " " << option;
            EXPECT_EQ(r.err,
                      "robometrics " + args[0] + ": error: bad topic remapping 'scan': expected name=/new/topic\n");
        }
    }
}

// One spelling per meaning (DEVELOPERS.md, Option names): the old spellings stay as aliases, listed
// in --help beside the new one, and reach the same option.
TEST(CommandLineHabits, OldOptionSpellingsAreAliasesListedInHelp) {
    struct Alias {
        std::string command, spelled, old;
    };
    for (const Alias &a : {Alias{"traversal", "--remap", "--topic"}, Alias{"evaluate", "--remap", "--topic"},
                           Alias{"slam-eval", "--odometry-topic", "--odom-topic"}}) {
        const std::string help = runRobometrics({a.command, "--help"}).out;
        EXPECT_NE(help.find(a.spelled + ", " + a.old + " "), std::string::npos) << a.command << "\n" << help;
    }
    // slam-eval's alias takes the same value: the same error on a bag that is not there.
    CommandResult spelled =
        runRobometrics({"slam-eval", "no-such.mcap", "--gt-traj", "no-such.tum", "--odometry-topic", "/o"});
    CommandResult old = runRobometrics({"slam-eval", "no-such.mcap", "--gt-traj", "no-such.tum", "--odom-topic", "/o"});
    EXPECT_EQ(spelled.exit_code, 1) << spelled.err;
    EXPECT_EQ(spelled.exit_code, old.exit_code);
    EXPECT_EQ(spelled.err, old.err);
}

TEST(CommandLineHabits, BadInputExitsOne) {
    CommandResult r = runRobometrics({"info", "/nonexistent/run.mcap"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.err.rfind("robometrics info: error: ", 0), 0u) << r.err;
}

TEST(CommandLineHabits, VersionThreeWays) {
    for (const std::vector<std::string> &args : {std::vector<std::string>{"version"}, {"--version"}, {"-V"}}) {
        CommandResult r = runRobometrics(args);
        EXPECT_EQ(r.exit_code, 0) << args[0] << r.err;
        EXPECT_TRUE(std::regex_match(r.out, std::regex("robometrics [0-9]+\\.[0-9]+\\.[0-9]+\n"))) << r.out;
    }
}

TEST(CommandLineHabits, EveryHelpEndsInExamplesAndSpeaksInWords) {
    // About 60 processes that only print text: 26 s of the sanitizer stage, where every command
    // test parses its options through the same code anyway.
    if (kUnderSanitizers) GTEST_SKIP() << "the help texts are checked in the Release tree";
    const std::vector<std::string> paths = everyCommandPath();
    ASSERT_GT(paths.size(), 25u);
    const std::regex library_syntax(
        R"(\b(TEXT|INT|UINT|FLOAT|REQUIRED|NONNEGATIVE|POSITIVE)\b|Needs:|Excludes:|Option Group|Positionals:|Subcommands:|\(0x\)|\{[a-z0-9_,]+\})");
    for (const std::string &path : paths) {
        std::vector<std::string> args = splitWords(path);
        args.push_back("--help");
        CommandResult r = runRobometrics(args);
        EXPECT_EQ(r.exit_code, 0) << path;
        EXPECT_NE(r.out.find("Usage: robometrics " + path), std::string::npos) << r.out;
        const auto examples = r.out.find("\nExamples:\n");
        ASSERT_NE(examples, std::string::npos) << path << ":\n" << r.out;
        std::istringstream tail(r.out.substr(examples + 11));
        int count = 0;
        for (std::string line; std::getline(tail, line);)
            count += line.rfind("  ", 0) == 0 && line.find("robometrics " + path) != std::string::npos;
        EXPECT_GE(count, 2) << path << ":\n" << r.out;
        std::smatch m;
        EXPECT_FALSE(std::regex_search(r.out, m, library_syntax)) << path << ": '" << m.str() << "' in\n" << r.out;
    }
    CommandResult evaluate = runRobometrics({"evaluate", "--help"});
    EXPECT_NE(evaluate.out.find("  --threads THREADS "), std::string::npos) << evaluate.out;
    EXPECT_NE(evaluate.out.find("(1 to 2; default: 2)"), std::string::npos) << evaluate.out;
    EXPECT_NE(evaluate.out.find("Usage: robometrics evaluate [OPTIONS] INPUT\n"), std::string::npos) << evaluate.out;
    CommandResult compare = runRobometrics({"compare", "--help"});
    EXPECT_NE(compare.out.find("\nFormat options (at most one):\n  --json "), std::string::npos) << compare.out;
}

TEST(CommandLineHabits, ApeAndRpeListEvosAlignFlagAndRefuseAContradiction) {
    for (const char *command : {"ape", "rpe"}) {
        CommandResult help = runRobometrics({command, "--help"});
        EXPECT_NE(help.out.find("Usage: robometrics " + std::string(command) + " [OPTIONS] REF EST\n"),
                  std::string::npos)
            << help.out;
        EXPECT_NE(help.out.find("\n  -a, --evo-align "), std::string::npos) << help.out;
    }
    ROBOMETRICS_REQUIRE_DATA(gt, "trajectories/fr2_desk_groundtruth.txt");
    ROBOMETRICS_REQUIRE_DATA(est, "trajectories/fr2_desk_ORB.txt");
    CommandResult both = runRobometrics({"ape", gt.string(), est.string(), "-a", "--align", "none"});
    EXPECT_EQ(both.exit_code, 2);
    EXPECT_EQ(both.out, "");
    EXPECT_EQ(both.err.substr(0, both.err.find('\n')),
              "robometrics ape: error: --align none contradicts evo's alignment flags (-a/--align, -s, "
              "--align_origin): give one of them");
    CommandResult evo = runRobometrics({"ape", gt.string(), est.string(), "-a"});
    EXPECT_EQ(evo.exit_code, 0) << evo.err;
    EXPECT_NE(evo.out.find("(alignment: se3)"), std::string::npos) << evo.out;
}

TEST(CommandLineHabits, AMissingTopicListsTheTopicsTheBagHas) {
    const std::filesystem::path bag = dataFile(kRerunBag);
    ASSERT_FALSE(bag.empty());
    const std::filesystem::path out = scratchDir("habits_missing_topic") / "eval";
    CommandResult r =
        runRobometrics({"evaluate", bag.string(), "-o", out.string(), "--est-traj", bag.string() + ":/nope"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err.rfind("robometrics evaluate: error: " + bag.string() +
                              ": no topic '/nope' in the bag; its topics: /rosout (rcl_interfaces/msg/Log), ",
                          0),
              0u)
        << r.err;
    EXPECT_NE(r.err.find("/battery_state (sensor_msgs/msg/BatteryState)"), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(out));  // told before anything was written
    CommandResult gt =
        runRobometrics({"evaluate", bag.string(), "-o", out.string(), "--gt-traj", bag.string() + ":/gt"});
    EXPECT_EQ(gt.exit_code, 1);
    EXPECT_NE(gt.err.find("no topic '/gt' in the bag; its topics: "), std::string::npos) << gt.err;
    CommandResult stats = runRobometrics({"topic-stats", bag.string(), "--topics", "/nope"});
    EXPECT_EQ(stats.exit_code, 1);
    EXPECT_NE(stats.err.find("no topic '/nope' in the bag; its topics: /rosout"), std::string::npos) << stats.err;
}

/// Runs `script` (its text) with `shell` in `dir`; the lines it prints (stderr too).
std::vector<std::string> shellLines(const std::filesystem::path &dir, const std::string &shell,
                                    const std::string &script) {
    std::ofstream(dir / "complete.sh") << script;
    const std::string command = "cd '" + dir.string() + "' && " + shell + " complete.sh 2>&1";
    std::vector<std::string> words;
    FILE *pipe = popen(command.c_str(), "r");
    if (pipe == nullptr) return words;
    char buffer[4096];
    std::string out;
    while (fgets(buffer, sizeof buffer, pipe) != nullptr) out += buffer;
    pclose(pipe);
    std::istringstream in(out);
    for (std::string w; std::getline(in, w);)
        if (!w.empty()) words.push_back(w);
    return words;
}

/// What bash completes for the words typed so far (the last one is being typed).
std::vector<std::string> bashCompletions(const std::filesystem::path &script, const std::string &line) {
    std::ostringstream run;
    run << "source '" << script.string() << "'\n"
        << "COMP_WORDS=(" << line << ")\n"
        << "COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))\n"
        << "[[ '" << line << "' == *' ' ]] && { COMP_WORDS+=(''); COMP_CWORD=$(( COMP_CWORD + 1 )); }\n"
        << "COMP_LINE='" << line << "'\n"
        << "_robometrics\n"
        << "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
    return shellLines(script.parent_path(), "bash --norc --noprofile", run.str());
}

/// What zsh's widget hands the completion system for the words typed so far: _describe,
/// compadd and _files stand in for it, printing what they are given ("describe NAME:HELP",
/// "compadd WORD", "files"). `words` is zsh's array: the program first, the word typed last.
std::vector<std::string> zshCompletions(const std::filesystem::path &script, const std::string &words,
                                        bool autoload = false) {
    std::ostringstream run;
    // Sourced, or autoloaded from $fpath as compinit does (the file is then _robometrics' body).
    if (autoload) {
        run << "fpath=('" << script.parent_path().string() << "' $fpath)\nautoload -U _robometrics\n";
    } else {
        run << "source '" << script.string() << "'\n";
    }
    run << "_describe() { local e; for e in \"${(@P)${@[-1]}}\"; do print -r -- \"describe $e\"; done }\n"
        << "compadd() { local e; for e in \"${(@P)${@[-1]}}\"; do print -r -- \"compadd $e\"; done }\n"
        << "_files() { print -r -- files }\n"
        << "words=(" << words << ")\n"
        << "CURRENT=${#words}\n"
        << "_robometrics\n";
    return shellLines(script.parent_path(), "zsh -f", run.str());
}

TEST(CommandLineHabits, BashCompletesCommandsOptionsChoicesAndFiles) {
    const std::filesystem::path dir = scratchDir("habits_completion");
    CommandResult script = runRobometrics({"completion", "bash"});
    ASSERT_EQ(script.exit_code, 0) << script.err;
    std::ofstream(dir / "robometrics.bash") << script.out;
    std::ofstream(dir / "run.mcap") << "";
    const std::filesystem::path path = dir / "robometrics.bash";
    using V = std::vector<std::string>;
    EXPECT_EQ(bashCompletions(path, "robometrics ev"), V{"evaluate"});
    EXPECT_EQ(bashCompletions(path, "robometrics live rec"), V{"record"});
    EXPECT_EQ(bashCompletions(path, "robometrics ape --align s"), (V{"se3", "sim3", "scale"}));
    EXPECT_EQ(bashCompletions(path, "robometrics evaluate --thr"), V{"--threads"});
    EXPECT_EQ(bashCompletions(path, "robometrics evaluate --exit"), V{"--exit-code"});
    EXPECT_EQ(bashCompletions(path, "robometrics info ru"), V{"run.mcap"});
    EXPECT_EQ(bashCompletions(path, "robometrics evaluate run.mcap -o ru"), V{"run.mcap"});
    EXPECT_EQ(bashCompletions(path, "robometrics help evalu"), V{"evaluate"});
}

TEST(CommandLineHabits, ZshCompletesWithHelpChoicesAndFiles) {
    if (std::system("command -v zsh >/dev/null 2>&1") != 0)
        GTEST_SKIP() << "zsh is not installed (scripts/install-deps installs it)";
    const std::filesystem::path dir = scratchDir("habits_completion_zsh");
    CommandResult script = runRobometrics({"completion", "zsh"});
    ASSERT_EQ(script.exit_code, 0) << script.err;
    EXPECT_EQ(script.out.rfind("#compdef robometrics\n", 0), 0u) << "zsh's compinit finds it by its first line";
    std::ofstream(dir / "_robometrics") << script.out;
    const std::filesystem::path path = dir / "_robometrics";
    auto has = [](const std::vector<std::string> &lines, const std::string &line) {
        return std::find(lines.begin(), lines.end(), line) != lines.end();
    };
    // Commands with their help; the options of the command typed; an option's choices; files.
    const auto top = zshCompletions(path, "robometrics ev");
    EXPECT_TRUE(has(top,
                    "describe evaluate:Evaluate a whole run (bag or run directory): every analysis, a verdict and "
                    "report.html"))
        << ::testing::PrintToString(top);
    const auto options = zshCompletions(path, "robometrics evaluate --thr");
    EXPECT_TRUE(std::any_of(options.begin(), options.end(), [](const std::string &l) {
        return l.rfind("describe --threads:", 0) == 0;
    })) << ::testing::PrintToString(options);
    const auto choices = zshCompletions(path, "robometrics ape --align ''");
    EXPECT_TRUE(has(choices, "compadd sim3")) << ::testing::PrintToString(choices);
    EXPECT_FALSE(has(choices, "files"));
    EXPECT_EQ(zshCompletions(path, "robometrics evaluate run.mcap -o ''"), std::vector<std::string>{"files"});
    const auto info = zshCompletions(path, "robometrics info ''");
    EXPECT_TRUE(has(info, "files")) << ::testing::PrintToString(info);
    EXPECT_TRUE(
        has(zshCompletions(path, "robometrics live rec"), "describe record:record topics into an MCAP (ROS 2 bag)"));
    EXPECT_TRUE(has(zshCompletions(path, "robometrics help evalu"),
                    "describe evaluate:Evaluate a whole run (bag or run "
                    "directory): every analysis, a verdict and report.html"));
    EXPECT_EQ(zshCompletions(path, "robometrics run -o out -- ''"), std::vector<std::string>{"files"});
    // Found in $fpath by compinit, the first TAB both defines the functions and completes.
    EXPECT_EQ(zshCompletions(path, "robometrics evaluate run.mcap -o ''", true), std::vector<std::string>{"files"});
    EXPECT_TRUE(has(zshCompletions(path, "robometrics live rec", true),
                    "describe record:record topics into an MCAP (ROS 2 bag)"));
}

}  // namespace
}  // namespace robometrics::test
