#!/usr/bin/env bash
# make arm64-check: does each stack build and serve on arm64, the Raspberry Pi 5's architecture?
# Run with --help for what it does; README.md, "Before running the paper preset on a Raspberry Pi 5",
# says what it checked and what it did not.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: scripts/arm64/check.sh [--stacks ID,ID...] [--build-timeout S] [--startup-timeout S] [--no-16k]
       (make arm64-check STACKS=go,python ARM64_ARGS=...)

Builds each stack for arm64 and runs the project's conformance check (tpm conformance) against
its server running inside a Debian arm64 root under qemu-user, on 127.0.0.1. Must run as root
(debootstrap, chroot, mounts). Installs qemu-user-static, binfmt-support and debootstrap with
apt-get where they are missing, and mounts binfmt_misc where it is not.

  the root     target/arm64/<suite>: debootstrap --arch=arm64 --variant=minbase, built once and
               reused (a stamp file marks a finished one; a half-built one is made again).
               bookworm, the base of Raspberry Pi OS 64-bit, for every stack whose toolchain it
               has; trixie for Node.js and Rust, whose bookworm versions (18, 1.63) are older than
               the stacks ask for. The host's CA bundle, pip and npm settings are copied in.
  the build    Go: cross-built on the host (GOARCH=arm64, CGO_ENABLED=0); Java: the jar built on
               the host (portable), run by the root's arm64 JVM; the others: the stack.json build
               inside the root under emulation, each command bounded by --build-timeout.
  the check    tpm conformance --launcher scripts/arm64/in-root.sh,<root>: every row of the API
               table and the SQLite policy on GET /diag, as make conformance does.

Prints one line per stack: how it was built and with which toolchain, and conformant or why not.
Every time it prints is under emulation on this machine: no performance figure.
Then (unless --no-16k; scripts/arm64/page16k.sh) the built stacks' start under a full-system
emulation with a 16 KiB-page arm64 kernel (qemu-user keeps the host's 4 KiB pages; a Pi 5's
kernel uses 16 KiB).

  --stacks LIST         stack ids, comma-separated (default: go,rust,python,python-1w,node,java,
                        java-jdk,dotnet, the paper's stacks; "all": every servers/<id>)
  --build-timeout S     seconds one emulated build command may take (default 2400)
  --startup-timeout S   seconds a server may take to answer GET /health (default 300)
  --no-16k              skip the 16 KiB-page part
Writes only under target/arm64/ (TPM_ARM64_DIR=<folder> elsewhere); nothing into data/.
EOF
}

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$REPO"
ARM="${TPM_ARM64_DIR:-$REPO/target/arm64}"
RUN="$ARM/run"
JAR="$REPO/target/tpm.jar"
DEFAULT_STACKS="go,rust,python,python-1w,node,java,java-jdk,dotnet"
STACK_LIST="${STACKS:-$DEFAULT_STACKS}"
BUILD_TIMEOUT=2400
STARTUP_TIMEOUT=300
PAGE16K=yes
ROOT_PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
# bump when the way a root is made changes: an older root is then made again
ROOT_FORMAT=1

while [ $# -gt 0 ]; do
  case "$1" in
    --stacks) STACK_LIST=$2; shift 2 ;;
    --stacks=*) STACK_LIST=${1#*=}; shift ;;
    --build-timeout) BUILD_TIMEOUT=$2; shift 2 ;;
    --startup-timeout) STARTUP_TIMEOUT=$2; shift 2 ;;
    --no-16k) PAGE16K=no; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "arm64-check: unknown argument '$1' (--help)" >&2; exit 2 ;;
  esac
done
[ -n "$STACK_LIST" ] || STACK_LIST=$DEFAULT_STACKS

say() { printf '[arm64 %s] %s\n' "$(date -u +%H:%M:%S)" "$*"; }
die() { echo "arm64-check: $*" >&2; exit 2; }

