#!/bin/sh
# Builds the root directory the user-mode Linux guest of `bondsim crosscheck` boots from (through
# hostfs): busybox, iproute2's ip/tc/ss/nstat and ethtool with the libraries they link, the UML
# kernel's modules the lab loads, and bondsim's bulk sender built static. Everything comes from
# Debian packages already installed; nothing is downloaded.
#   build-root.sh ROOT_DIR SOURCE_DIR   (SOURCE_DIR holds init, lab.sh and stream.c)
set -eu
root=$1
src=$2
kernel_modules=$(ls -d /usr/lib/uml/modules/* 2>/dev/null | sort -V | tail -n 1)
[ -n "$kernel_modules" ] || { echo "no /usr/lib/uml/modules: apt-get install -y user-mode-linux" >&2; exit 1; }
rm -rf "$root.tmp"
mkdir -p "$root.tmp"
cd "$root.tmp"
mkdir -p bin sbin proc sys dev tmp run out etc lib64 modules var
ln -s /run var/run
cp /bin/busybox bin/busybox
for applet in $(./bin/busybox --list); do
  [ -e "bin/$applet" ] || ln -s busybox "bin/$applet"
done
# Dynamically linked tools: each with the libraries ldd names, at the same paths; tcpdump, for
# crosscheck --pcap-dir, when the host has it.
for tool in /usr/bin/ip /usr/sbin/tc /usr/bin/ss /usr/bin/nstat /usr/sbin/ethtool \
    $(command -v tcpdump || true); do
  rm -f "bin/$(basename "$tool")"
  cp "$tool" bin/
  for library in $(ldd "$tool" | awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\// {print $1}'); do
    mkdir -p ".$(dirname "$library")"
    cp -L "$library" ".$library"
  done
done
cp -L /lib64/ld-linux-x86-64.so.2 lib64/
# The modules in load order (modules.dep of the UML kernel): bonding needs nothing but itself.
for module in lib/crc-ccitt net/ipv6/ipv6 drivers/net/bonding/bonding drivers/net/veth \
    net/sched/sch_netem net/sched/sch_tbf net/sched/sch_ingress net/sched/cls_matchall \
    net/sched/act_mirred; do
  cp "$kernel_modules/kernel/$module.ko" modules/
done
basename "$kernel_modules" > modules/VERSION
echo "root:x:0:0:root:/:/bin/sh" > etc/passwd
echo "127.0.0.1 localhost" > etc/hosts
gcc -O2 -static -o bin/stream "$src/stream.c"
cp "$src/init" init
cp "$src/lab.sh" bin/lab.sh
chmod +x init bin/lab.sh
cd ..
rm -rf "$root"
mv "$root.tmp" "$root"
