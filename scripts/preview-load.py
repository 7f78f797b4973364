#!/usr/bin/env python3
"""Load test of `pencilc preview` (issue 13), Python 3 standard library only.

Starts the built `pencilc preview` on a copy of a sample, opens 50
concurrent event-stream clients, makes 2,000 requests over keep-alive
connections from several threads (/, /state.json and /picture.svg mixed),
saves the scene during the run and checks that every stream receives the
new state; then sends SIGINT and checks that every stream gets `bye` and
the server exits with status 0. Everything is bounded: the counts, every
socket's timeout and a global deadline after which the script stops by
itself. Connections go only to 127.0.0.1.

Reports failed requests (must be 0), requests per second, latency p50 and
p99, and the server's peak resident memory (VmHWM from /proc/PID/status);
exits 1 on any failure.

    python3 scripts/preview-load.py [--pencilc .build/debug/pencilc]
        [--streams 50] [--requests 2000] [--threads 8] [--timeout 120]
"""

import argparse
import http.client
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROUTES = ["/", "/state.json", "/picture.svg"]


def read_url(process, deadline):
    """The first line of the server's standard output, within the deadline."""
    line = b""
    while not line.endswith(b"\n"):
        ready, _, _ = select.select([process.stdout], [], [], max(0, deadline - time.monotonic()))
        if not ready:
            raise RuntimeError("no URL from pencilc preview in time")
        byte = os.read(process.stdout.fileno(), 1)
        if not byte:
            raise RuntimeError("pencilc preview ended before printing its URL")
        line += byte
    return line.decode().strip()


def peak_rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


class Stream(threading.Thread):
    """One event-stream client: records the versions of the states it gets
    and whether `bye` came before the end of the stream."""

    def __init__(self, port, deadline):
        super().__init__(daemon=True)
        self.port = port
        self.deadline = deadline
        self.versions = []
        self.arrivals = []
        self.bye = False
        self.error = None
        self.connected = threading.Event()

    def run(self):
        try:
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=10)
            sock.settimeout(max(1, self.deadline - time.monotonic()))
            sock.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode())
            buffer = b""
            while b"\r\n\r\n" not in buffer:
                chunk = sock.recv(65536)
                if not chunk:
                    raise RuntimeError("stream closed before its head")
                buffer += chunk
            head, buffer = buffer.split(b"\r\n\r\n", 1)
            if not head.startswith(b"HTTP/1.1 200") or b"text/event-stream" not in head:
                raise RuntimeError("bad stream head: " + head[:80].decode(errors="replace"))
            self.connected.set()
            while True:
                while b"\n\n" in buffer:
                    event, buffer = buffer.split(b"\n\n", 1)
                    self.take(event.decode())
                chunk = sock.recv(1 << 20)
                if not chunk:
                    break
                buffer += chunk
            sock.close()
        except Exception as error:  # noqa: BLE001 - reported as a failure
            self.error = f"{type(error).__name__}: {error}"
        finally:
            self.connected.set()

    def take(self, event):
        lines = event.split("\n")
        if lines[0] == "event: bye":
            self.bye = True
        elif lines[0] == "event: state":
            data = [line[6:] for line in lines if line.startswith("data: ")]
            marker = '"version":'
            text = data[0] if data else ""
            start = text.find(marker)
            if start >= 0:
                self.versions.append(int(text[start + len(marker):].split(",", 1)[0]))
                self.arrivals.append(time.monotonic())


