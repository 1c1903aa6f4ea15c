# Regenerates tables/ and figures/ from data/ in a fixed environment, so that a reviewer with
# docker (or podman) reproduces the committed outputs byte for byte:
#   docker build -t tpm-paper . && docker run --rm -v "$PWD":/src tpm-paper
# or `make container-paper`, which does the same and leaves tables/ and figures/ in the working tree.
FROM debian:bookworm

ENV DEBIAN_FRONTEND=noninteractive \
    LANG=C.UTF-8 \
    LC_ALL=C.UTF-8 \
    TZ=UTC

# The JDK, Maven and make build and run the pipeline; fonts-dejavu-core holds the one font family
# the figures use, so glyphs (and so PNG and SVG bytes) do not depend on the host's fonts.
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      openjdk-17-jdk-headless maven make coreutils fontconfig fonts-dejavu-core ca-certificates \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /paper

# Dependencies are resolved at build time (the reactor's modules depend on each other, so they are
# resolved by building it once), so `make paper` in the container needs no network.
COPY . .
RUN mvn -B -q package -DskipTests

CMD ["make", "paper"]
