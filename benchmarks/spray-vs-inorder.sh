#!/usr/bin/env bash
# Times the speed issue's spraying command against the same bytes in order, JVM start included.
# Usage: benchmarks/spray-vs-inorder.sh [RUNS]   (from a built checkout; default 3 runs each)
# The two commands run interleaved, so a slow spell of a shared machine hits both; the script
# prints every wall time, the medians and their ratio.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-3}
case "$runs" in
  '' | *[!0-9]* | 0)
    echo "spray-vs-inorder.sh: RUNS must be a whole number from 1, got '$runs'" >&2
    exit 2
    ;;
esac

run() {
  # $1: packets_per_slave (0: a random slave per packet; 1: strict round robin, in order)
  "$here/bondsim" netperf -t TCP_STREAM -l 10 --bond "mode balance-rr packets_per_slave $1" \
    --slaves 3x1000 --delay-us 50 --receiver "gro off" \
    --sysctl net.ipv4.tcp_congestion_control=reno --sysctl net.ipv4.tcp_reordering=300 \
    --sysctl net.ipv4.tcp_max_reordering=300 --sysctl net.ipv4.tcp_recovery=0 \
    --sysctl net.ipv4.tcp_dsack=0 -- -m 1448 -s 4194304 -S 4194304 >/dev/null
}

seconds() {
  local start end
  start=$(date +%s%N)
  run "$1"
  end=$(date +%s%N)
  echo $(((end - start) / 1000000))
}

median() {
  sort -n | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print m }'
}

spray=()
inorder=()
for ((i = 0; i < runs; i++)); do
  spray+=("$(seconds 0)")
  inorder+=("$(seconds 1)")
done
ms() { awk -v v="$1" 'BEGIN { printf "%.2f", v / 1000 }'; }
list() { for v in "$@"; do printf '%s ' "$(ms "$v")"; done; }
s=$(printf '%s\n' "${spray[@]}" | median)
o=$(printf '%s\n' "${inorder[@]}" | median)
echo "spraying (packets_per_slave 0): $(list "${spray[@]}")s, median $(ms "$s") s"
echo "in order (packets_per_slave 1): $(list "${inorder[@]}")s, median $(ms "$o") s"
awk -v s="$s" -v o="$o" 'BEGIN { printf "ratio %.2f\n", s / o }'
