# Compiler options for our own targets only: third-party headers never see -Werror.
function(robometrics_set_target_options target)
  target_compile_features(${target} PUBLIC cxx_std_20)
  target_compile_options(${target} PRIVATE
    $<$<CXX_COMPILER_ID:GNU,Clang>:-Wall -Wextra -Wpedantic -Werror -Wshadow -Wnon-virtual-dtor
      -Woverloaded-virtual -Wcast-align -Wno-missing-field-initializers>
    # GCC 12 reports false -Wrestrict, -Wstringop-overflow and -Wstringop-overread positives inside
    # libstdc++ string code (the last only where the tests' precompiled header brings <string> in).
    $<$<CXX_COMPILER_ID:GNU>:-Wno-restrict -Wno-stringop-overflow -Wno-stringop-overread -Wno-array-bounds>)
  if(ROBOMETRICS_SANITIZE)
    # With the sanitizers at -Og/-O1, GCC 12 reports false -Wmaybe-uninitialized positives inside
    # libstdc++'s <regex> and <functional> (std::function moves in the regex automaton).
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer
      -fno-sanitize-recover=undefined $<$<CXX_COMPILER_ID:GNU>:-Wno-maybe-uninitialized>)
    target_link_options(${target} PUBLIC -fsanitize=address,undefined)
  endif()
  if(ROBOMETRICS_BUILD_FUZZ)
    # Coverage instrumentation for libFuzzer in every library a fuzz target reaches; only the
    # fuzz_* executables link libFuzzer's main (-fsanitize=fuzzer).
    target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link)
  endif()
endfunction()
