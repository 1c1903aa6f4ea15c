#!/bin/sh
# in-root.sh ROOT ARGV...: runs ARGV inside the arm64 root ROOT (a Debian root made by
# scripts/arm64/check.sh), in the same folder and with the same environment as this script, PATH
# aside: the root's own. The root's aarch64 programs run under qemu-user through binfmt_misc.
# The conformance check puts it before each server's run argv (tpm conformance --launcher); it
# execs, so the server is this process and the harness signals and stops it as any other.
# The folder must exist inside the root at the same path: check.sh binds its work folder there.
set -eu
if [ "$#" -lt 2 ]; then
  echo "usage: in-root.sh ROOT ARGV..." >&2
  exit 2
fi
root=$1
shift
exec chroot "$root" /usr/bin/env --chdir="$PWD" PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"
