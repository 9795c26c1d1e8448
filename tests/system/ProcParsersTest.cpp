#include <gtest/gtest.h>

#include "robometrics/system/ProcParsers.hpp"

namespace robometrics::system {

TEST(ProcParsers, StatWithSpacesAndParenthesesInTheCommandName) {
    // Fields after the name: state ppid pgrp session tty tpgid flags minflt cminflt majflt
    // cmajflt utime stime cutime cstime priority nice num_threads itrealvalue starttime vsize rss
    const char *text =
        "4242 (my (odd) node) S 17 4200 4242 0 -1 4194560 100 0 0 0 250 40 0 0 20 0 7 0 123456 "
        "1000000 321 18446744073709551615\n";
    auto stat = parseProcStat(text);
    ASSERT_TRUE(stat.ok()) << stat.message();
    EXPECT_EQ(stat->pid, 4242);
    EXPECT_EQ(stat->ppid, 17);
    EXPECT_EQ(stat->pgrp, 4200);
    EXPECT_EQ(stat->utime_ticks, 250u);
    EXPECT_EQ(stat->stime_ticks, 40u);
    EXPECT_EQ(stat->num_threads, 7);
    EXPECT_EQ(stat->start_ticks, 123456u);
    EXPECT_EQ(stat->rss_pages, 321);
}

TEST(ProcParsers, TruncatedStatIsAnError) {
    EXPECT_FALSE(parseProcStat("12 (x) S 1 2 3").ok());
    EXPECT_FALSE(parseProcStat("no parentheses").ok());
    EXPECT_FALSE(parseProcStat("").ok());
}

TEST(ProcParsers, PssFromSmapsRollup) {
    const char *text =
        "55d0-7ff [rollup]\nRss:                1234 kB\nPss:                 987 kB\nShared_Clean: 1 kB\n";
    auto pss = parsePssKb(text);
    ASSERT_TRUE(pss.has_value());
    EXPECT_EQ(*pss, 987u);
    EXPECT_FALSE(parsePssKb("Rss: 1 kB\n").has_value());
}

}  // namespace robometrics::system