def requester(port, count, index, results, deadline):
    """`count` requests on one keep-alive connection (reopened if the server
    closes it); appends (ok, seconds, detail) per request."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    for number in range(count):
        if time.monotonic() > deadline:
            results.append((False, 0, "global deadline"))
            return
        path = ROUTES[(number + index) % len(ROUTES)]
        started = time.monotonic()
        try:
            connection.request("GET", path, headers={"Host": f"127.0.0.1:{port}"})
            response = connection.getresponse()
            body = response.read()
            elapsed = time.monotonic() - started
            length = int(response.getheader("Content-Length", "-1"))
            ok = response.status == 200 and length == len(body) and response.getheader("Cache-Control") == "no-store"
            results.append((ok, elapsed, f"{path}: {response.status}"))
            if response.will_close:
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        except Exception as error:  # noqa: BLE001 - reported as a failure
            results.append((False, time.monotonic() - started, f"{path}: {type(error).__name__}: {error}"))
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pencilc", default=os.path.join(ROOT, ".build/debug/pencilc"))
    parser.add_argument("--sample", default="rainbow-pencils.pencil")
    parser.add_argument("--streams", type=int, default=50)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--timeout", type=float, default=120, help="global deadline in seconds")
    arguments = parser.parse_args()
    deadline = time.monotonic() + arguments.timeout
    failures = []

    folder = tempfile.mkdtemp(prefix="pencil-preview-load-")
    samples = os.path.join(folder, "samples")
    shutil.copytree(os.path.join(ROOT, "samples"), samples)
    scene = os.path.join(samples, arguments.sample)
    process = subprocess.Popen(
        [os.path.abspath(arguments.pencilc), "preview", scene],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=folder)
    try:
        url = read_url(process, min(deadline, time.monotonic() + 30))
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        print(f"pencilc preview at {url} (pid {process.pid})")

        streams = [Stream(port, deadline) for _ in range(arguments.streams)]
        for stream in streams:
            stream.start()
        for stream in streams:
            stream.connected.wait(max(0, deadline - time.monotonic()))
        first = max((max(s.versions) for s in streams if s.versions), default=0)
        print(f"{sum(1 for s in streams if s.versions)} of {len(streams)} streams got the initial state")

        results = []
        per_thread = [arguments.requests // arguments.threads] * arguments.threads
        per_thread[0] += arguments.requests - sum(per_thread)
        workers = [
            threading.Thread(target=requester, args=(port, n, i, results, deadline), daemon=True)
            for i, n in enumerate(per_thread)
        ]
        started = time.monotonic()
        for worker in workers:
            worker.start()
        # A save during the run: every stream must get the new state.
        time.sleep(0.2)
        with open(scene, "a") as file:
            file.write("\n// saved during the load test\n")
        saved = time.monotonic()
        for worker in workers:
            worker.join(max(0, deadline - time.monotonic()))
        elapsed = time.monotonic() - started

        wait_until = min(deadline, time.monotonic() + 10)
        while time.monotonic() < wait_until and not all(s.versions and max(s.versions) > first for s in streams):
            time.sleep(0.05)
        updated = sum(1 for s in streams if s.versions and max(s.versions) > first)
        redraws = [next(t for v, t in zip(s.versions, s.arrivals) if v > first) - saved
                   for s in streams if s.versions and max(s.versions) > first]
        peak = peak_rss_kib(process.pid)

        process.send_signal(signal.SIGINT)
        status = process.wait(timeout=max(1, min(30, deadline - time.monotonic())))
        for stream in streams:
            stream.join(max(0, min(10, deadline - time.monotonic())))
        byes = sum(1 for s in streams if s.bye)

        failed = [detail for ok, _, detail in results if not ok]
        missing = arguments.requests - len(results)
        latencies = sorted(seconds for ok, seconds, _ in results if ok)

        def percentile(fraction):
            return latencies[min(len(latencies) - 1, int(fraction * len(latencies)))] * 1000 if latencies else 0

        print(f"requests: {len(results)} made, {len(failed)} failed, {missing} not made, "
              f"{arguments.threads} keep-alive connections")
        print(f"throughput: {len(results) / elapsed:.0f} requests/s over {elapsed:.2f} s")
        print(f"latency: p50 {percentile(0.50):.2f} ms, p99 {percentile(0.99):.2f} ms")
        print(f"streams: {updated} of {len(streams)} got the new state, {byes} got bye")
        if redraws:
            print(f"save to new state on every stream: {max(redraws) * 1000:.0f} ms at most "
                  f"(first {min(redraws) * 1000:.0f} ms), under load")
        print(f"server peak RSS (VmHWM): {peak / 1024:.1f} MiB" if peak else "server peak RSS: unknown")
        print(f"exit status after SIGINT: {status}")
        for detail in failed[:10]:
            failures.append("request failed: " + detail)
        if missing:
            failures.append(f"{missing} requests not made before the deadline")
        errors = [s.error for s in streams if s.error]
        failures += [f"stream: {error}" for error in errors[:5]]
        if updated != len(streams):
            failures.append(f"only {updated} of {len(streams)} streams got the new state")
        if byes != len(streams):
            failures.append(f"only {byes} of {len(streams)} streams got bye")
        if status != 0:
            failures.append(f"exit status {status} after SIGINT")
    except Exception as error:  # noqa: BLE001 - reported as a failure
        failures.append(f"{type(error).__name__}: {error}")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        shutil.rmtree(folder, ignore_errors=True)
    for failure in failures:
        print("FAIL  " + failure)
    print("preview load: " + ("FAILED" if failures else "ok"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
