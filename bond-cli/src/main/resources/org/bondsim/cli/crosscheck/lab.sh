#!/bin/sh
# Runs inside the cross-check's user-mode Linux guest (one CPU, a real 6.1 kernel). Reads
# /out/params, written by `bondsim crosscheck`, and builds three network namespaces:
#
#   snd: bond0 over s0..sN-1    mid: a_i <-> b_i (mirred)    rcv: bond0 over r0..rN-1
#   s_i --veth-- a_i            a_i ingress -> b_i egress     b_i --veth-- r_i
#
# Each direction of link i is a NIC's queue and serialisation, then a propagation delay: a tbf
# qdisc at the link's rate on the sending veth (s_i, and r_i for the ACKs), which holds skbs as a
# NIC's qdisc does, so TCP small queues see them; then, after the frame has left the host, a netem
# delay on mid's egress towards the far end, with the scenario's --netem loss, duplication and
# jitter, if any. (A netem on the sending veth would orphan each skb and blind TCP small queues.)
# Fork and exec cost the guest's single CPU about 0.2 s each, so commands are batched (ip -b,
# tc -b) and namespaces entered with busybox's nsenter. iproute2's and ethtool's programs are
# called by path: busybox's shell prefers its own applets of the same names, which lack what the
# lab needs.
set -u
. /out/params
mark() { read -r up idle < /proc/uptime; echo "+ $up $*"; }
in_ns() { ns=$1; shift; nsenter --net=/run/netns/"$ns" "$@"; }
mark boot
for module in crc-ccitt ipv6 bonding veth sch_netem sch_tbf sch_ingress cls_matchall act_mirred; do
  if [ "$module" = bonding ]; then insmod /modules/bonding.ko max_bonds=0; else insmod "/modules/$module.ko"; fi
done

{ echo "netns add snd"; echo "netns add mid"; echo "netns add rcv"
  for i in $LINKS; do
    echo "link add s$i netns snd type veth peer name a$i netns mid"
    echo "link add r$i netns rcv type veth peer name b$i netns mid"
  done; } > /tmp/ip.root
for side in snd rcv; do
  # A slave an option names (primary eth0) is s0 on the sender's bond, r0 on the receiver's.
  if [ $side = snd ]; then prefix=s; address=10.0.0.1; options=$BOND_OPTS_SND
  else prefix=r; address=10.0.0.2; options=$BOND_OPTS_RCV; fi
  { echo "link set lo up"
    echo "link add bond0 type bond mode $MODE $options"
    for i in $LINKS; do echo "link set $prefix$i master bond0"; done
    echo "link set bond0 mtu $MTU"
    echo "link set bond0 up"
    echo "addr add $address/24 dev bond0"
    for i in $LINKS; do echo "link set $prefix$i up"; done; } > /tmp/ip.$side
  : > /tmp/tc.$side
  for i in $LINKS; do
    eval "rate=\$RATE_KBIT_$i"
    echo "qdisc replace dev $prefix$i root tbf rate ${rate}kbit burst $BURST limit $LIMIT_BYTES overhead $OVERHEAD" >> /tmp/tc.$side
  done
done
: > /tmp/ip.mid
: > /tmp/tc.mid
for i in $LINKS; do
  eval "forward=\$FORWARD_NETEM_$i backward=\$BACKWARD_NETEM_$i"
  { echo "link set a$i mtu $MTU"; echo "link set b$i mtu $MTU"
    echo "link set a$i up"; echo "link set b$i up"; } >> /tmp/ip.mid
  { echo "qdisc add dev a$i ingress"
    echo "filter add dev a$i parent ffff: matchall action mirred egress redirect dev b$i"
    echo "qdisc add dev b$i ingress"
    echo "filter add dev b$i parent ffff: matchall action mirred egress redirect dev a$i"
    echo "qdisc replace dev b$i root netem $forward limit 100000"
    echo "qdisc replace dev a$i root netem $backward limit 100000"; } >> /tmp/tc.mid
done
/bin/ip -b /tmp/ip.root || echo "failed: ip root batch"
/bin/ip -n snd -b /tmp/ip.snd || echo "failed: ip snd batch"
/bin/ip -n rcv -b /tmp/ip.rcv || echo "failed: ip rcv batch"
/bin/ip -n mid -b /tmp/ip.mid || echo "failed: ip mid batch"
/bin/tc -n snd -b /tmp/tc.snd || echo "failed: tc snd batch"
/bin/tc -n rcv -b /tmp/tc.rcv || echo "failed: tc rcv batch"
/bin/tc -n mid -b /tmp/tc.mid || echo "failed: tc mid batch"
# The sender's offloads as ethtool commands (LabScenario.senderEthtool, ';' between commands):
# by default bond0 without TSO, so TCP's GSO packets are cut at the bond; veth's GRO stays off
# without NAPI, as bondsim's receiver without a receive model.
echo "$ETHTOOL" | tr ';' '\n' | while read -r command; do
  # shellcheck disable=SC2086 # the command's words
  in_ns snd /bin/ethtool $command || echo "failed: ethtool $command"
done
for side in snd rcv; do
  in_ns $side sysctl -q -p /out/sysctl.conf
done
in_ns snd sysctl net.ipv4.tcp_reordering net.ipv4.tcp_timestamps net.ipv4.tcp_sack \
  net.ipv4.tcp_limit_output_bytes net.ipv4.tcp_rmem net.ipv4.tcp_wmem > /out/sysctl.txt 2>&1
