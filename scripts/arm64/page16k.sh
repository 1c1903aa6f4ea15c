# Sourced by scripts/arm64/check.sh (uses its functions and variables): the 16 KiB-page part.
#
# A Pi 5's kernel uses 16 KiB pages; qemu-user gives its programs the host's 4 KiB. So: a
# full-system emulation (qemu-system-aarch64, TCG, -cpu cortex-a76, the Pi 5's core) of Debian
# trixie's arm64 kernel built for 16 KiB pages (linux-image-arm64-16k), booted straight into an
# initramfs that holds the root and the built stacks (no disk, no modules, no network but
# loopback), whose /init starts each stack's server as its stack.json says and waits for
# GET /health, then exits (the kernel's panic ends qemu: -no-reboot).
KERNEL16K="$ARM/kernel-16k"

# kernel16k: downloads and unpacks the kernel once (cached; the folder is renamed into place
# last); sets KIMAGE and KVERSION
kernel16k() {
  if [ ! -f "$KERNEL16K/.done" ]; then
    make_root trixie
    host_settings "$(root_dir trixie)"
    mount_root "$(root_dir trixie)"
    local pkg dl="$RUN/kernel-dl"
    in_root trixie DEBIAN_FRONTEND=noninteractive apt-get update -q >>"$RUN/logs/apt-trixie.log" 2>&1
    pkg=$(in_root trixie apt-cache depends linux-image-arm64-16k | awk '/Depends: linux-image-[0-9]/ {print $2; exit}')
    [ -n "$pkg" ] || { echo "no linux-image-arm64-16k in Debian trixie"; return 1; }
    say "page16k: fetching $pkg (Debian trixie, apt-get download)" >&2
    rm -rf "$dl" "$KERNEL16K.partial"
    mkdir -p "$dl" "$KERNEL16K.partial"
    in_root trixie sh -c "cd '$dl' && apt-get download '$pkg'" >>"$RUN/logs/apt-trixie.log" 2>&1
    dpkg-deb -x "$dl"/*.deb "$KERNEL16K.partial/deb"
    cp "$KERNEL16K.partial"/deb/boot/vmlinuz-* "$KERNEL16K.partial/vmlinuz"
    cp "$KERNEL16K.partial"/deb/boot/config-* "$KERNEL16K.partial/config"
    basename "$KERNEL16K.partial"/deb/boot/vmlinuz-* | sed 's/^vmlinuz-//' >"$KERNEL16K.partial/version"
    rm -rf "$KERNEL16K.partial/deb" "$dl"
    touch "$KERNEL16K.partial/.done"
    rm -rf "$KERNEL16K"
    mv "$KERNEL16K.partial" "$KERNEL16K"
  fi
  KIMAGE="$KERNEL16K/vmlinuz"
  KVERSION=$(cat "$KERNEL16K/version")
  grep -q '^CONFIG_ARM64_16K_PAGES=y' "$KERNEL16K/config" || { echo "$KVERSION is not built for 16 KiB pages"; return 1; }
}

# page16k_init ID...: the /init that starts each stack in turn and prints PAGE16K lines
page16k_init() {
  cat <<'EOF'
#!/bin/bash
# /init of the 16 KiB-page boot (written by scripts/arm64/page16k.sh)
mkdir -p /proc /sys; mount -t proc proc /proc; mount -t sysfs sysfs /sys; mount -t devtmpfs devtmpfs /dev 2>/dev/null
# the root is the initramfs, in memory already: /tmp needs no tmpfs (and may hold the stacks)
mkdir -p /dev/shm /tmp; mount -t tmpfs tmpfs /dev/shm
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8
ip link set lo up
echo "PAGE16K system: page size $(getconf PAGESIZE) bytes, kernel $(uname -r), $(uname -m), $(nproc) cpus"
health() { # the status line of GET /health on port 8080, or nothing
  local line
  exec 3<>/dev/tcp/127.0.0.1/8080 || return 1
  printf 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' >&3
  IFS= read -r -t 5 line <&3
  exec 3<&- 3>&-
  echo "${line%$'\r'}"
}
start_stack() { # id dir timeout env... -- argv...
  local id=$1 dir=$2 limit=$3; shift 3
  local envs=() t0 pid status=""
  while [ "$1" != -- ]; do envs+=("$1"); shift; done; shift
  t0=$(date +%s%N)
  (cd "$dir" && exec setsid env -i PATH="$PATH" HOME=/root LANG=C.UTF-8 "${envs[@]}" "$@" >"/tmp/$id.log" 2>&1) &
  pid=$!
  while [ $(( ($(date +%s%N) - t0) / 1000000000 )) -lt "$limit" ]; do
    status=$(health 2>/dev/null) || status=""
    case "$status" in *" 200"*) break ;; esac
    kill -0 "$pid" 2>/dev/null || { sleep 0.5; status=$(health 2>/dev/null) || status=""; break; }
    sleep 0.2
  done
  local ms=$(( ($(date +%s%N) - t0) / 1000000 ))
  case "$status" in
    *" 200"*) echo "PAGE16K $id: started, GET /health 200 after $ms ms (emulated: no performance figure)" ;;
    *) echo "PAGE16K $id: FAILED to start (after $ms ms; last: ${status:-no answer}); its output:"
       tail -n 15 "/tmp/$id.log" | sed "s/^/PAGE16K $id:   /" ;;
  esac
  kill -TERM -- "-$pid" 2>/dev/null
  for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 -- "-$pid" 2>/dev/null || break; sleep 0.5; done
  kill -KILL -- "-$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  sleep 1
}
EOF
  local id base w
  for id in "$@"; do
    base=$(stack_field "$id" base)
    w=$(python3 - "$REPO/servers" "$id" <<'PY'
import json, os, shlex, sys
servers, sid = sys.argv[1:3]
def load(i):
    with open(os.path.join(servers, i, "stack.json")) as f:
        return json.load(f)
s = load(sid)
b = load(s.get("variant_of", sid))
workers = s.get("workers", b.get("workers", 1))
env = dict(b.get("env", {}))
env.update(s.get("env", {}))
env.update({"PORT": "8080", "BIND": "127.0.0.1", "DB_PATH": f"/tmp/{sid}.db"})
parts = [shlex.quote(f"{k}={v}") for k, v in env.items()]
parts.append("WORKERS=$(nproc)" if workers == "cores" else f"WORKERS={workers}")
print(" ".join(parts) + " -- " + shlex.join(s.get("run", b.get("run"))))
PY
)
    echo "start_stack $id '$RUN/servers/$base' $STARTUP_TIMEOUT $w"
  done
  echo 'echo "PAGE16K done"'
  # init's exit panics the kernel, which panic=-1 turns into a reboot, which -no-reboot turns into
  # qemu's exit; first the console has a moment to send what is still in its buffer
  echo 'sleep 3'
  echo 'exit 0'
}

# page16k_boot SUITE ID...: boots the 16 KiB-page kernel on an initramfs of the SUITE root and the
# stacks' folders (build leftovers left out), prints the PAGE16K lines
page16k_boot() {
  local suite=$1; shift
  local dir cpio="$ARM/page16k-$suite.cpio" log="$RUN/logs/page16k-$suite.console.log" t0 id
  dir=$(root_dir "$suite")
  root_packages "$suite" iproute2 || return 1
  # the mounts of the checks above would otherwise be walked into the archive
  umount "$dir/proc" "$dir/sys" "$dir/dev/shm" "$dir$RUN" 2>/dev/null || true
  say "page16k: packing the $suite root and the folders of $* into $cpio"
  mkdir -p "$RUN/page16k"
  page16k_init "$@" >"$RUN/page16k/init"
  chmod +x "$RUN/page16k/init"
  {
    ( cd "$dir" && find . \( -path ./proc -o -path ./sys -o -path ./dev/shm -o -path "./${RUN#/}" \
        -o -path ./var/cache/apt -o -path ./var/lib/apt/lists -o -path ./usr/share/doc -o -path ./usr/share/man \
        -o -path ./usr/lib/rustlib -o -path './usr/lib/llvm-*' -o -path ./usr/libexec/gcc -o -path ./root/.cargo \) -prune -print -o -print \
      | cpio -o -H newc --quiet )
    ( cd / && {
        # the parents of the stacks' folders, then the folders without build leftovers
        p=""; for part in $(echo "${RUN#/}/servers" | tr '/' ' '); do p="${p:+$p/}$part"; echo "$p"; done
        for id in "$@"; do
          find "${RUN#/}/servers/$(stack_field "$id" base)" \( -path '*/target/release/build' -o -path '*/target/release/deps' \
            -o -path '*/target/release/.fingerprint' -o -path '*/target/release/incremental' -o -path '*/target/classes' \
            -o -path '*/target/maven-*' -o -path '*/target/generated-*' -o -name '*.db' -o -name '*.db-*' \) -prune -o -print
        done; } | awk '!seen[$0]++' | cpio -o -H newc --quiet )
    ( cd "$RUN/page16k" && echo init | cpio -o -H newc --quiet )
  } >"$cpio"
  say "page16k: booting Debian's $KVERSION (16 KiB pages) under qemu-system-aarch64 -cpu cortex-a76 (TCG), initramfs $(( $(stat -c %s "$cpio") / 1048576 )) MiB"
  t0=$SECONDS
  timeout --kill-after=10 $((600 + 120 * $#)) qemu-system-aarch64 -M virt -cpu cortex-a76 -smp 2 -m 6144 -nographic -no-reboot \
    -nic none -kernel "$KIMAGE" -initrd "$cpio" -append "console=ttyAMA0 rdinit=/init panic=-1 quiet" \
    </dev/null >"$log" 2>&1 || true
  rm -f "$cpio"
  mount_root "$dir"
  tr -d '\r' <"$log" | grep '^PAGE16K' | sed 's/^PAGE16K /  16k /'
  if ! tr -d '\r' <"$log" | grep -q '^PAGE16K done'; then
    echo "  16k: the $suite boot did not reach its end (console log $log)"
    return 1
  fi
  echo "  16k: boot and starts of the $suite root took $((SECONDS - t0)) s (emulated: no performance figure)"
  ! tr -d '\r' <"$log" | grep -q '^PAGE16K [^ ]*: FAILED'
}

# page16k ID:SUITE...: the 16 KiB-page part for these stacks
page16k() {
  local item suite rc=0 why
  if ! command -v qemu-system-aarch64 >/dev/null || ! command -v cpio >/dev/null; then
    say "page16k: installing qemu-system-arm and cpio (apt-get)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends qemu-system-arm cpio >/dev/null
  fi
  if ! why=$(kernel16k); then echo "  16k: not checked: $why"; return 1; fi
  kernel16k >/dev/null
  echo "16 KiB pages: the start of each conformant stack under Debian's $KVERSION kernel (qemu-system-aarch64, full-system):"
  for suite in bookworm trixie; do
    local -a these=()
    for item in "$@"; do [ "${item#*:}" = "$suite" ] && these+=("${item%%:*}"); done
    [ ${#these[@]} -gt 0 ] || continue
    page16k_boot "$suite" "${these[@]}" || rc=1
  done
  return $rc
}