# ---------------------------------------------------------------- the host: root, qemu-user, binfmt_misc
host_tools() {
  [ "$(id -u)" -eq 0 ] || die "must run as root (debootstrap, chroot and mounts need it)"
  [ "$(uname -m)" = x86_64 ] || [ "$(uname -m)" = aarch64 ] || die "host architecture $(uname -m) is not one this check knows"
  local missing=()
  command -v qemu-aarch64-static >/dev/null || missing+=(qemu-user-static)
  command -v update-binfmts >/dev/null || missing+=(binfmt-support)
  command -v debootstrap >/dev/null || missing+=(debootstrap)
  command -v unshare >/dev/null || missing+=(util-linux)
  if [ ${#missing[@]} -gt 0 ]; then
    say "installing ${missing[*]} (apt-get)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null \
      || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null; }
  fi
  if [ "$(uname -m)" = aarch64 ]; then return; fi
  if [ ! -e /proc/sys/fs/binfmt_misc/status ]; then
    say "mounting binfmt_misc"
    mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
  fi
  if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
    update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 || update-binfmts --import qemu-aarch64
  fi
  grep -q '^enabled' /proc/sys/fs/binfmt_misc/qemu-aarch64 || die "binfmt_misc entry qemu-aarch64 is not enabled"
  # F: the interpreter is opened when registered, so it runs inside a root that lacks it
  grep -q '^flags:.*F' /proc/sys/fs/binfmt_misc/qemu-aarch64 \
    || die "binfmt_misc entry qemu-aarch64 has no F flag: aarch64 programs would not run inside the root"
}

# ---------------------------------------------------------------- stacks: what each needs
# stack_info ID: "language|base id|build argv lines (shell-quoted, one per line)" from stack.json;
# a variant (variant_of) is built and run from its base's folder.
stack_field() {
  python3 - "$REPO/servers" "$1" "$2" <<'PY'
import json, shlex, sys, os
servers, sid, field = sys.argv[1:4]
def load(i):
    with open(os.path.join(servers, i, "stack.json")) as f:
        return json.load(f)
s = load(sid)
base_id = s.get("variant_of", sid)
base = load(base_id)
if field == "language":
    print(base.get("language", ""))
elif field == "base":
    print(base_id)
elif field == "build":
    for argv in base.get("build", []):
        print(shlex.join(argv))
elif field == "version":
    print(shlex.join(base.get("version", [])))
elif field == "env":
    env = dict(base.get("env", {}))
    env.update(s.get("env", {}))
    for k, v in env.items():
        print(f"{k}={v}")
elif field == "artifacts":
    for a in s.get("artifacts", base.get("artifacts", [])):
        print(a)
PY
}

# recipe ID: sets HOW (cross | jar | root | none), SUITE, PKGS, NOTE (why this suite) and PI (what a
# Pi owner needs) for the stack.
recipe() {
  local id=$1 lang
  lang=$(stack_field "$id" language)
  HOW=root SUITE=bookworm PKGS="" NOTE="" PI=""
  case "$lang" in
    Go) HOW=cross
        PI="Go at the version servers/$(stack_field "$id" base)/go.mod asks for (go.dev's linux-arm64 build; bookworm's golang is 1.19), or this cross-built binary" ;;
    Java) HOW=jar PKGS="openjdk-17-jre-headless"
        PI="openjdk-17-jdk-headless and maven from Raspberry Pi OS (bookworm) to build on the Pi" ;;
    Python) PKGS="python3 python3-venv"
        PI="python3 and python3-venv from Raspberry Pi OS (bookworm: 3.11)" ;;
    JavaScript) SUITE=trixie PKGS="nodejs npm"
        NOTE="bookworm's nodejs is 18, the stacks ask for >=20; trixie's is 20"
        PI="Node.js 20 or newer (bookworm has 18): NodeSource's or nodejs.org's arm64 build"
        if [ "$(stack_field "$id" base)" = node ]; then
          # better-sqlite3 compiles with node-gyp against Debian's Node headers (no download)
          PKGS="$PKGS libnode-dev python3 make g++"
          PI="$PI, with python3, make and g++ for better-sqlite3 (it has no arm64 prebuilt for every Node)"
        fi ;;
    Rust) SUITE=trixie PKGS="cargo rustc gcc libc6-dev"
        NOTE="bookworm's rustc is 1.63, too old for the locked crates; trixie's is 1.85"
        PI="Rust by rustup, at the newest rust-version of the stack's Cargo.lock (the rust stack's rusqlite 0.43: 1.89; Debian's rustc is 1.63 in bookworm, 1.85 in trixie)" ;;
    Ruby) PKGS="ruby puma ruby-rack ruby3.1-dev gcc"
        PI="ruby, puma and ruby-rack from Raspberry Pi OS (bookworm)" ;;
    Nim) PKGS="nim gcc libc6-dev"
        PI="nim and gcc from Raspberry Pi OS (bookworm)" ;;
    Crystal) HOW=none
        NOTE="Debian bookworm has no crystal package for arm64"
        PI="Crystal's own arm64 build, or the binary cross-compiled elsewhere" ;;
    Elixir) PKGS="elixir erlang"
        PI="elixir and erlang from Raspberry Pi OS (bookworm)" ;;
    C#) HOW=none
        NOTE="no .NET SDK on this project's machines (servers/dotnet/README.md): never built here, on any architecture"
        PI="the .NET 8 SDK for linux-arm64 (Microsoft's packages or dotnet-install), then make servers on the Pi" ;;
    *) HOW=none NOTE="no arm64 recipe for language '$lang' in scripts/arm64/check.sh" ;;
  esac
}

