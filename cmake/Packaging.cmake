# Installing robometrics like a tool (docs/install.md): `make install` and `make deb`.
#   bin/robometrics
#   libexec/robometrics/robometrics-live       the live commands (the only ones linking Fast DDS)
#   share/man/man1/robometrics*.1.gz            one page per command, from its --help (help2man)
#   share/bash-completion/completions/robometrics   `robometrics completion bash`
#   share/zsh/vendor-completions/_robometrics       `robometrics completion zsh`
#   share/doc/robometrics/                       README, the docs, the licence (copyright)
# The man pages and the completion script are made at build time by the built binary, so they
# cannot say something else than its --help. Without help2man the man pages are left out.
include(GNUInstallDirs)

install(TARGETS robometrics RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The live commands run in robometrics-live, which robometrics finds there (apps/robometrics/CMakeLists.txt).
install(TARGETS robometrics-live RUNTIME DESTINATION ${CMAKE_INSTALL_LIBEXECDIR}/robometrics)

# Running the binary at build time: not when cross-compiling or under the sanitizers' tree
# (which is never packaged).
set(_robometrics_generated ${PROJECT_BINARY_DIR}/generated)
find_program(ROBOMETRICS_HELP2MAN help2man)
if(NOT ROBOMETRICS_SANITIZE AND NOT CMAKE_CROSSCOMPILING)
  add_custom_command(
    OUTPUT ${_robometrics_generated}/completion/robometrics ${_robometrics_generated}/completion/_robometrics
    COMMAND ${CMAKE_COMMAND} -E make_directory ${_robometrics_generated}/completion
    COMMAND robometrics completion bash > ${_robometrics_generated}/completion/robometrics
    COMMAND robometrics completion zsh > ${_robometrics_generated}/completion/_robometrics
    DEPENDS robometrics
    COMMENT "bash and zsh completion from the command tree")
  set(_robometrics_generated_outputs ${_robometrics_generated}/completion/robometrics
                                     ${_robometrics_generated}/completion/_robometrics)
  if(ROBOMETRICS_HELP2MAN)
    add_custom_command(
      OUTPUT ${_robometrics_generated}/man/robometrics.1.gz
      COMMAND ${PROJECT_SOURCE_DIR}/scripts/make-man-pages $<TARGET_FILE:robometrics> ${_robometrics_generated}/man
      DEPENDS robometrics ${PROJECT_SOURCE_DIR}/scripts/make-man-pages
      COMMENT "man pages from each command's --help (help2man)")
    list(APPEND _robometrics_generated_outputs ${_robometrics_generated}/man/robometrics.1.gz)
    install(DIRECTORY ${_robometrics_generated}/man/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 FILES_MATCHING PATTERN "*.1.gz")
  else()
    message(STATUS "help2man not found: no man pages (apt-get install help2man)")
  endif()
  add_custom_target(robometrics_generated_docs ALL DEPENDS ${_robometrics_generated_outputs})
  install(FILES ${_robometrics_generated}/completion/robometrics DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
  # Debian's zsh reads its packages' completions from vendor-completions (in its default $fpath).
  install(FILES ${_robometrics_generated}/completion/_robometrics DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
endif()

install(FILES README.md NOTICE DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR} RENAME copyright)
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)

# `make deb` (cpack -G DEB): robometrics_<version>_<arch>.deb. Depends is computed by
# dpkg-shlibdeps from the libraries the binary links (Debian 12: libfmt9, libyaml-cpp0.7,
# libfastrtps2.9, ...), so `apt install ./robometrics_*.deb` pulls them in. librsvg is opened at
# run time by the PNG and PDF plots (report/SvgToPng.cpp), which dpkg-shlibdeps cannot see: it is
# named here (2.52 added rsvg_handle_get_intrinsic_size_in_pixels), with the fonts the plots use.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME robometrics)
set(CPACK_PACKAGE_VENDOR robometrics)
set(CPACK_PACKAGE_CONTACT "robometrics maintainers <robometrics@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "measures how well a robot navigates, from ROS 2 bags, without ROS")
set(CPACK_PACKAGE_DESCRIPTION
    "Reads the bags a team already records (ROS 2 MCAP, rosbag2 sqlite3, ROS 1 .bag) without a ROS \
installation and turns a run into numbers and a verdict: collisions, ride, SLAM trajectory and map \
errors (evo's ape/rpe/traj/res), topic health, traversability, localization lost. Also joins a live \
ROS 2 system over DDS.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "librsvg2-2 (>= 2.52), fonts-dejavu-core")
# The Python module (python/, in usr/lib/python3/dist-packages when built) imports numpy and pandas.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "bash-completion, man-db, python3, python3-numpy, python3-pandas")
# bench --executor slurm runs sbatch/squeue/sacct; the report's PNG export is built in.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "slurm-client")
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_OUTPUT_FILE_PREFIX ${PROJECT_BINARY_DIR}/packages)
include(CPack)
