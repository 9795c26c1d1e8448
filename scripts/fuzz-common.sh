# Shared by scripts/fuzz-smoke and scripts/fuzz-run (sourced, not run): the target table
# fuzz/targets.txt and the options every fuzz run uses.

fuzz_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../fuzz" && pwd)

# The target names, in table order.
fuzz_targets() {
  awk '/^[A-Za-z]/ { print $1 }' "$fuzz_root/targets.txt"
}

# fuzz_column NAME N: column N of the target's line (2 = max_len, 3.. = dictionaries).
fuzz_max_len() {
  awk -v name="$1" '$1 == name { print $2 }' "$fuzz_root/targets.txt"
}

# fuzz_dictionary NAME OUT: the target's dictionaries merged into the file OUT.
fuzz_dictionary() {
  local name=$1 out=$2 dict
  : >"$out"
  for dict in $(awk -v name="$name" '$1 == name { for (i = 3; i <= NF; i++) print $i }' "$fuzz_root/targets.txt"); do
    cat "$fuzz_root/dict/$dict" >>"$out"
  done
}

# The options of every run: bounded memory and time per input, so an unbounded allocation
# or a hang is a finding, not a stuck CI job.
fuzz_options() {
  local name=$1 dict=$2
  echo "-rss_limit_mb=2048 -malloc_limit_mb=2048 -timeout=10 -max_len=$(fuzz_max_len "$name") -dict=$dict -print_final_stats=1"
}

# The last libFuzzer status line of a log: "#N DONE cov: C ft: F ...".
fuzz_final_status() {
  grep -E '^#[0-9]+' "$1" | tail -n 1
}
