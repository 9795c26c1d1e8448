# The two commands a newcomer needs: `make demo` and `make test`. Both install missing Debian
# packages first (scripts/install-deps), so they work on a fresh Debian 12 machine.

BUILD_DIR ?= build
ASAN_DIR ?= build-asan
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=

PKG_DIR ?= build-pkg
PREFIX ?= /usr/local

.PHONY: all deps build python test asan-build test-asan fuzz-smoke bench demo pkg-build install deb clean

all: build

deps:
	@scripts/install-deps

build: deps
	@cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS)

# The Python module alone (docs/python.md): build/python/robometrics, importable without
# installing with PYTHONPATH=build/python.
python: deps
	@cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS) --target python

test: build
	@cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

# The same tests under AddressSanitizer and UndefinedBehaviorSanitizer (CI runs this too), built
# with clang so that the same tree also holds the libFuzzer targets (fuzz/, `make fuzz-smoke`).
# -O1 -g1: line numbers in reports at a speed the test suite can bear.
asan-build: deps
	@CC=clang CXX=clang++ cmake -S . -B $(ASAN_DIR) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
	  -DROBOMETRICS_SANITIZE=ON -DROBOMETRICS_BUILD_FUZZ=ON -DROBOMETRICS_BUILD_BENCH=OFF $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(ASAN_DIR) -j $(JOBS)

# tests/lsan.supp: leaks are reported, except the process-lifetime caches of the libraries it names.
# Without the label `slurm`: those tests start a real Slurm cluster and spend their time waiting
# on its daemons (77 of the stage's test-seconds, one cluster at a time); the Release stage runs
# them, and the sanitizers see the Slurm executor's own code through the bench tests that drive
# it without a cluster (docs/ci-timings.md).
test-asan: asan-build
	@cd $(ASAN_DIR) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ctest --output-on-failure -j $(JOBS) -LE '^slurm$$'

# Every libFuzzer target for a short fixed time on its corpus (docs/fuzzing.md).
fuzz-smoke: asan-build
	@scripts/fuzz-smoke $(ASAN_DIR)

bench: build
	@cmake --build $(BUILD_DIR) --target benchmarks -j $(JOBS)
	@scripts/run-benchmarks $(BUILD_DIR)

demo: build
	@scripts/demo $(BUILD_DIR)

# Installing like a tool (docs/install.md): the binary, a man page per command and the bash
# completion, from a tree of its own without the tests. `make install PREFIX=/usr DESTDIR=/tmp/root`
# stages it; `make deb` writes build-pkg/packages/robometrics_<version>_<arch>.deb, which
# `sudo apt install ./build-pkg/packages/robometrics_*.deb` installs with its dependencies.
pkg-build: deps
	@cmake -S . -B $(PKG_DIR) -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=$(PREFIX) \
	  -DROBOMETRICS_BUILD_TESTS=OFF -DROBOMETRICS_BUILD_BENCH=OFF $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(PKG_DIR) -j $(JOBS)

install: pkg-build
	@DESTDIR=$(DESTDIR) cmake --install $(PKG_DIR) --prefix $(PREFIX)

deb: pkg-build
	@cd $(PKG_DIR) && cpack -G DEB >/dev/null && ls packages/robometrics_*.deb | sed 's|^|$(PKG_DIR)/|'

clean:
	rm -rf $(BUILD_DIR) $(ASAN_DIR) $(PKG_DIR)
