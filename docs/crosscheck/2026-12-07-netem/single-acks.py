import re,subprocess,sys,collections
f=sys.argv[1]
out=subprocess.run(["tcpdump","-nn","-tt","-S","-r",f],capture_output=True,text=True).stdout.splitlines()
data_re=re.compile(r"^([\d.]+) .*10\.0\.0\.1\.\d+ > 10\.0\.0\.2\.\d+: Flags \[([^\]]*)\], seq (\d+):(\d+)")
ack_re=re.compile(r"^([\d.]+) .*10\.0\.0\.2\.\d+ > 10\.0\.0\.1\.\d+: Flags \[([^\]]*)\],(?: seq \d+(?::\d+)?,)? ack (\d+), win (\d+)")
since=[]; prev=None; rows=[]; lastwin=None
dl=collections.Counter(); sizes=collections.Counter(); winchg=collections.Counter(); prevn=collections.Counter()
lastn=None
for line in out:
    m=data_re.search(line)
    if m:
        t,fl,a,b=float(m.group(1)),m.group(2),int(m.group(3)),int(m.group(4))
        if b>a: since.append((t,b-a,'P' in fl))
        continue
    m=ack_re.search(line)
    if m and 'S' not in m.group(2):
        t=float(m.group(1)); win=int(m.group(4))
        if len(since)==1:
            d=(t-since[0][0])*1e6
            dl[min(int(d//100)*100,5000)]+=1
            sizes[since[0][1]]+=1
            winchg['grew' if lastwin is not None and win>lastwin else 'same/less']+=1
            prevn[lastn]+=1
        lastn=len(since)
        lastwin=win; since=[]
print("delay segment->ack (us, 100us bins):",sorted(dl.items())[:15])
print("sizes:",sizes.most_common(5))
print("window vs previous ack:",dict(winchg))
print("segments before the previous ack:",dict(prevn))
# when
since=[]; t0=None; when=collections.Counter(); wins=[]
for line in out:
    m=data_re.search(line)
    if m:
        t=float(m.group(1)); t0=t0 or t
        if int(m.group(4))>int(m.group(3)): since.append(t)
        continue
    m=ack_re.search(line)
    if m and 'S' not in m.group(2):
        t=float(m.group(1))
        if len(since)==1: when[int((t-t0)*10)/10]+=1; wins.append((round(t-t0,4),int(m.group(4))))
        since=[]
print("per 0.1 s:",sorted(when.items())[:40])
print(wins[:10], wins[-10:])
