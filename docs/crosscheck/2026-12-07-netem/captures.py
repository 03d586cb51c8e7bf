"""A capture of either side's bond0 (the lab's snd-/rcv-bond0.pcap, bondsim's local-/remote-bond0.pcap)
as acks.py and timers.py read it: tcpdump's lines turned into the sender's data segments and the
receiver's ACKs, in order."""
import re
import subprocess

DATA = re.compile(r"^([\d.]+) .*10\.0\.0\.1\.\d+ > 10\.0\.0\.2\.\d+: Flags \[([^\]]*)\], seq (\d+):(\d+)")
ACK = re.compile(r"^([\d.]+) .*10\.0\.0\.2\.\d+ > 10\.0\.0\.1\.\d+: Flags \[([^\]]*)\],"
                 r"(?: seq \d+(?::\d+)?,)? ack (\d+), win (\d+)")


def read(pcap):
    """("data", time, start, end, flags) for each segment with a payload and ("ack", time, ack,
    window, flags) for each ACK but the handshake's, in capture order."""
    lines = subprocess.run(["tcpdump", "-nn", "-tt", "-S", "-r", pcap],
                           capture_output=True, text=True).stdout.splitlines()
    events = []
    for line in lines:
        m = DATA.search(line)
        if m:
            start, end = int(m.group(3)), int(m.group(4))
            if end > start:
                events.append(("data", float(m.group(1)), start, end, m.group(2)))
            continue
        m = ACK.search(line)
        if m and "S" not in m.group(2):
            events.append(("ack", float(m.group(1)), int(m.group(3)), int(m.group(4)), m.group(2)))
    return events
