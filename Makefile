# The commands the README documents. Each installs what is missing first.
JOBS ?= $(shell nproc)
CMAKE_GEN := -G Ninja
RELEASE_DIR := build
ASAN_DIR := build-asan
# The library-only tree of make install (and of make run on a fresh clone): no tests, fuzzers or
# benchmarks, so neither their build time nor their packages.
INSTALL_DIR := build-install
# What make install installs (cmake/NodeccInstall.cmake, apps/nodecc): the only targets it builds.
INSTALL_TARGETS := nodecc nodecc_cli

.PHONY: deps deps-lib build build-asan run test test-release test-asan install bench bench-quick \
        bench-micro bench-fs-scan bench-json bench-ws bench-gzip bench-recorder bench-deps bench-build \
        fuzz soak autobahn clean format format-check

# scripts/install-deps.sh's profiles: test (the default) for the tests' trees, lib for the library.
deps:
	@./scripts/install-deps.sh test

deps-lib:
	@./scripts/install-deps.sh lib

# The Release tree leaves the unit tests to the sanitizer tree (tests/CMakeLists.txt says why);
# -DNODECC_UNIT_TESTS=ON on a cmake line of your own builds them here too.
build: deps
	@cmake -S . -B $(RELEASE_DIR) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Release -DNODECC_UNIT_TESTS=OFF > /dev/null
	@cmake --build $(RELEASE_DIR) -j $(JOBS)

# The sanitizer tree has no benchmarks: nothing there measures speed (bench/fs-scan's scanner,
# which integration.fsscan runs, is built in every tree).
ASAN_CONFIG := -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNODECC_SANITIZE=ON -DNODECC_BUILD_BENCH=OFF
build-asan: deps
	@cmake -S . -B $(ASAN_DIR) $(CMAKE_GEN) $(ASAN_CONFIG) > /dev/null
	@cmake --build $(ASAN_DIR) -j $(JOBS)

# The demo site on http://127.0.0.1:8080 and https://127.0.0.1:8443 (examples/demo; a self-signed
# certificate made at first start, README.md says how to trust it); Ctrl-C stops it gracefully. It needs
# only the library: built in the Release tree when make build made one, else in the library tree.
RUN_DIR = $(if $(wildcard $(RELEASE_DIR)/CMakeCache.txt),$(RELEASE_DIR),$(INSTALL_DIR))
run: deps-lib
	@$(if $(filter $(INSTALL_DIR),$(RUN_DIR)),$(CONFIGURE_LIB),true)
	@cmake --build $(RUN_DIR) -j $(JOBS) --target example-demo
	@./$(RUN_DIR)/bin/example-demo --port 8080 --https-port 8443

# ASan+UBSan first, Release last, so the output ends with the Release ctest summary; either
# failing fails the command.
test: format-check build-asan build
	@echo "== ASan+UBSan tests =="
	@cd $(ASAN_DIR) && ctest --output-on-failure -j $(JOBS) --timeout 600
	@echo "== Release tests =="
	@cd $(RELEASE_DIR) && ctest --output-on-failure -j $(JOBS) --timeout 600

# The libFuzzer targets (tests/fuzz, docs/reliability-fuzzing.md), each for FUZZ_SECONDS
# (default 300), JOBS at a time, in the sanitizer tree; the inputs they find stay in
# $(ASAN_DIR)/fuzz/<target>/ for the next run, a crashing one in <target>.artifacts/.
FUZZ_SECONDS ?= 300
fuzz: deps
	@cmake -S . -B $(ASAN_DIR) $(CMAKE_GEN) $(ASAN_CONFIG) > /dev/null
	@FUZZ_SECONDS=$(FUZZ_SECONDS) cmake --build $(ASAN_DIR) --target fuzz -j $(JOBS) -- -k 0

# The soak (tests/soak, docs/reliability.md): SOAK_MINUTES (default 30) of mixed, checked load
# against the demo and `nodecc serve` with wrk beside it; fails on a wrong response, a crash,
# fds not back to their baseline, or RSS growing more than 5% after the warm-up. Then the
# flight recorder (docs/replay.md): hello, the demo and `nodecc serve` recorded under mixed load,
# each replayed SOAK_REPLAYS times (default 100; make test replays 10), every replay identical.
SOAK_MINUTES ?= 30
SOAK_REPLAYS ?= 100
soak: build
	@python3 tests/soak/soak.py --bin-dir $(RELEASE_DIR)/bin --minutes $(SOAK_MINUTES)
	@for app in hello demo serve; do \
	  python3 tests/integration/recorder/test_replay.py --bin-dir $(RELEASE_DIR)/bin --app $$app \
	    --replays $(SOAK_REPLAYS) || exit 1; \
	done

