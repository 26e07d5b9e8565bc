# hotgrind fuzzing: builds the libFuzzer harnesses with clang and runs each
# for a fixed budget.  Not part of `make check`.  GNU make.
# GPL-2.0-or-later; part of hotgrind.
#
#   make fuzz                               (top of a configured build tree)
#   make -f SRCDIR/fuzz/fuzz.mk BUILD=DIR   (DIR: a configured build tree)
#
# Targets: fuzz (build, then run each harness for FUZZ_SECONDS), fuzz-build,
# fuzz-smoke (each seed once), fuzz-minimize (shrink the corpora),
# fuzz-coverage (line coverage by the corpora), fuzz-clean.
# Variables: FUZZ_SECONDS (per harness, default 120), FUZZ_TARGETS (default
# "report policy suite"), FUZZ_JOBS (processes per harness, default 1), FUZZ_ARGS
# (more libFuzzer options), FUZZ_SOFT=yes (a disagreement between two parts,
# such as validate accepting what show refuses, is kept in soft-*/ once per
# kind instead of stopping the run).
# Everything goes to BUILD/fuzz/: the harnesses, the corpora the runs grow
# (corpus-*/), what crashed (crashes-*/).  fuzz/README.md says more.

fuzzdir := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))
top_srcdir := $(patsubst %/,%,$(dir $(fuzzdir)))
BUILD ?= $(CURDIR)
OUT = $(BUILD)/fuzz

CLANG ?= clang
PKG_CONFIG ?= pkg-config
LLVM_PROFDATA ?= llvm-profdata
LLVM_COV ?= llvm-cov
FUZZ_SECONDS ?= 120
FUZZ_TARGETS ?= report policy suite
FUZZ_JOBS ?= 1
FUZZ_TIMEOUT ?= 10
FUZZ_ARGS ?=
FUZZ_SOFT ?= no

LIBXML2_CFLAGS ?= $(shell $(PKG_CONFIG) --cflags libxml-2.0)
LIBXML2_LIBS ?= $(shell $(PKG_CONFIG) --libs libxml-2.0)
SQLITE3_CFLAGS ?= $(shell $(PKG_CONFIG) --cflags sqlite3)
SQLITE3_LIBS ?= $(shell $(PKG_CONFIG) --libs sqlite3)
SANITIZE = -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS = -g -O1 -fno-omit-frame-pointer $(SANITIZE) -Wall -Wextra \
	-I$(top_srcdir)/cli -I$(fuzzdir) $(LIBXML2_CFLAGS) $(SQLITE3_CFLAGS) \
	-DFUZZ_BASE_REPORT='"$(top_srcdir)/cli/tests/data/check/base.xml"' \
	-DFUZZ_HEAD_REPORT='"$(top_srcdir)/cli/tests/data/check/head.xml"' \
	-DFUZZ_POLICY='"$(top_srcdir)/cli/tests/data/check/pr.xml"' \
	-DFUZZ_SUITE='"$(top_srcdir)/cli/tests/data/suite/six.xml"'

# The command's library exactly as cli/Makefile.am lists it (asked of the
# build tree's cli/Makefile), and its generated sources (the schemas).
cli_sources_of = $(shell printf 'fuzz-print:\n\t@echo $$(%s)\n' '$(1)' | \
	MAKEFLAGS= $(MAKE) -s --no-print-directory -C $(BUILD)/cli -f Makefile \
	-f - fuzz-print)
CLI_LISTED := $(call cli_sources_of,libhotgrind_cli_a_SOURCES)
CLI_GENERATED := $(call cli_sources_of,nodist_libhotgrind_cli_a_SOURCES)
ifeq ($(strip $(CLI_LISTED)),)
$(error $(BUILD)/cli/Makefile lists no sources: BUILD=a configured build tree)
endif
CLI_SOURCES = $(addprefix $(top_srcdir)/cli/,$(filter %.c,$(CLI_LISTED))) \
	$(addprefix $(BUILD)/cli/,$(filter %.c,$(CLI_GENERATED)))
CLI_HEADERS = $(addprefix $(top_srcdir)/cli/,$(filter %.h,$(CLI_LISTED)))
COMMON = $(fuzzdir)/fuzz-common.c $(fuzzdir)/fuzz-common.h

# Seeds: every hand-written fixture and the real reports in fuzz/seeds/.
SEEDS_report = $(top_srcdir)/cli/tests/data $(fuzzdir)/seeds/report
SEEDS_policy = $(top_srcdir)/cli/tests/data/check $(fuzzdir)/seeds/policy
SEEDS_suite = $(top_srcdir)/cli/tests/data/suite

.PHONY: fuzz fuzz-build fuzz-smoke fuzz-minimize fuzz-coverage fuzz-clean FORCE
fuzz: fuzz-build
	@status=0; \
	for t in $(FUZZ_TARGETS); do \
	  $(MAKE) --no-print-directory -f $(fuzzdir)/fuzz.mk BUILD='$(BUILD)' \
	    fuzz-run-$$t || status=1; \
	done; \
	exit $$status

fuzz-build: $(addprefix $(OUT)/fuzz-,$(FUZZ_TARGETS))

