# Targets of the reference servers and their conformance check (see spec/servers.md).
MVN ?= mvn -q -o -B
JAR := target/tpm.jar

.PHONY: servers conformance

$(JAR): pom.xml $(shell find pipeline/src/main -type f)
	$(MVN) package -DskipTests

# Build every stack whose toolchain is on PATH; the others are listed as skipped, with the reason.
servers: $(JAR)
	java -jar $(JAR) servers --servers servers

# Start each built server and check every row of the API table; non-zero exit on any problem.
conformance: $(JAR)
	java -jar $(JAR) conformance --servers servers

.PHONY: collect bench-sampler

# A collection campaign into data/raw/<campaign>/ (resumed if that folder exists), e.g.
#   make collect PRESET=pilot STACKS=rust,go,python,node,java COLLECT_ARGS="--pin --device-id pi5-a"
PRESET ?= pilot
collect: $(JAR)
	java -jar $(JAR) collect --preset $(PRESET) $(if $(STACKS),--stacks $(STACKS)) $(COLLECT_ARGS)

# CPU time per sample and the spread of sampling intervals, for trees of 1, 8 and 32 processes
# and for a JVM: BENCH_ARGS="<seconds per case> <interval ms> <tree sizes...>"
BENCH_ARGS ?= 15 130 1 8 32
bench-sampler:
	$(MVN) test-compile
	java -cp target/classes:target/test-classes dev.tpm.collect.sample.SamplerBenchmark $(BENCH_ARGS)
