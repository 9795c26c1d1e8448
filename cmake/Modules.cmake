# robometrics_add_module(<name> [DEPS <targets...>])
# Builds every .cpp under src/robometrics/<name>/ (recursively) into the static library
# robometrics_<name>. The include root is src/, so code includes "robometrics/<name>/File.hpp".
function(robometrics_add_module name)
  cmake_parse_arguments(ARG "" "" "DEPS" ${ARGN})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp)
  if(NOT sources)
    message(STATUS "module ${name}: no sources yet, skipped")
    return()
  endif()
  add_library(robometrics_${name} STATIC ${sources})
  target_include_directories(robometrics_${name} PUBLIC ${PROJECT_SOURCE_DIR}/src)
  target_link_libraries(robometrics_${name} PUBLIC ${ARG_DEPS})
  robometrics_set_target_options(robometrics_${name})
  if(ROBOMETRICS_UNITY_LIBRARIES)
    set_target_properties(robometrics_${name} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE ${ROBOMETRICS_UNITY_BATCH})
  endif()
endfunction()

# robometrics_add_test(<name> [DEPS <targets...>])
# One gtest executable test_<name> from every *.cpp in tests/<name>/; each TEST is one ctest case.
# Tests run in the source directory and find the shared sample data through ROBOMETRICS_TEST_DATA
# (default ../shared/data from there); command tests run the binary named by ROBOMETRICS_BINARY.
#
# In the sanitizer tree each program is instead a few ctest cases, each one of gtest's shards
# (GTEST_TOTAL_SHARDS/GTEST_SHARD_INDEX: every Nth test), one shard for about every
# ROBOMETRICS_SOURCES_PER_SHARD test files. A sanitized process takes 0.1-0.25 CPU-s to start
# (shadow memory, 10 MB of instrumented code), so one process per test cost that stage several
# minutes of its CI time (docs/ci-timings.md). A failing shard prints the failed test's name: run
# it alone with `build-asan/tests/test_<name> --gtest_filter=Suite.Test`.
set(ROBOMETRICS_SOURCES_PER_SHARD 3 CACHE STRING "Test files per ctest shard in the sanitizer tree")
function(robometrics_add_test name)
  cmake_parse_arguments(ARG "" "" "DEPS" ${ARGN})
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${name}/*.cpp)
  if(NOT sources)
    return()
  endif()
  add_executable(test_${name} ${sources})
  target_link_libraries(test_${name} PRIVATE ${ARG_DEPS} robometrics_testsupport GTest::gtest GTest::gmock GTest::gtest_main)
  robometrics_set_target_options(test_${name})
  robometrics_set_test_program_options(test_${name})
  set(environment "ROBOMETRICS_BINARY=${PROJECT_BINARY_DIR}/apps/robometrics/robometrics")
  if(NOT ROBOMETRICS_SANITIZE)
    gtest_discover_tests(test_${name}
      WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
      PROPERTIES ENVIRONMENT "${environment}"
      DISCOVERY_TIMEOUT 60)
    return()
  endif()
  list(LENGTH sources files)
  math(EXPR shards "(${files} + ${ROBOMETRICS_SOURCES_PER_SHARD} - 1) / ${ROBOMETRICS_SOURCES_PER_SHARD}")
  math(EXPR last "${shards} - 1")
  foreach(index RANGE ${last})
    math(EXPR shown "${index} + 1")
    set(test_name "test_${name}.shard${shown}of${shards}")
    add_test(NAME ${test_name} COMMAND test_${name} WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties(${test_name} PROPERTIES
      ENVIRONMENT "${environment};GTEST_TOTAL_SHARDS=${shards};GTEST_SHARD_INDEX=${index}")
  endforeach()
endfunction()

# What every test program shares. Test code is compiled without optimisation: the code under
# test lives in the module libraries, built as the build type says, while a test file is mostly
# gtest and JSON template code whose optimisation took a third of each CI build and bought
# nothing. And one precompiled header: gtest and the standard headers most test files include,
# about 0.6 s off each of some 200 test files. The first test program builds it; the others reuse
# it (which needs the same flags everywhere, hence one function for both).
function(robometrics_set_test_program_options target)
  target_compile_options(${target} PRIVATE -O0)
  if(ROBOMETRICS_UNITY_TESTS)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE ${ROBOMETRICS_UNITY_BATCH})
  endif()
  get_property(first GLOBAL PROPERTY ROBOMETRICS_TEST_PCH_TARGET)
  if(first)
    target_precompile_headers(${target} REUSE_FROM ${first})
  else()
    target_precompile_headers(${target} PRIVATE <gtest/gtest.h> <cmath> <filesystem> <fstream> <string> <vector>)
    set_property(GLOBAL PROPERTY ROBOMETRICS_TEST_PCH_TARGET ${target})
  endif()
endfunction()