mark setup done
# 802.3ad: a bond sends only on slaves its aggregator lets distribute, which LACP reaches a few
# seconds after the ports come up (the first LACPDUs both ways, then the mux machine's wait-while
# timer, AD_AGGREGATE_WAIT_TIME, 2 s). bondsim starts its test once LACP has settled, and so does the
# guest: it waits until every slave of both bonds collects and distributes (port state bits 0x10
# and 0x20), its own and its partner's, as /proc/net/bonding/bond0 shows them.
if [ "$MODE" = 802.3ad ]; then
  links=$(echo $LINKS | wc -w)
  n=0
  settled=0
  while [ $n -lt 120 ] && [ $settled -lt 2 ]; do
    settled=0
    for side in snd rcv; do
      in_ns $side cat /proc/net/bonding/bond0 > /tmp/bond.$side
      settled=$((settled + $(awk -v want=$((2 * links)) '/port state:/ { total++
        if (int($3 / 16) % 4 == 3) ready++ } END { print (total == want && ready == want) }' /tmp/bond.$side)))
    done
    [ $settled -lt 2 ] && sleep 0.5
    n=$((n + 1))
  done
  if [ $settled -lt 2 ]; then echo "failed: 802.3ad did not settle in 60 s"; else mark lacp settled; fi
fi

in_ns rcv /bin/stream sink 5201 "$STREAMS" > /out/sink.txt 2>&1 &
sink=$!
n=0
while [ $n -lt 100 ] && ! grep -q listening /out/sink.txt 2>/dev/null; do sleep 0.1; n=$((n + 1)); done
# How late the guest's timers fire (the qdiscs release frames on them), then idle round trips
# over the bond.
/bin/stream timers 200 > /out/timers.txt 2>&1
in_ns rcv ping -c 20 -i 0.05 10.0.0.1 > /out/ping.txt 2>&1
# crosscheck --pcap-dir: what each host's TCP sent and received, as captures on its bond0 see it
# (the files bondsim's local-bond0.pcap and remote-bond0.pcap stand for), headers only. tcpdump
# runs in the guest and costs its one CPU time; nsenter is called directly, so that $! is tcpdump
# itself (nsenter execs it) and the kill below lets it flush its file and count its drops.
if [ "${CAPTURE:-0}" = 1 ]; then
  nsenter --net=/run/netns/snd /bin/tcpdump -Z root -i bond0 -s 96 -w /out/snd-bond0.pcap \
    -n tcp > /out/tcpdump-snd.txt 2>&1 &
  capture_snd=$!
  nsenter --net=/run/netns/rcv /bin/tcpdump -Z root -i bond0 -s 96 -w /out/rcv-bond0.pcap \
    -n tcp > /out/tcpdump-rcv.txt 2>&1 &
  capture_rcv=$!
  sleep 1
fi
# Link events, in milliseconds from sender 0's connect, as bondsim counts --fail and --recover from
# the test's start. A fork and an exec cost the guest about 0.2 s, so neither the shell nor a new
# ip per event keeps the time: `stream events`, started before the transfer, waits for the
# connect time sender 0 prints, sleeps to each event on that clock and hands its commands to one
# `ip -b -`; it notes when it did in events.txt. (Until 2026-12-07 each event slept from the
# transfer's mark and then ran ip: a fault landed about 0.2 s after its time.)
if [ -n "$EVENTS" ]; then
  /bin/stream events /out/send0.txt "$EVENTS" 2> /out/events.txt |
    /bin/ip -n mid -force -b - > /out/events-ip.txt 2>&1 &
fi
read -r cpu_before < /proc/stat
mark transfer
k=0
while [ $k -lt "$STREAMS" ]; do
  in_ns snd /bin/stream send 10.0.0.2 5201 "$TEST_SECONDS" "$MESSAGE" "${SAMPLE_MS:-0}" > /out/send$k.txt 2>&1 &
  k=$((k + 1))
done
# Each sender ends by itself; one that hangs (a link that never came back) is given up on a
# minute after the test should have ended.
give_up=$(awk -v s="$TEST_SECONDS" 'BEGIN {printf "%d", (s + 60) * 5}')
k=0
while [ $k -lt "$STREAMS" ]; do
  n=0
  while [ $n -lt "$give_up" ] && ! grep -q '^mbps=\|^error=' /out/send$k.txt 2>/dev/null; do
    sleep 0.2; n=$((n + 1))
  done
  k=$((k + 1))
done
kill $sink 2>/dev/null
wait $sink
read -r cpu_after < /proc/stat
echo "$cpu_before" > /out/cpu.txt
echo "$cpu_after" >> /out/cpu.txt
mark transfer done
if [ "${CAPTURE:-0}" = 1 ]; then
  kill "$capture_snd" "$capture_rcv" 2>/dev/null
  wait "$capture_snd" "$capture_rcv"
fi
sleep 1
in_ns snd /bin/nstat -asz > /out/nstat-snd.txt 2>&1
in_ns rcv /bin/nstat -asz > /out/nstat-rcv.txt 2>&1
in_ns snd /bin/ip -s link > /out/links-snd.txt 2>&1
in_ns snd cat /proc/net/bonding/bond0 > /out/bonding-snd.txt 2>&1
{ echo "== snd"; /bin/tc -s -n snd qdisc show; echo "== mid"; /bin/tc -s -n mid qdisc show
  echo "== rcv"; /bin/tc -s -n rcv qdisc show; } > /out/qdiscs.txt 2>&1
mark done