# ---------------------------------------------------------------- the root
mirror() {
  local m=""
  if [ -r /etc/apt/sources.list.d/debian.sources ]; then
    m=$(awk '/^URIs:/ && $2 ~ /\/debian\/?$/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources)
  fi
  echo "${m:-http://deb.debian.org/debian}"
}

root_dir() { echo "$ARM/$1"; }
root_ready() { [ -f "$(root_dir "$1")/.tpm-arm64-root" ] && grep -qx "format $ROOT_FORMAT" "$(root_dir "$1")/.tpm-arm64-root"; }

# make_root SUITE: debootstrap into <suite>.partial, set it up, write the stamp, then rename it to
# <suite>: the rename is the last step, so a root that exists is a finished one.
make_root() {
  local suite=$1 dir partial t0
  dir=$(root_dir "$suite")
  root_ready "$suite" && return 0
  partial="$dir.partial"
  t0=$(date +%s)
  say "making the Debian $suite arm64 root in $dir (debootstrap --variant=minbase, once)"
  # this script runs in its own mount namespace: nothing is mounted inside these folders here
  rm -rf "$partial" "$dir"
  mkdir -p "$ARM"
  # no ca-certificates: its postinst takes minutes under emulation, and the host's bundle is
  # copied in (host_settings)
  if ! debootstrap --arch=arm64 --variant=minbase "$suite" "$partial" "$(mirror)" \
      >"$ARM/debootstrap-$suite.log" 2>&1; then
    tail -5 "$ARM/debootstrap-$suite.log" >&2
    die "debootstrap $suite failed (log $ARM/debootstrap-$suite.log)"
  fi
  # no recommends; no service started by a package's install
  printf 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n' >"$partial/etc/apt/apt.conf.d/90tpm"
  printf '#!/bin/sh\nexit 101\n' >"$partial/usr/sbin/policy-rc.d"
  chmod +x "$partial/usr/sbin/policy-rc.d"
  echo "format $ROOT_FORMAT" >"$partial/.tpm-arm64-root"
  echo "debootstrap --arch=arm64 --variant=minbase $suite $(mirror), $(date -u +%FT%TZ)" >>"$partial/.tpm-arm64-root"
  mv "$partial" "$dir"
  say "root $suite ready in $(( $(date +%s) - t0 )) s"
}

# The registry settings the root needs from the host: name resolution, the CA bundle (the host's
# may hold more than Debian's), pip's and npm's settings. Copied on every run (cheap).
host_settings() {
  local dir=$1
  cp /etc/resolv.conf "$dir/etc/resolv.conf" 2>/dev/null || true
  if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
    mkdir -p "$dir/etc/ssl/certs"
    cp /etc/ssl/certs/ca-certificates.crt "$dir/etc/ssl/certs/ca-certificates.crt"
  fi
  [ -f /etc/pip.conf ] && cp /etc/pip.conf "$dir/etc/pip.conf"
  if [ -f "$HOME/.npmrc" ]; then
    mkdir -p "$dir/root"
    cp "$HOME/.npmrc" "$dir/root/.npmrc"
  fi
  return 0
}

# Mounts for the servers and builds inside the root, in this script's own mount namespace (they
# vanish with it): proc, sysfs, a tmpfs on /dev/shm (Python's multiprocessing), and the work
# folder bound at its own path, so the harness's paths (stack folders, databases, logs) are the
# same inside and out.
mount_root() {
  local dir=$1
  mountpoint -q "$dir/proc" || mount -t proc proc "$dir/proc"
  mountpoint -q "$dir/sys" || mount -t sysfs sysfs "$dir/sys"
  mkdir -p "$dir/dev/shm"
  mountpoint -q "$dir/dev/shm" || mount -t tmpfs -o mode=1777 tmpfs "$dir/dev/shm"
  mkdir -p "$dir$RUN"
  mountpoint -q "$dir$RUN" || mount --bind "$RUN" "$dir$RUN"
}

# in_root SUITE [VAR=value...] ARGV: ARGV inside the root with a clean environment
in_root() {
  local dir
  dir=$(root_dir "$1"); shift
  chroot "$dir" /usr/bin/env -i PATH=$ROOT_PATH HOME=/root LANG=C.UTF-8 "$@"
}

# root_packages SUITE PKG...: installs those not installed yet
root_packages() {
  local suite=$1; shift
  local want=() p
  for p in $(printf '%s\n' "$@" | awk 'NF && !seen[$0]++'); do
    in_root "$suite" dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || want+=("$p")
  done
  [ ${#want[@]} -eq 0 ] && return 0
  say "installing into the $suite root: ${want[*]} (apt-get, under emulation)"
  local log="$RUN/logs/apt-$suite.log"
  # an install that was interrupted (a run stopped midway) is finished first
  if ! { in_root "$suite" DEBIAN_FRONTEND=noninteractive dpkg --configure -a \
         && in_root "$suite" DEBIAN_FRONTEND=noninteractive apt-get update -q \
         && in_root "$suite" DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${want[@]}"; } >>"$log" 2>&1; then
    tail -5 "$log" >&2
    return 1
  fi
  # a package's install may rewrite the bundle
  host_settings "$(root_dir "$suite")"
}

# ---------------------------------------------------------------- builds
# elf_machine FILE: the e_machine of an ELF file (183 = aarch64, 62 = x86-64)
elf_machine() { od -An -t u2 -j 18 -N 2 "$1" | tr -d ' '; }

# check_elf ID: every ELF artifact of the stack is aarch64 (an x86-64 static binary would run
# inside the root without qemu and pass for an arm64 one)
check_elf() {
  local id=$1 base a f
  base=$(stack_field "$id" base)
  while IFS= read -r a; do
    f="$RUN/servers/$base/$a"
    [ -f "$f" ] || continue
    if [ "$(head -c 4 "$f" | od -An -c | tr -d ' ')" = '177ELF' ] && [ "$(elf_machine "$f")" != 183 ]; then
      echo "$a is not an aarch64 ELF file (e_machine $(elf_machine "$f"))"
      return 1
    fi
  done < <(stack_field "$id" artifacts)
}

# run_build ID LOG PREFIX...: each build argv of the stack, in its folder, after PREFIX
run_build() {
  local id=$1 log=$2; shift 2
  local base line
  base=$(stack_field "$id" base)
  : >"$log"
  while IFS= read -r line; do
    [ -n "$line" ] || continue
    echo "\$ $line" >>"$log"
    local -a argv
    eval "argv=($line)"
    ( cd "$RUN/servers/$base" && "$@" "${argv[@]}" ) >>"$log" 2>&1 || return 1
  done < <(stack_field "$id" build)
}

stack_env() { local kv; while IFS= read -r kv; do [ -n "$kv" ] && printf '%s\n' "$kv"; done < <(stack_field "$1" env); }

# build ID: sets BUILT (1/0), HOWTEXT, TOOL (toolchain version) and WHY
build() {
  local id=$1 base log dir
  base=$(stack_field "$id" base)
  log="$RUN/logs/$id.build.log"
  BUILT=0 WHY="" TOOL=""
  if [ "$base" != "$id" ] && [ -n "${BUILT_BASE[$base]:-}" ]; then
    BUILT=${BUILT_BASE[$base]} HOWTEXT=${HOW_BASE[$base]} TOOL=${TOOL_BASE[$base]} WHY=${WHY_BASE[$base]}
    HOWTEXT="$HOWTEXT, the build of $base"
    return
  fi
  dir=$(root_dir "$SUITE")
  local -a envs=()
  mapfile -t envs < <(stack_env "$id")
  case "$HOW" in
    cross)
      TOOL=$(go version 2>/dev/null || echo "go not on PATH")
      HOWTEXT="cross-built on the host (GOOS=linux GOARCH=arm64 CGO_ENABLED=0, $TOOL)"
      if ! command -v go >/dev/null; then WHY="go is not on the host's PATH"; return; fi
      say "$id: cross-building on the host with GOARCH=arm64 (log $log)"
      if run_build "$id" "$log" env "${envs[@]}" GOOS=linux GOARCH=arm64 CGO_ENABLED=0; then BUILT=1; else WHY="the build failed (log $log): $(tail -1 "$log")"; fi ;;
    jar)
      # sed -n 1p, not head -1: a writer cut off by head fails the pipeline (pipefail)
      TOOL="$(in_root "$SUITE" java --version 2>&1 | sed -n 1p)"
      HOWTEXT="jar built on the host ($(javac --version 2>&1 | sed -n 1p), $(mvn -B -v 2>/dev/null | sed -n '1{s/\x1b\[[0-9;]*m//g;s/ (.*//;p}')), run by the root's arm64 JVM ($TOOL)"
      say "$id: building the jar on the host (log $log)"
      if run_build "$id" "$log" env "${envs[@]}"; then BUILT=1; else WHY="the jar's build failed (log $log): $(tail -1 "$log")"; fi ;;
    root)
      local vline
      vline=$(stack_field "$id" version)
      TOOL=$(in_root "$SUITE" sh -c "cd '$RUN/servers/$base' && $vline" 2>&1 | sed -n 1p || true)
      HOWTEXT="built in the $SUITE root under qemu-user ($TOOL)"
      say "$id: building in the $SUITE root under emulation, at most ${BUILD_TIMEOUT} s a command (log $log)"
      local t0=$SECONDS rc=0
      run_build "$id" "$log" timeout --kill-after=10 "$BUILD_TIMEOUT" chroot "$dir" /usr/bin/env -i \
        PATH=$ROOT_PATH HOME=/root LANG=C.UTF-8 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_DEFAULT_TIMEOUT=180 \
        NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt \
        npm_config_nodedir=/usr CARGO_HOME=/root/.cargo "${envs[@]}" \
        /usr/bin/env --chdir="$RUN/servers/$base" || rc=$?
      if [ "$rc" -eq 0 ]; then
        BUILT=1
        HOWTEXT="$HOWTEXT in $((SECONDS - t0)) s under emulation"
      elif [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
        WHY="the emulated build did not finish within ${BUILD_TIMEOUT} s per command on this 2-core machine (log $log); not a failure of the stack's code"
      else
        # the first error line (cargo, npm, pip) and the 4 after it, else the last line
        WHY="the build failed (log $log): $( { grep -m1 -A4 -iE '^(error|npm err|ERROR)' "$log" || grep -v '^\s*$' "$log" | tail -1; } | tr -s ' \n' '  ' | cut -c1-300)"
      fi ;;
  esac
  if [ "$BUILT" = 1 ]; then
    local bad
    if ! bad=$(check_elf "$id"); then BUILT=0 WHY="$bad"; fi
  fi
  BUILT_BASE[$base]=$BUILT HOW_BASE[$base]=$HOWTEXT TOOL_BASE[$base]=$TOOL WHY_BASE[$base]=$WHY
}

# ---------------------------------------------------------------- conformance
# conform ID: sets CONFORMANT (1/0) and CWHY, from tpm conformance run through in-root.sh
conform() {
  local id=$1 out log="$RUN/logs/$id.conformance.log"
  say "$id: conformance check, the server in the $SUITE root under qemu-user (log $log)"
  CONFORMANT=0 CWHY="" ROWS=""
  set +e
  java -jar "$JAR" conformance --servers "$RUN/servers" --stack "$id" --work "$RUN/conformance" \
    --launcher "$REPO/scripts/arm64/in-root.sh,$(root_dir "$SUITE")" --startup-timeout "$STARTUP_TIMEOUT" >"$log" 2>&1
  local rc=$?
  set -e
  if [ "$rc" -eq 0 ] && grep -q "^PASS $id:" "$log"; then
    CONFORMANT=1
    ROWS=$(sed -n "s/^PASS $id: \([0-9]*\) rows.*/\1/p" "$log")
  else
    CWHY=$(grep -E "^  $id: |^skipped $id:|Exception|Error" "$log" | sed -n 1,3p | tr '\n' ' ' | cut -c1-400 || true)
    [ -n "$CWHY" ] || CWHY="tpm conformance exited with $rc"
  fi
}

# ---------------------------------------------------------------- 16 KiB pages
# shellcheck source=scripts/arm64/page16k.sh
. "$REPO/scripts/arm64/page16k.sh"

# ---------------------------------------------------------------- main
main() {
  host_tools
  if [ "${TPM_ARM64_NS:-}" != 1 ]; then
    # everything below in a mount namespace of its own: its mounts vanish when it ends, and
    # never show in the host's view of target/ (where `make clean` removes the roots)
    exec unshare --mount --propagation private env TPM_ARM64_NS=1 "$REPO/scripts/arm64/check.sh" --stacks "$STACK_LIST" \
      --build-timeout "$BUILD_TIMEOUT" --startup-timeout "$STARTUP_TIMEOUT" $([ "$PAGE16K" = no ] && echo --no-16k)
  fi
  local t_start=$SECONDS
  [ -f "$JAR" ] || die "$JAR missing: make arm64-check builds it first (or: make target/tpm.jar)"
  local -a ids=()
  if [ "$STACK_LIST" = all ]; then
    mapfile -t ids < <(cd servers && for d in */; do [ -f "$d/stack.json" ] && echo "${d%/}"; done)
  else
    IFS=',' read -r -a ids <<<"$STACK_LIST"
  fi
  for id in "${ids[@]}"; do [ -f "servers/$id/stack.json" ] || die "no stack '$id' (servers/$id/stack.json)"; done

  mkdir -p "$RUN/logs" "$RUN/conformance"
  exec 9>"$ARM/.lock"
  flock -n 9 || die "another arm64 check is running on $ARM (lock $ARM/.lock)"
  rm -f "$RUN"/logs/*.log
  say "stacks: ${ids[*]}"
  say "copying servers/ (tracked and untracked, not ignored) to $RUN/servers"
  mkdir -p "$RUN/servers"
  git ls-files -z --cached --others --exclude-standard servers | tar -c --null -T - | tar -x -C "$RUN"

  # the roots the chosen stacks need, and their packages
  declare -A need_pkgs=()
  local suite
  for id in "${ids[@]}"; do
    recipe "$id"
    [ "$HOW" = none ] && continue
    need_pkgs[$SUITE]="${need_pkgs[$SUITE]:-} $PKGS"
  done
  for suite in bookworm trixie; do
    [ -n "${need_pkgs[$suite]+x}" ] || continue
    make_root "$suite"
    host_settings "$(root_dir "$suite")"
    mount_root "$(root_dir "$suite")"
    # shellcheck disable=SC2086
    root_packages "$suite" ${need_pkgs[$suite]} || die "could not install packages into the $suite root (log $RUN/logs/apt-$suite.log)"
    say "$suite root: page size $(in_root "$suite" getconf PAGESIZE) bytes under qemu-user (the host's), $(in_root "$suite" uname -m)"
  done

  declare -gA BUILT_BASE=() HOW_BASE=() TOOL_BASE=() WHY_BASE=()
  local -a lines=() builtlist=()
  local failed=0 npass=0 nfail=0 nskip=0
  for id in "${ids[@]}"; do
    recipe "$id"
    if [ "$HOW" = none ]; then
      lines+=("$id: not checked: $NOTE; a Pi owner needs ${PI:-a recipe here}")
      nskip=$((nskip + 1))
      continue
    fi
    local suitetext="$SUITE root"
    [ -n "$NOTE" ] && suitetext="$SUITE root ($NOTE)"
    build "$id"
    if [ "$BUILT" != 1 ]; then
      lines+=("$id: NOT BUILT [$suitetext]: $WHY; a Pi owner needs $PI")
      failed=1 nfail=$((nfail + 1))
      continue
    fi
    conform "$id"
    if [ "$CONFORMANT" = 1 ]; then
      lines+=("$id: built, $HOWTEXT; conformant, $ROWS rows [$suitetext]")
      builtlist+=("$id:$SUITE")
      npass=$((npass + 1))
    else
      lines+=("$id: built, $HOWTEXT; NOT CONFORMANT [$suitetext]: $CWHY")
      failed=1 nfail=$((nfail + 1))
    fi
  done

  echo
  echo "arm64 check (Debian arm64 roots under qemu-user on this x86-64 machine; times are emulated, no performance figure):"
  for l in "${lines[@]}"; do echo "  $l"; done
  echo "  page size: qemu-user runs aarch64 programs with the host's 4 KiB pages; a Raspberry Pi 5's kernel uses 16 KiB pages."
  if [ "$PAGE16K" = yes ] && [ ${#builtlist[@]} -gt 0 ]; then
    page16k "${builtlist[@]}" || failed=1
  fi
  echo "arm64 check: $((SECONDS - t_start)) s wall on this machine"
  # stacks built and conformant, not built or not conformant, not checked (no toolchain anywhere)
  echo "arm64-check: $npass passed, $nfail failed, $nskip skipped"
  return $failed
}

# sourced (a test of one part): the functions only
if [ "${BASH_SOURCE[0]}" = "$0" ]; then main; fi
