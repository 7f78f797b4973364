#!/usr/bin/env python3
"""Peak memory of `pencilc preview` with CLIENTS event streams that never
read, over SAVES saves of a scene whose state is about 1.4 MB.

Usage: python3 scripts/preview-event-memory.py [PENCILC] [CLIENTS] [SAVES]
(defaults: .build/debug/pencilc 250 7). Prints the peak resident size
(VmHWM): one copy of each event, not one per client, is what should show."""
import socket, subprocess, sys, time, os, tempfile
binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/pencilc"
clients = int(sys.argv[2]) if len(sys.argv) > 2 else 250
saves = int(sys.argv[3]) if len(sys.argv) > 3 else 7
d = tempfile.mkdtemp()
scene = os.path.join(d, "scene.pencil")
def write(i):
    with open(scene + ".tmp", "w") as f:
        f.write("".join(f"rect at {k % 100},{k // 100} size 1x1 fill=#33{i%10}699\n" for k in range(8000)))
    os.rename(scene + ".tmp", scene)
write(0)
p = subprocess.Popen([binary, "preview", scene], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
url = p.stdout.readline().decode().strip()
port = int(url.rsplit(":", 1)[1].strip("/"))
socks = []
for _ in range(clients):
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect(("127.0.0.1", port))
    s.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    socks.append(s)
def rss():
    for line in open(f"/proc/{p.pid}/status"):
        if line.startswith("VmRSS"): return int(line.split()[1]) // 1024
def state_version():
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(f"GET /state.json HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
    data = b""
    while True:
        c = s.recv(1 << 20)
        if not c: break
        data += c
    i = data.find(b'"version":')
    return int(data[i+10:data.find(b",", i)]), len(data)
time.sleep(1)
print("start rss MiB", rss(), "state bytes", state_version()[1])
for i in range(1, saves + 1):
    write(i)
    deadline = time.time() + 60
    while state_version()[0] < i + 1 and time.time() < deadline: time.sleep(0.05)
time.sleep(1)
print("peak rss:" + open(f"/proc/{p.pid}/status").read().split("VmHWM")[1].split("\n")[0].lstrip(":"))
print(f"after {saves} saves, {clients} clients: rss MiB", rss())
for s in socks:
    s.close()
p.terminate()
p.wait()
subprocess.run(["rm", "-rf", d])
