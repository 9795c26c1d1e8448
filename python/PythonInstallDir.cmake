# Run by `cmake --install` (python/CMakeLists.txt), not at configure time: it picks the folder,
# relative to the prefix given when installing, where that prefix's python3 finds packages, and
# sets _robometrics_python_dir to it. In:
#   _robometrics_python_dir      ROBOMETRICS_PYTHON_INSTALL_DIR; when not empty it is kept as is
#   _robometrics_python_version  "3.11", the Python the module was built for
# The choice, by prefix:
#   .../usr (Debian's /usr, and CPack's staging of the .deb)  lib/python3/dist-packages, where
#       Debian puts packages for every python3 version;
#   a virtual environment (it has pyvenv.cfg and bin/python3)  that python3's own platlib
#       (lib/python3.11/site-packages);
#   any other prefix (/usr/local, /opt/x)                        lib/python3.11/dist-packages,
#       which Debian's python3 searches under /usr/local (PYTHONPATH for another prefix).
if(NOT _robometrics_python_dir)
  string(REGEX REPLACE "/+$" "" _robometrics_prefix "${CMAKE_INSTALL_PREFIX}")
  if(_robometrics_prefix MATCHES "(^|/)usr$")
    set(_robometrics_python_dir "lib/python3/dist-packages")
  elseif(EXISTS "${_robometrics_prefix}/pyvenv.cfg" AND EXISTS "${_robometrics_prefix}/bin/python3")
    execute_process(
      COMMAND "${_robometrics_prefix}/bin/python3" -c
              "import os, sys, sysconfig; print(os.path.relpath(sysconfig.get_path('platlib'), sys.prefix))"
      OUTPUT_VARIABLE _robometrics_python_dir OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE _robometrics_asked)
    if(NOT _robometrics_asked EQUAL 0 OR _robometrics_python_dir STREQUAL "")
      message(FATAL_ERROR "${_robometrics_prefix}/bin/python3 did not say where its packages go")
    endif()
  else()
    set(_robometrics_python_dir "lib/python${_robometrics_python_version}/dist-packages")
  endif()
endif()
message(STATUS "Python package robometrics: ${_robometrics_python_dir}/robometrics under ${CMAKE_INSTALL_PREFIX}")