# Autobahn|Testsuite's 517 WebSocket cases (tests/integration/ws/autobahn/run.py,
# docs/reliability-websocket.md) against nodecc's echo server, then its Autobahn client, built in
# Release; fails when a case is neither OK, NON-STRICT nor INFORMATIONAL. AUTOBAHN_CASES picks
# cases (core, compression-sample, all, patterns such as 6.*); AUTOBAHN_SERVER and
# AUTOBAHN_CLIENT run other programs (the ws package's: node tests/integration/ws/autobahn/
# ws_echo_server.js --port {port}, node tests/integration/ws/autobahn/ws_client.js). The HTML
# reports are left in $(RELEASE_DIR)/autobahn. Skipped without Python 2.7 (wstest needs it).
AUTOBAHN_CASES ?= all
AUTOBAHN_SERVER ?= $(RELEASE_DIR)/bin/example-ws-echo --deflate --max-fragments 0 --port {port}
AUTOBAHN_CLIENT ?= $(RELEASE_DIR)/bin/ws-autobahn-client
AUTOBAHN_RUN = python3 tests/integration/ws/autobahn/run.py --cases $(AUTOBAHN_CASES) \
  --timeout 14400 --report-dir $(RELEASE_DIR)/autobahn
# The targets of the two programs that are in $(RELEASE_DIR)/bin (none for node's).
AUTOBAHN_TARGETS = $(notdir $(filter $(RELEASE_DIR)/bin/%,$(firstword $(AUTOBAHN_SERVER)) \
  $(firstword $(AUTOBAHN_CLIENT))))
autobahn: deps
	@cmake -S . -B $(RELEASE_DIR) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Release -DNODECC_UNIT_TESTS=OFF > /dev/null
	@$(if $(AUTOBAHN_TARGETS),cmake --build $(RELEASE_DIR) -j $(JOBS) --target $(AUTOBAHN_TARGETS),true)
	@$(AUTOBAHN_RUN) server --agent nodecc --cmd "$(AUTOBAHN_SERVER)"; s=$$?; \
	  $(AUTOBAHN_RUN) client --cmd "$(AUTOBAHN_CLIENT)"; c=$$?; \
	  if [ $$s = 77 ] && [ $$c = 77 ]; then exit 0; fi; [ $$s = 0 ] && [ $$c = 0 ]

# make install [PREFIX=/usr/local]: the library, its headers, CMake package and pkg-config file,
# and the nodecc command; builds only those, in their own tree. The prefix is given at configure
# time too: GNUInstallDirs picks the library directory from it (lib/x86_64-linux-gnu for /usr).
PREFIX ?= /usr/local
CONFIGURE_LIB = cmake -S . -B $(INSTALL_DIR) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Release \
  -DNODECC_BUILD_TESTS=OFF -DNODECC_BUILD_BENCH=OFF -DCMAKE_INSTALL_PREFIX=$(abspath $(PREFIX)) \
  > /dev/null
install: deps-lib
	@$(CONFIGURE_LIB)
	@cmake --build $(INSTALL_DIR) -j $(JOBS) --target $(INSTALL_TARGETS)
	@cmake --install $(INSTALL_DIR) --prefix $(abspath $(PREFIX))

# The HTTP benchmark against Node.js, Go, nginx, h2o and the ceiling server (bench/README.md).
# bench-quick is its ~3-minute subset. BENCH_ARGS passes options to bench/http/bench.py
# (--scenarios, --peers, --reps, --duration); BENCH_TARGETS builds only those CMake targets.
# /usr/bin/python3 first: Debian's python3-matplotlib draws the plots.
BENCH_PY := $(shell test -x /usr/bin/python3 && echo /usr/bin/python3 || echo python3)
BENCH_TARGETS ?=

bench-deps: deps
	@./bench/http/install-deps.sh
	@./bench/fs-scan/install-deps.sh
	@./bench/ws/install-deps.sh

bench-build: bench-deps
	@cmake -S . -B $(RELEASE_DIR) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Release \
	  -DNODECC_BUILD_EXAMPLES=ON -DNODECC_BUILD_BENCH=ON > /dev/null
	@cmake --build $(RELEASE_DIR) -j $(JOBS) $(if $(BENCH_TARGETS),--target $(BENCH_TARGETS),)

