#!/usr/bin/env python3
"""Latency of `pencilc lsp` on a generated 1,000-line scene (not run in CI):
the time from a didChange to its publishDiagnostics, and the time to answer
completion, hover, definition, references, rename and semantic tokens, each the median of
many rounds (the names come from the check that made the diagnostics;
rename checks the renamed text once more). Raw framing over
pipes, so the client costs nearly nothing. The issue's goal: under 50 ms
per answer on one core (`--cpu 0` pins the server with taskset), and 30 ms
from a keystroke in a 16,000-line file to its diagnostics. The didChange
row's CPU time (from /proc/PID/schedstat) is printed too, and each request's: on a loaded
machine the wall time includes the wait for a core.

    swift build -c release
    python3 scripts/lsp-bench.py --pencilc .build/release/pencilc --cpu 0

`--batch EDITS` times instead one didChange of EDITS ranged edits (one per
line, in increasing, decreasing and random order) to the scene, until its
publishDiagnostics, and prints the server's peak memory (VmHWM) after it.
`--memory DOCS` opens DOCS copies of the scene, each checked, and prints the
server's memory then (VmRSS) and at its peak (VmHWM).
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import time

URI = "file:///tmp/pencilc-lsp-bench/scene.pencil"


def scene(lines):
    """A scene of about `lines` lines: lets, a component, gradients and stacks of elements."""
    out = [
        "canvas 1200x1200",
        "let gap = 6",
        "color brand light=#0a84ff dark=.blue",
        "gradient shine hsb leading to trailing { stop s=1 b=0.4; stop s=1 b=1 }",
        "component badge(tint: Color = .red, label: String = \"x\") {",
        "  zstack {",
        "    roundrect size 40x20 radius=6 fill=tint",
        "    text label font=caption color=.white",
        "  }",
        "}",
    ]
    row = 0
    while len(out) + 5 < lines:
        y = 10 + (row % 50) * 22
        x = 10 + (row // 50) * 60
        out.append(f"hstack at {x},{y} spacing=gap {{")
        out.append(f"  rect size 10x10 fill=hsb({row % 100 / 100}, 0.8, 0.9)")
        out.append(f"  badge tint=brand label=\"{row}\"")
        out.append(f"  ellipse size 8x8 fill=salmon gradient=shine stroke=#333333 lineWidth=1")
        out.append("}")
        row += 1
    while len(out) < lines - 1:
        out.append("// padding to the line count")
    out.append("text \"end\" at 10,1190 font=body color=brand")
    return "\n".join(out) + "\n"


class Server:
    def __init__(self, command):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 1

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def until(self, matches):
        while True:
            message = self.receive()
            if matches(message):
                return message

    def request(self, method, params):
        request_id = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        return self.until(lambda m: m.get("id") == request_id)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})


def cpu_ms(process):
    """The server's time on a CPU so far (Linux's /proc/PID/schedstat, in ns): on a
    loaded machine the wall time of an answer includes waiting for a core."""
    try:
        with open(f"/proc/{process.pid}/schedstat") as stat:
            return int(stat.read().split()[0]) / 1e6
    except OSError:
        return float("nan")


def timed(action):
    start = time.perf_counter()
    result = action()
    return (time.perf_counter() - start) * 1000, result


def peak_memory_kib(process, field="VmHWM"):
    with open(f"/proc/{process.pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith(field + ":"))


def opened(command, text):
    server = Server(command)
    server.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    server.notify("initialized", {})
    ms, _ = timed(lambda: (
        server.notify("textDocument/didOpen", {"textDocument": {
            "uri": URI, "languageId": "pencil", "version": 1, "text": text}}),
        server.until(lambda m: m.get("method") == "textDocument/publishDiagnostics")))
    return server, ms


def close(server):
    server.request("shutdown", None)
    server.notify("exit", None)
    server.process.wait(timeout=60)


def batch(command, text, edits):
    """One didChange of `edits` one-character edits in each order."""
    import random
    lines = text.split("\n")
    rows = [i * (len(lines) - 1) // edits for i in range(edits)]
    orders = {"increasing": rows, "decreasing": rows[::-1], "random": random.Random(21).sample(rows, len(rows))}
    print(f"one didChange of {edits} edits to a {len(lines) - 1}-line scene ({len(text)} bytes), "
          f"server {' '.join(command)}; load average {os.getloadavg()[0]:.2f}")
    for name, order in orders.items():
        server, open_ms = opened(command, text)
        changes = [{"range": {"start": {"line": row, "character": 0}, "end": {"line": row, "character": 0}},
                    "text": " "} for row in order]
        ms, _ = timed(lambda: (
            server.notify("textDocument/didChange", {
                "textDocument": {"uri": URI, "version": 2}, "contentChanges": changes}),
            server.until(lambda m: m.get("method") == "textDocument/publishDiagnostics")))
        print(f"  {name:10s} didChange -> publishDiagnostics {ms:9.1f} ms (didOpen -> publishDiagnostics {open_ms:7.1f} ms)"
              f"   peak memory {peak_memory_kib(server.process) / 1024:7.1f} MiB")
        close(server)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = ".build/release/pencilc" if os.path.exists(".build/release/pencilc") else ".build/debug/pencilc"
    parser.add_argument("--pencilc", default=default)
    parser.add_argument("--lines", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--cpu", type=int, help="pin the server to this core with taskset")
    parser.add_argument("--batch", type=int, metavar="EDITS", help="time one didChange of EDITS edits")
    parser.add_argument("--memory", type=int, metavar="DOCS", help="the server's memory with DOCS copies open")
    arguments = parser.parse_args()
    command = [arguments.pencilc, "lsp"]
    if arguments.cpu is not None and shutil.which("taskset"):
        command = ["taskset", "-c", str(arguments.cpu)] + command
    text = scene(arguments.lines)
    if arguments.batch:
        return batch(command, text, arguments.batch)
    if arguments.memory:
        server, ms = opened(command, text)
        for copy in range(1, arguments.memory):
            server.notify("textDocument/didOpen", {"textDocument": {
                "uri": URI.replace(".pencil", f"{copy}.pencil"), "languageId": "pencil", "version": 1, "text": text}})
            server.until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
        held, peak = peak_memory_kib(server.process, "VmRSS"), peak_memory_kib(server.process)
        print(f"{arguments.memory} x {len(text)} bytes open and checked (the first in {ms:.0f} ms): server memory "
              f"{held / 1024:.1f} MiB ({held * 1024 / len(text) / arguments.memory:.1f}x the texts), "
              f"peak {peak / 1024:.1f} MiB ({peak * 1024 / len(text) / arguments.memory:.1f}x)")
        return close(server)
    lines = text.split("\n")
    server = Server(command)
    server.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    server.notify("initialized", {})
    is_diagnostics = lambda m: m.get("method") == "textDocument/publishDiagnostics"
    open_ms, published = timed(lambda: (
        server.notify("textDocument/didOpen", {"textDocument": {
            "uri": URI, "languageId": "pencil", "version": 1, "text": text}}),
        server.until(is_diagnostics))[1])
    problems = len(published["params"]["diagnostics"])

    # Each round edits the hue of one rect (a number in the middle of the file).
    target = next(i for i, line in enumerate(lines) if i > len(lines) // 2 and "fill=hsb(" in line)
    column = lines[target].index("hsb(") + 4
    change, completion, hover, definition, references, rename, tokens = [], [], [], [], [], [], []
    change_cpu = []
    cpu = {}  # the server's CPU time for each row's rounds

    def measured(row, values, action):
        """`timed(action)`, its wall time appended to `values` and the server's CPU time for it to `cpu[row]`."""
        before = cpu_ms(server.process)
        ms, answer = timed(action)
        values.append(ms)
        cpu.setdefault(row, []).append(cpu_ms(server.process) - before)
        return answer
    brand_line = target + 1
    brand = {"textDocument": {"uri": URI},
             "position": {"line": brand_line, "character": lines[brand_line].index("brand") + 1}}
    for round_ in range(arguments.rounds):
        digit = str(round_ % 10)
        edit = {"range": {"start": {"line": target, "character": column},
                          "end": {"line": target, "character": column + 1}}, "text": digit}
        before = cpu_ms(server.process)
        ms, _ = timed(lambda: (
            server.notify("textDocument/didChange", {
                "textDocument": {"uri": URI, "version": round_ + 2}, "contentChanges": [edit]}),
            server.until(is_diagnostics)))
        change.append(ms)
        change_cpu.append(cpu_ms(server.process) - before)
        # Completion after `fill=` and hover on `salmon`, both on the edited line's neighbours.
        fill_column = lines[target].index("fill=") + 5
        measured("completion", completion, lambda: server.request("textDocument/completion", {
            "textDocument": {"uri": URI}, "position": {"line": target, "character": fill_column}}))
        salmon_line = target + 2
        measured("hover", hover, lambda: server.request("textDocument/hover", {
            "textDocument": {"uri": URI},
            "position": {"line": salmon_line, "character": lines[salmon_line].index("salmon") + 2}}))
        answer = measured("definition", definition, lambda: server.request("textDocument/definition", brand))
        assert answer.get("result", {}).get("range", {}).get("start", {}).get("line") == 2, answer
        answer = measured("references", references, lambda: server.request("textDocument/references", {
            **brand, "context": {"includeDeclaration": True}}))
        uses = len(answer.get("result") or [])
        answer = measured("rename (checked again)", rename, lambda: server.request("textDocument/rename", {
            **brand, "newName": "accent"}))
        assert len(answer.get("result", {}).get("changes", {}).get(URI, [])) == uses, "rename: one edit per place"
        answer = measured("semanticTokens/full", tokens, lambda: server.request(
            "textDocument/semanticTokens/full", {"textDocument": {"uri": URI}}))
        assert len(answer.get("result", {}).get("data", [])) > 5 * len(lines), "semantic tokens"
    server.request("shutdown", None)
    server.notify("exit", None)
    server.process.wait(timeout=20)

    print(f"pencilc lsp on a {len(lines) - 1}-line scene ({len(text)} bytes, {problems} diagnostics), "
          f"{arguments.rounds} rounds, server {' '.join(command)}; load average {os.getloadavg()[0]:.2f}")
    print(f"  didOpen -> publishDiagnostics   {open_ms:7.1f} ms (once)")
    print(f"  (references and rename of the colour set 'brand': {uses} places)")
    for name, values in (("didChange -> publishDiagnostics", change), ("completion", completion), ("hover", hover),
                         ("definition", definition), ("references", references),
                         ("rename (checked again)", rename), ("semanticTokens/full", tokens)):
        line = f"  {name:32s} median {statistics.median(values):6.1f} ms   max {max(values):6.1f} ms"
        if name in cpu:
            line += f"   server CPU median {statistics.median(cpu[name]):6.1f} ms"
        print(line)
    print(f"  (didChange -> publishDiagnostics: the server's CPU time median {statistics.median(change_cpu):6.1f} ms"
          f"   max {max(change_cpu):6.1f} ms)")


if __name__ == "__main__":
    main()
