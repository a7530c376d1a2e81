#!/bin/bash
# bench/cgcpu.sh CMD...: runs CMD in a cgroup (v1 cpuacct) of its own and prints the CPU seconds of
# every process it started, orphans included (Chromium's renderers, daemons), to stderr at the end.
# `time` counts only the children a process waits for, so it misses processes that are re-parented
# (front-page.browser.test.ts: 28.9 s by this, 15.7 s by `time`). Linux, as root, with the cgroup v1
# cpuacct hierarchy mounted at /sys/fs/cgroup/cpuacct (as on the team's machines).
set -u
G=/sys/fs/cgroup/cpuacct/cgcpu.$$.$RANDOM
mkdir -p "$G" 2>/dev/null || { echo "cgcpu: cannot make a cgroup under /sys/fs/cgroup/cpuacct (root and cgroup v1 cpuacct needed)" >&2; exit 2; }
sh -c 'echo $$ > "$1/cgroup.procs"; shift; exec "$@"' sh "$G" "$@"
rc=$?
# wait for orphans still running (up to 5 s) so their CPU is counted
for i in $(seq 50); do [ -z "$(cat $G/cgroup.procs)" ] && break; sleep 0.1; done
u=$(cat $G/cpuacct.usage)
left=$(cat $G/cgroup.procs | wc -l)
echo "cgcpu: $(awk -v u=$u 'BEGIN{printf "%.2f", u/1e9}') s CPU (all processes of the command; $left still running)" >&2
for p in $(cat $G/cgroup.procs); do echo $p > /sys/fs/cgroup/cpuacct/cgroup.procs 2>/dev/null; done
rmdir "$G" 2>/dev/null
exit $rc
