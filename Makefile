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
