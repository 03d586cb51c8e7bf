#!/usr/bin/env bash
# Times the speed issue's spraying command against the same bytes in order, JVM start included.
# Usage: benchmarks/spray-vs-inorder.sh [RUNS]             (from a built checkout; default 3 runs each)
#        benchmarks/spray-vs-inorder.sh --marginal [RUNS]  (-l 10 against -l 30, in pairs)
# The commands run interleaved, so a slow spell of a shared machine hits both; the script prints
# every wall time, the medians and their ratio. With --marginal it also runs each command for 30
# simulated seconds right after the 10 s one and prints what each further simulated second costs
# and the part that does not grow with -l (JVM start, the JIT's warm-up, the report).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
marginal=false
if [ "${1:-}" = "--marginal" ]; then
  marginal=true
  shift
fi
runs=${1:-3}
case "$runs" in
  '' | *[!0-9]* | 0)
    echo "spray-vs-inorder.sh: RUNS must be a whole number from 1, got '$runs'" >&2
    exit 2
    ;;
esac

run() {
  # $1: packets_per_slave (0: a random slave per packet; 1: strict round robin, in order)
  # $2: simulated seconds
  # In order needs one ideal clock too: each port's own oscillator (the default, --link-clocks
  # free) breaks the ties of equal delays, and strict round robin then reorders 48 % of frames.
  local clocks=free
  if [ "$1" = 1 ]; then
    clocks=locked
  fi
  "$here/bondsim" netperf -t TCP_STREAM -l "$2" --bond "mode balance-rr packets_per_slave $1" \
    --link-clocks "$clocks" --slaves 3x1000 --delay-us 50 --receiver "gro off" \
    --sysctl net.ipv4.tcp_congestion_control=reno --sysctl net.ipv4.tcp_reordering=300 \
    --sysctl net.ipv4.tcp_max_reordering=300 --sysctl net.ipv4.tcp_recovery=0 \
    --sysctl net.ipv4.tcp_dsack=0 -- -m 1448 -s 4194304 -S 4194304 >/dev/null
}

millis() {
  local start end
  start=$(date +%s%N)
  run "$1" "$2"
  end=$(date +%s%N)
  echo $(((end - start) / 1000000))
}

median() {
  sort -n | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print m }'
}

ms() { awk -v v="$1" 'BEGIN { printf "%.2f", v / 1000 }'; }
list() { for v in "$@"; do printf '%s ' "$(ms "$v")"; done; }

spray=()
inorder=()
spray_step=()
inorder_step=()
for ((i = 0; i < runs; i++)); do
  spray+=("$(millis 0 10)")
  if $marginal; then
    # ms per further simulated second, from this pair of runs
    spray_step+=($((($(millis 0 30) - spray[i]) / 20)))
  fi
  inorder+=("$(millis 1 10)")
  if $marginal; then
    inorder_step+=($((($(millis 1 30) - inorder[i]) / 20)))
  fi
done
s=$(printf '%s\n' "${spray[@]}" | median)
o=$(printf '%s\n' "${inorder[@]}" | median)
echo "spraying (packets_per_slave 0): $(list "${spray[@]}")s, median $(ms "$s") s"
echo "in order (packets_per_slave 1): $(list "${inorder[@]}")s, median $(ms "$o") s"
awk -v s="$s" -v o="$o" 'BEGIN { printf "ratio %.2f\n", s / o }'
if $marginal; then
  ss=$(printf '%s\n' "${spray_step[@]}" | median)
  os=$(printf '%s\n' "${inorder_step[@]}" | median)
  echo "per further simulated second: spraying $(list "${spray_step[@]}")s, in order $(list "${inorder_step[@]}")s"
  awk -v s="$s" -v o="$o" -v ss="$ss" -v os="$os" 'BEGIN {
    printf "medians %.3f / %.3f s per simulated second (%.2fx); fixed part %.2f / %.2f s\n",
      ss / 1000, os / 1000, ss / os, (s - 10 * ss) / 1000, (o - 10 * os) / 1000 }'
fi
