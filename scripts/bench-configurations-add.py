#!/usr/bin/env python3
# What configurations.add costs lifed as the list grows: ADDS (default 2000) adds to an empty
# list, then as many to a list of FILL (default 8000, so the last add fills the list's 10,000)
# fetched from a file; CPU-seconds of lifed, from /proc.
#   python3 scripts/bench-configurations-add.py BIN [FILL]     (BIN: .build/release)
#   WATCH=1 ...   with a watcher of the whole state, as lifewatch is
#   WRAP="perf record -g -o out --" ...   lifed run under a profiler
import json, socket, struct, sys, os, time, subprocess, tempfile
B = sys.argv[1]
d = tempfile.mkdtemp(); os.chmod(d, 0o700)
sock = d + "/s"
wrap = os.environ.get("WRAP", "").split()
lifed = subprocess.Popen(wrap + [B + "/lifed", "--ephemeral", "--socket", sock], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
while not os.path.exists(sock): time.sleep(0.05)
s = socket.socket(socket.AF_UNIX); s.connect(sock); buf = b""
def recv():
    global buf
    while True:
        if len(buf) >= 4:
            n = struct.unpack(">I", buf[:4])[0]
            if len(buf) >= 4 + n:
                m = buf[4:4+n]; buf = buf[4+n:]; return json.loads(m)
        buf += s.recv(1 << 20)
def send(o):
    b = json.dumps(o).encode(); s.sendall(struct.pack(">I", len(b)) + b)
recv()
def cpu():
    # lifed itself, or the lifed the WRAP program started (never another lifed on the machine).
    pid = lifed.pid if not wrap else int(subprocess.run(["pgrep", "-P", str(lifed.pid), "-x", "lifed"], capture_output=True).stdout.split()[0])
    f = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
def adds(n, tag):
    for i in range(n):
        send({"type": "dispatch", "id": i, "action": {"type": "configurations.add", "title": "%s%d" % (tag, i), "rle": "x = 2, y = 1\n2o!"}})
    got = 0
    while got < n:
        m = recv()
        if m.get("type") in ("ack", "error"): got += 1
    return
fill = int(sys.argv[2]) if len(sys.argv) > 2 else 8000
N = int(os.environ.get("ADDS", 2000))
# A subscriber to the whole state, as lifewatch is.
w = socket.socket(socket.AF_UNIX); w.connect(sock)
if os.environ.get("WATCH"):
    import threading
    def drain():
        r = json.dumps({"type": "subscribe", "id": "all", "path": "", "viewport": {"row": 0, "col": 0, "rows": 40, "cols": 120}}).encode()
        w.sendall(struct.pack(">I", len(r)) + r)
        while w.recv(1 << 20): pass
    threading.Thread(target=drain, daemon=True).start()
c0 = cpu(); adds(N, "a"); c1 = cpu()
print("%d adds to an empty list" % N + ": %.3f CPU-s" % (c1 - c0))
path = d + "/list.json"
json.dump([{"title": "f%d" % i, "rle": "x = 1, y = 1\no!"} for i in range(fill)], open(path, "w"))
send({"type": "configurations.clear"})
send({"type": "dispatch", "id": "c", "action": {"type": "configurations.clear"}}); 
send({"type": "dispatch", "id": "f", "action": {"type": "configurations.fetch", "url": "file://" + path}})
while True:
    m = recv()
    if m.get("id") == "f": break
send({"type": "subscribe", "id": "cfg", "path": "/configurations/isFetching"})
while True:
    m = recv()
    if m.get("id") == "cfg" and m.get("value") is False: break
    if m.get("type") == "diff" and m["patch"][0]["value"] is False: break
send({"type": "unsubscribe", "id": "cfg"})
send({"type": "get", "id": "g", "path": "/configurations/configs"})
while True:
    m = recv()
    if m.get("id") == "g": print("list holds", len(m["value"])); break
c0 = cpu(); adds(N, "b"); c1 = cpu()
print("%d adds to a list of %d: %.3f CPU-s" % (N, fill, c1 - c0))
# Stop our lifed only (under WRAP, the one the wrapper started), never another on the machine.
import signal
os.kill(lifed.pid if not wrap else int(subprocess.run(["pgrep", "-P", str(lifed.pid), "-x", "lifed"], capture_output=True).stdout.split()[0]), signal.SIGINT)
lifed.wait()
