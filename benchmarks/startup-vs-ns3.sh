#!/usr/bin/env bash
# The two ns-3 anchor commands (../shared/ns3-anchor) beside bondsim's, whole processes,
# interleaved, with and without the build's start-up archive: JDK 17's class-data sharing archive
# and, where JDK 25 is present, its ahead-of-time cache (build bond-cli once with each JDK so that
# both files are in bond-cli/target). Prints one line per run, then medians and ns-3's ratio.
#   benchmarks/startup-vs-ns3.sh NS3_ANCHOR_BINARY [REPETITIONS] [JDK25_BIN_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
A=$1
reps=${2:-3}
J25=${3:-/usr/lib/jvm/temurin-25-jdk-amd64/bin}
S=(netperf -t TCP_STREAM -l 10 --slaves 1x1000 --delay-us 50
  --sysctl net.ipv4.tcp_congestion_control=reno --seed 1 -- -m 1448 -s 4194304 -S 4194304)
R=(netperf -t TCP_STREAM -l 10 --bond "mode balance-rr packets_per_slave 0" --slaves 3x1000
  --delay-us 50 --receiver "gro off" --sysctl net.ipv4.tcp_congestion_control=reno
  --sysctl net.ipv4.tcp_reordering=300 --sysctl net.ipv4.tcp_max_reordering=300
  --sysctl net.ipv4.tcp_recovery=0 --sysctl net.ipv4.tcp_dsack=0 --seed 1
  -- -m 1448 -s 4194304 -S 4194304)
jsa=$(ls bond-cli/target/bondsim-17*.jsa)
aot=$(ls bond-cli/target/bondsim-25*.aot 2>/dev/null || true)
t() {
  local s e
  s=$(date +%s.%N)
  "$@" >/dev/null 2>&1
  e=$(date +%s.%N)
  echo "$e - $s" | bc
}
# Without an archive: the file moved aside for one run (the launcher then uses none).
off() {
  local file=$1
  shift
  mv "$file" "$file.off"
  t "$@"
  mv "$file.off" "$file"
}
out=$(mktemp)
for _ in $(seq "$reps"); do
  for scenario in single spray; do
    if [ "$scenario" = single ]; then
      args=("${S[@]}")
      ns3=(--scenario=single --cc=NewReno --dupthresh=3 --simTime=10)
    else
      args=("${R[@]}")
      ns3=(--scenario=spray3 --route=ecmp --cc=NewReno --dupthresh=300 --simTime=10)
    fi
    echo "ns3 $scenario $(t "$A" "${ns3[@]}")" | tee -a "$out"
    echo "jdk17 $scenario $(off "$jsa" ./bondsim "${args[@]}")" | tee -a "$out"
    echo "jdk17+cds $scenario $(t ./bondsim "${args[@]}")" | tee -a "$out"
    if [ -n "$aot" ]; then
      echo "jdk25 $scenario $(PATH=$J25:$PATH off "$aot" ./bondsim "${args[@]}")" | tee -a "$out"
      echo "jdk25+aot $scenario $(PATH=$J25:$PATH t ./bondsim "${args[@]}")" | tee -a "$out"
    fi
  done
done
python3 - "$out" <<'PY'
import collections, statistics, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    who, scenario, seconds = line.split()
    runs[(who, scenario)].append(float(seconds))
for scenario in ("single", "spray"):
    ns3 = statistics.median(runs[("ns3", scenario)])
    for who in ("jdk17", "jdk17+cds", "jdk25", "jdk25+aot"):
        if (who, scenario) in runs:
            m = statistics.median(runs[(who, scenario)])
            print(f"{scenario:6} {who:10} median {m:6.3f} s  ns-3 {ns3:6.2f} s  {ns3 / m:5.1f}x")
PY
rm -f "$out"