bench: bench-build
	@$(BENCH_PY) bench/http/bench.py --build $(RELEASE_DIR) $(BENCH_ARGS)

bench-quick: bench-build
	@$(BENCH_PY) bench/http/bench.py --build $(RELEASE_DIR) --quick $(BENCH_ARGS)

# Google Benchmark micro benchmarks of the runtime against their Node.js twins (bench/micro).
bench-micro: build
	@./bench/micro/run.sh $(RELEASE_DIR)

# The file-scanning workload (bench/fs-scan/README.md): nodecc against Node.js with sync fs and
# with fs.promises on generated projects of 10..1500 files, timed with hyperfine. FS_SCAN_ARGS
# passes options to bench/fs-scan/run.py (--sizes, --runs, --quick, --no-unpinned).
bench-fs-scan: build
	@./bench/fs-scan/install-deps.sh
	@$(BENCH_PY) bench/fs-scan/run.py --build $(RELEASE_DIR) $(FS_SCAN_ARGS)

# What the flight recorder costs (bench/recorder/README.md): hello and echo with recording off,
# ring and file, interleaved, requests per server CPU-second and trace bytes per request.
# RECORDER_BENCH_ARGS passes options to bench/recorder/overhead.py (--reps, --seconds, --apps).
bench-recorder: deps
	@./bench/http/install-deps.sh
	@cmake -S . -B $(RELEASE_DIR) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Release -DNODECC_BUILD_EXAMPLES=ON > /dev/null
	@cmake --build $(RELEASE_DIR) -j $(JOBS) --target example-hello example-echo
	@$(BENCH_PY) bench/recorder/overhead.py --bin-dir $(RELEASE_DIR)/bin $(RECORDER_BENCH_ARGS)

# The WebSocket benchmark (bench/ws/README.md): nodecc's echo server (bench-ws-nodecc, built
# once bench/ws/server.cc exists) against uWebSockets (from ../shared/peers/uwebsockets, skipped
# when absent), Node's ws and Go's gorilla/websocket, driven by the native client bench-ws-load.
# WS_BENCH_ARGS passes options to bench/ws/run.py (--reps, --seconds, --servers, --scenarios).
bench-ws: deps
	@./bench/ws/install-deps.sh
	@cmake -S . -B $(RELEASE_DIR) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Release -DNODECC_BUILD_BENCH=ON > /dev/null
	@cmake --build $(RELEASE_DIR) --target bench-ws-load bench-ws-ceiling $(if $(wildcard bench/ws/server.cc),bench-ws-nodecc,)
	@$(BENCH_PY) bench/ws/run.py --build $(RELEASE_DIR) $(WS_BENCH_ARGS)

# clang-format-14 over every tracked C++ file (scripts/format.sh): format-check fails on a file
# that differs, format rewrites them. examples/ and tests/compat/ mirror their .js twins and opt
# out through their own .clang-format.
# On-the-fly gzip of a 10 KiB page per server CPU-second: nodecc's compression middleware, Node's
# compression package and nginx's gzip on (bench/gzip/README.md). GZIP_BENCH_ARGS passes options.
bench-gzip: deps
	@./bench/http/install-deps.sh
	@./scripts/install-deps.sh test
	@cmake -S . -B $(RELEASE_DIR) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Release -DNODECC_BUILD_BENCH=ON > /dev/null
	@cmake --build $(RELEASE_DIR) --target bench-gzip
	@$(BENCH_PY) bench/gzip/run.py --bin $(RELEASE_DIR)/bin/bench-gzip $(GZIP_BENCH_ARGS)

# JSON.parse / JSON.stringify against Node.js on the JSON corpus (bench/json/README.md); skipped
# when ../shared/corpora/json is absent. JSON_BENCH_ARGS passes options to bench/json/run.py.
bench-json: deps
	@cmake -S . -B $(RELEASE_DIR) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Release -DNODECC_BUILD_BENCH=ON > /dev/null
	@cmake --build $(RELEASE_DIR) --target bench-json
	@$(BENCH_PY) bench/json/run.py --build $(RELEASE_DIR) $(JSON_BENCH_ARGS)

# clang-format over every C++ file, and every path the Markdown names exists.
format-check: deps
	@./scripts/format.sh --check
	@python3 scripts/check-doc-paths.py

format: deps
	@./scripts/format.sh

clean:
	rm -rf $(RELEASE_DIR) $(ASAN_DIR) $(INSTALL_DIR)
