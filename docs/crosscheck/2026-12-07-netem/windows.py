import re,subprocess,sys
f=sys.argv[1]
out=subprocess.run(["tcpdump","-nn","-tt","-S","-r",f],capture_output=True,text=True).stdout.splitlines()
ack_re=re.compile(r"^([\d.]+) .*10\.0\.0\.2\.\d+ > 10\.0\.0\.1\.\d+: Flags \[([^\]]*)\],(?: seq \d+(?::\d+)?,)? ack (\d+), win (\d+)")
data_re=re.compile(r"^([\d.]+) .*10\.0\.0\.1\.\d+ > 10\.0\.0\.2\.\d+: Flags \[([^\]]*)\], seq (\d+):(\d+)")
t0=None; marks=[0.001,0.01,0.05,0.1,0.2,0.3,0.5,0.7,0.8,1,1.5,2,5,9]; i=0; hi=0; ack0=None
for line in out:
    m=data_re.search(line)
    if m:
        t=float(m.group(1)); t0=t0 or t; hi=max(hi,int(m.group(4))); continue
    m=ack_re.search(line)
    if m and t0:
        t=float(m.group(1))-t0; ack=int(m.group(3)); ack0=ack0 or ack
        if i<len(marks) and t>=marks[i]:
            print("t=%.3f ack=%d win=%s inflight=%d"%(t,ack-ack0,m.group(4),hi-ack)); i+=1
