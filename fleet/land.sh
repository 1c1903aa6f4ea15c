#!/bin/sh
# The controller's side of bringing a campaign back (fleet/playbook.yml runs it, one device at a
# time): unpacks what a device's `campaign.sh pack` made, checks every file against its
# SHA256SUMS line (sha256sum -c) and that the lines list exactly the campaign's files, and only
# then adds the folder to DATA/raw/ and the lines to DATA/SHA256SUMS.
#
#   land.sh DATA TARBALL NAME STAGING
#
# Prints "landed NAME (N files)" or "already here NAME" (the same files came back before: nothing
# is added twice); exits non-zero, adding nothing, when a check fails.
set -eu

die() { echo "land.sh: $*" >&2; exit 1; }

[ $# -eq 4 ] || die "usage: land.sh DATA TARBALL NAME STAGING"
data=$1
tarball=$2
name=$3
staging=$4
case $name in
    ''|.*|*/*) die "campaign name '$name': expected a folder name" ;;
esac

rm -rf "$staging"
mkdir -p "$staging"
tar -xzf "$tarball" -C "$staging"
[ -d "$staging/raw/$name" ] || die "$tarball: no raw/$name in it"
[ -s "$staging/SHA256SUMS.lines" ] || die "$tarball: no SHA256SUMS lines in it"

# every line is a file of this campaign, every file of it has a line
awk -v p="raw/$name/" '{ f = substr($0, 67); if (substr(f, 1, length(p)) != p) { print "land.sh: line " NR " is not a file of " p ": " $0 > "/dev/stderr"; bad = 1 } }
    END { exit bad }' "$staging/SHA256SUMS.lines" || die "$tarball: unexpected SHA256SUMS lines"
(cd "$staging" && find "raw/$name" -type f | LC_ALL=C sort) > "$staging/files.found"
cut -c 67- "$staging/SHA256SUMS.lines" | LC_ALL=C sort > "$staging/files.listed"
if ! cmp -s "$staging/files.found" "$staging/files.listed"; then
    diff "$staging/files.listed" "$staging/files.found" | sed 's/^/land.sh: listed (<) against found (>): /' >&2 || true
    die "$tarball: the SHA256SUMS lines do not list exactly the campaign's files"
fi
# the hashes, before anything is added
if ! (cd "$staging" && sha256sum -c --strict --quiet SHA256SUMS.lines); then
    die "$tarball: sha256sum -c failed: nothing of raw/$name added to $data"
fi

mkdir -p "$data/raw"
if [ -e "$data/raw/$name" ]; then
    # came back before: the same files and lines, or a conflict to be settled by a person
    if [ -f "$data/SHA256SUMS" ] && (cd "$data" && sha256sum -c --strict --quiet "$staging/SHA256SUMS.lines") \
        && [ "$(cd "$data" && find "raw/$name" -type f | wc -l)" -eq "$(wc -l < "$staging/SHA256SUMS.lines")" ] \
        && [ "$(grep -cxF -f "$staging/SHA256SUMS.lines" "$data/SHA256SUMS")" -eq "$(wc -l < "$staging/SHA256SUMS.lines")" ]; then
        echo "already here $name"
        rm -rf "$staging"
        exit 0
    fi
    die "$data/raw/$name exists and differs from what came back: nothing added"
fi
# the folder first under a temporary name in DATA/raw (same file system), then renamed; then the
# manifest replaced by rename with the lines appended
rm -rf "$data/raw/.$name.part"
cp -R "$staging/raw/$name" "$data/raw/.$name.part"
if [ -f "$data/SHA256SUMS" ]; then cat "$data/SHA256SUMS" > "$data/.SHA256SUMS.part"; else : > "$data/.SHA256SUMS.part"; fi
cat "$staging/SHA256SUMS.lines" >> "$data/.SHA256SUMS.part"
mv "$data/raw/.$name.part" "$data/raw/$name"
mv "$data/.SHA256SUMS.part" "$data/SHA256SUMS"
echo "landed $name ($(wc -l < "$staging/SHA256SUMS.lines") files)"
rm -rf "$staging"