$(addprefix $(BUILD)/cli/,$(CLI_GENERATED)): FORCE
	@$(MAKE) -s --no-print-directory -C $(BUILD)/cli $(@F)
FORCE:

# The command's library is compiled once, into objects every harness links
# (fuzzer-no-link: coverage for libFuzzer without a second main), so the
# three harnesses cost one compilation of cli/ and make -j can share it out.
CLI_OBJECTS = $(patsubst %.c,$(OUT)/obj/%.o,$(filter %.c,$(CLI_LISTED))) \
	$(patsubst %.c,$(OUT)/obj/generated/%.o,$(filter %.c,$(CLI_GENERATED)))
$(OUT)/obj/generated/%.o: $(BUILD)/cli/%.c $(CLI_HEADERS)
	@mkdir -p $(@D)
	$(CLANG) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<
$(OUT)/obj/%.o: $(top_srcdir)/cli/%.c $(CLI_HEADERS)
	@mkdir -p $(@D)
	$(CLANG) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

.PRECIOUS: $(OUT)/obj/%.o $(OUT)/obj/generated/%.o
$(OUT)/fuzz-%: $(fuzzdir)/fuzz-%.c $(COMMON) $(CLI_OBJECTS)
	@mkdir -p $(OUT)
	$(CLANG) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< \
	  $(fuzzdir)/fuzz-common.c $(CLI_OBJECTS) $(LIBXML2_LIBS) $(SQLITE3_LIBS)

# -close_fd_mask=3: the commands' own output and messages go nowhere;
# libFuzzer's lines and sanitizer reports still show.
fuzz-run-%: $(OUT)/fuzz-%
	@mkdir -p $(OUT)/corpus-$* $(OUT)/crashes-$* $(OUT)/soft-$*
	cd $(OUT) && $(if $(filter yes,$(FUZZ_SOFT)),HG_FUZZ_SOFT=soft-$*) \
	  ./fuzz-$* -max_total_time=$(FUZZ_SECONDS) \
	  -timeout=$(FUZZ_TIMEOUT) -dict=$(fuzzdir)/$*.dict \
	  -close_fd_mask=3 -print_final_stats=1 \
	  -artifact_prefix=$(OUT)/crashes-$*/ \
	  $(if $(filter-out 1,$(FUZZ_JOBS)),-jobs=$(FUZZ_JOBS) \
	    -workers=$(FUZZ_JOBS)) \
	  $(FUZZ_ARGS) corpus-$* $(SEEDS_$*)

# Every seed once, no fuzzing: the harnesses still build, and no seed (the
# regression fixtures among them) breaks an invariant.  Seconds.
fuzz-smoke: $(addprefix fuzz-smoke-,$(FUZZ_TARGETS))
fuzz-smoke-%: $(OUT)/fuzz-%
	@mkdir -p $(OUT)/crashes-$*
	cd $(OUT) && ./fuzz-$* -runs=0 -close_fd_mask=3 \
	  -artifact_prefix=$(OUT)/crashes-$*/ $(SEEDS_$*)

# Keeps only the inputs that add coverage (libFuzzer -merge).
fuzz-minimize: fuzz-build
	@for t in $(FUZZ_TARGETS); do \
	  rm -rf $(OUT)/corpus-$$t.min && mkdir -p $(OUT)/corpus-$$t.min && \
	  (cd $(OUT) && ./fuzz-$$t -merge=1 -close_fd_mask=3 \
	    corpus-$$t.min corpus-$$t) && rm -rf $(OUT)/corpus-$$t && \
	  mv $(OUT)/corpus-$$t.min $(OUT)/corpus-$$t || exit 1; \
	done

# Line coverage of the command's code by each corpus (and the seeds), from a
# build with clang's source-based coverage: BUILD/fuzz/coverage-*.txt.
fuzz-coverage: $(addprefix fuzz-coverage-,$(FUZZ_TARGETS))
fuzz-coverage-%: $(fuzzdir)/fuzz-%.c $(COMMON) $(CLI_SOURCES) $(CLI_HEADERS)
	@mkdir -p $(OUT)/corpus-$*
	$(CLANG) $(subst $(SANITIZE),,$(FUZZ_CFLAGS)) -fsanitize=fuzzer \
	  -fprofile-instr-generate -fcoverage-mapping -o $(OUT)/cov-$* $< \
	  $(fuzzdir)/fuzz-common.c $(CLI_SOURCES) $(LIBXML2_LIBS) $(SQLITE3_LIBS)
	cd $(OUT) && rm -f cov-$*.profraw && mkdir -p soft-$* && \
	  HG_FUZZ_SOFT=soft-$* LLVM_PROFILE_FILE=cov-$*.profraw \
	  ./cov-$* -runs=0 -close_fd_mask=3 \
	  corpus-$* $(SEEDS_$*) > /dev/null 2>&1
	cd $(OUT) && $(LLVM_PROFDATA) merge -o cov-$*.profdata cov-$*.profraw && \
	  $(LLVM_COV) report ./cov-$* -instr-profile=cov-$*.profdata \
	    $(filter %.c,$(CLI_SOURCES)) > coverage-$*.txt && \
	  tail -n 1 coverage-$*.txt

fuzz-clean:
	rm -rf $(OUT)
