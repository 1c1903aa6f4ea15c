#!/bin/sh
# The device's side of a fleet campaign (fleet/playbook.yml runs it there with ansible's script
# module). One state folder per preset under the checkout, <checkout>/.fleet/<preset>/, holds:
#   campaign    the campaign's folder name under data/raw (chosen once, at the first start)
#   pid         the detached wrapper's pid (its own session: a dropped ssh session does not end it)
#   exit        the collect command's exit status, written when it ends
#   collect.log the collect command's output, every start appended
#
#   campaign.sh name   STATE DEFAULT_NAME     print the campaign's name, recording DEFAULT_NAME the first time
#   campaign.sh status STATE                  print state=none|running|exited|interrupted, then the last progress line
#   campaign.sh start  STATE CHECKOUT ARGS... start `java ARGS...` in CHECKOUT, detached
#   campaign.sh pack   STATE CHECKOUT NAME    tar data/raw/NAME and its SHA256SUMS lines into STATE/NAME.tar.gz
set -eu

die() { echo "campaign.sh: $*" >&2; exit 1; }

[ $# -ge 2 ] || die "usage: campaign.sh name|status|start|pack STATE ..."
cmd=$1
state=$2
shift 2

# the wrapper is alive and is ours (its command line is the wrapper's, naming this state folder): a
# pid the kernel gave to another process after a reboot does not count
alive() {
    [ -f "$state/pid" ] || return 1
    pid=$(cat "$state/pid")
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 1
    line=$(tr '\0' '\n' < "/proc/$pid/cmdline" 2>/dev/null) || return 1
    printf '%s\n' "$line" | grep -qxF "$state" && printf '%s\n' "$line" | grep -qF 'exit.tmp'
}

case $cmd in
name)
    [ $# -eq 1 ] || die "usage: campaign.sh name STATE DEFAULT_NAME"
    mkdir -p "$state"
    [ -s "$state/campaign" ] || printf '%s\n' "$1" > "$state/campaign"
    cat "$state/campaign"
    ;;
status)
    if alive; then
        echo "state=running pid=$(cat "$state/pid")"
    elif [ -f "$state/exit" ]; then
        echo "state=exited code=$(cat "$state/exit")"
    elif [ -f "$state/pid" ]; then
        # started, never wrote its exit status: the machine went down or the process was killed
        echo "state=interrupted"
    else
        echo "state=none"
    fi
    if [ -f "$state/collect.log" ]; then
        # the collect's own progress line (run k of N, time left) since the last start, then its
        # last line whatever it is
        awk '/^fleet: start /{ p = "" } /^collect: run [0-9]+ of [0-9]+/{ p = $0 } END { if (p != "") print "progress: " p }' \
            "$state/collect.log"
        tail -n 1 "$state/collect.log" | sed 's/^/last: /'
    fi
    ;;
start)
    [ $# -ge 2 ] || die "usage: campaign.sh start STATE CHECKOUT JAVA_ARGS..."
    checkout=$1
    shift
    if alive; then die "a campaign is already running in $state (pid $(cat "$state/pid"))"; fi
    mkdir -p "$state"
    rm -f "$state/exit" "$state/exit.tmp"
    cd "$checkout"
    echo "fleet: start $(date -u +%Y-%m-%dT%H:%M:%SZ): java $*" >> "$state/collect.log"
    # setsid: a session of its own, so that neither the end of the ssh session nor its SIGHUP reaches
    # it; the wrapper records its pid, waits for java and writes java's exit status
    setsid sh -c 'echo $$ > "$1/pid"; shift; java "$@"; echo $? > "$0/exit.tmp"; mv "$0/exit.tmp" "$0/exit"' \
        "$state" "$state" "$@" >> "$state/collect.log" 2>&1 < /dev/null &
    # the pid file is written by the wrapper itself: wait until it is there
    i=0
    while [ ! -s "$state/pid" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    [ -s "$state/pid" ] || die "the campaign did not start (see $state/collect.log)"
    echo "started pid=$(cat "$state/pid")"
    ;;
pack)
    [ $# -eq 2 ] || die "usage: campaign.sh pack STATE CHECKOUT NAME"
    data=$1/data
    name=$2
    [ -d "$data/raw/$name" ] || die "$data/raw/$name: no such campaign folder"
    [ -f "$data/SHA256SUMS" ] || die "$data/SHA256SUMS: missing"
    # the manifest lines of this campaign's files, as the harness appended them
    awk -v p="raw/$name/" '{ f = substr($0, 67); if (substr(f, 1, length(p)) == p) print }' "$data/SHA256SUMS" \
        > "$state/SHA256SUMS.lines"
    [ -s "$state/SHA256SUMS.lines" ] || die "$data/SHA256SUMS lists no file of raw/$name"
    tar -czf "$state/$name.tar.gz.tmp" -C "$data" "raw/$name" -C "$state" SHA256SUMS.lines
    mv "$state/$name.tar.gz.tmp" "$state/$name.tar.gz"
    echo "packed $(wc -l < "$state/SHA256SUMS.lines") files of raw/$name"
    ;;
*)
    die "unknown command $cmd"
    ;;
esac
