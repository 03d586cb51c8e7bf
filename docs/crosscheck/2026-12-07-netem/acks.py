import re,subprocess,sys,collections
f=sys.argv[1]
out=subprocess.run(["tcpdump","-nn","-tt","-S","-r",f],capture_output=True,text=True).stdout.splitlines()
data_re=re.compile(r"10\.0\.0\.1\.\d+ > 10\.0\.0\.2\.\d+: Flags \[([^\]]*)\], seq (\d+):(\d+)")
ack_re=re.compile(r"10\.0\.0\.2\.\d+ > 10\.0\.0\.1\.\d+: Flags \[([^\]]*)\],(?: seq \d+(?::\d+)?,)? ack (\d+)")
since=[]  # data segs since last ack: (len, psh)
last_ack=None
hist=collections.Counter(); single_psh=collections.Counter(); 
nd=0;na=0; gaps=[]
for line in out:
    m=data_re.search(line)
    if m:
        fl,a,b=m.group(1),int(m.group(2)),int(m.group(3))
        if b>a: since.append((b-a,'P' in fl)); nd+=1
        continue
    m=ack_re.search(line)
    if m and 'S' not in m.group(1):
        ack=int(m.group(2)); na+=1
        if last_ack is not None:
            n=len(since)
            hist[n]+=1
            if n==1: single_psh[since[0][1]]+=1
            if n>0 and since: pass
        last_ack=ack; since=[]
print(f, "data",nd,"acks",na, "ratio %.3f"%(na/max(nd,1)))
print(" segments seen since previous ACK:",sorted(hist.items())[:12])
print(" single-segment ACKs, by PSH on that segment:",dict(single_psh))
