# The libraries the fuzz targets reach (fuzz/CMakeLists.txt checks its fuzz_deps_* against it).
set(ROBOMETRICS_FUZZED_LIBRARIES "robometrics_core|robometrics_msgs|robometrics_bag|robometrics_io|robometrics_bench|robometrics_traversal")

# Compiler options for our own targets only: third-party headers never see -Werror.
function(robometrics_set_target_options target)
  target_compile_features(${target} PUBLIC cxx_std_20)
  target_compile_options(${target} PRIVATE
    $<$<CXX_COMPILER_ID:GNU,Clang>:-Wall -Wextra -Wpedantic -Werror -Wshadow -Wnon-virtual-dtor
      -Woverloaded-virtual -Wcast-align -Wno-missing-field-initializers>
    # GCC 12 reports false -Wrestrict, -Wstringop-overflow and -Wstringop-overread positives inside
    # libstdc++ string code (the last only where the tests' precompiled header brings <string> in).
    $<$<CXX_COMPILER_ID:GNU>:-Wno-restrict -Wno-stringop-overflow -Wno-stringop-overread -Wno-array-bounds>
    $<$<CXX_COMPILER_ID:GNU,Clang>:-fno-semantic-interposition>)
  if(ROBOMETRICS_SANITIZE)
    # With the sanitizers at -Og/-O1, GCC 12 reports false -Wmaybe-uninitialized positives inside
    # libstdc++'s <regex> and <functional> (std::function moves in the regex automaton).
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer
      -fno-sanitize-recover=undefined $<$<CXX_COMPILER_ID:GNU>:-Wno-maybe-uninitialized>)
    target_link_options(${target} PUBLIC -fsanitize=address,undefined)
  endif()
  # Coverage instrumentation for libFuzzer in the code the fuzz targets parse with: the modules of
  # fuzz/CMakeLists.txt's fuzz_deps_* lists and the fuzz targets themselves. Code outside them is
  # never run by a target's input, so its counters would only slow the build and the tests. Only
  # the fuzz_* executables link libFuzzer's main (-fsanitize=fuzzer).
  if(ROBOMETRICS_BUILD_FUZZ AND target MATCHES "^(${ROBOMETRICS_FUZZED_LIBRARIES}|robometrics_fuzz.*|fuzz.*|replay_.*)$")
    target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link)
  endif()
endfunction()
