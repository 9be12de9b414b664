#!/usr/bin/env python3
"""Runs every schemagen benchmark in release builds and prints one table.

    python3 Benchmarks/run.py            # from the repository root; about 5 minutes on 2 cores

Generation: the whole `schemagen generate` process (Swift and docs) on the five contracts of schemas/ and on
synthetic contracts of 100, 2,000 and 10,000 server-to-client events (Benchmarks/make-contract.py): wall time
and peak memory, median of 5 runs. Compile cost: `swiftc -typecheck` of the Swift generated for 2,000 events,
median of 3. Dispatch: Benchmarks/Sources/DispatchBenchmark (frames per second, best of 5 rounds).
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNS = 5


def run(command, cwd=ROOT, quiet=True):
    result = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE if quiet else None, stderr=subprocess.STDOUT if quiet else None, text=True)
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{result.stdout or ''}")
    return result.stdout or ""


def timed(command):
    """Wall seconds and peak resident memory (MiB) of one process."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {' '.join(command)}: {process.stderr.read().decode()}")
    return elapsed, usage.ru_maxrss / 1024


def main():
    print("Building release binaries…", file=sys.stderr)
    run(["swift", "build", "-c", "release", "--product", "schemagen"])
    run(["swift", "build", "-c", "release", "--target", "SchemaGenRuntime"])
    run(["swift", "build", "-c", "release", "--package-path", "Benchmarks"])
    schemagen = os.path.join(ROOT, ".build/release/schemagen")
    work = tempfile.mkdtemp(prefix="schemagen-bench-")
    rows = []
    try:
        inputs = [("the five guide contracts (schemas/, 79 events)", os.path.join(ROOT, "schemas"))]
        for count in (100, 2000, 10000):
            path = os.path.join(work, f"synthetic-{count}.yaml")
            with open(path, "w") as handle:
                handle.write(run([sys.executable, os.path.join(ROOT, "Benchmarks/make-contract.py"), str(count)]))
            inputs.append((f"{count:,} events, 10-field payloads", path))
        for label, path in inputs:
            print(f"Generating: {label}…", file=sys.stderr)
            times, memories = [], []
            for _ in range(RUNS):
                output = os.path.join(work, "out")
                shutil.rmtree(output, ignore_errors=True)
                seconds, mebibytes = timed([schemagen, "generate", path, "-o", output, "--quiet", "--no-config"])
                times.append(seconds)
                memories.append(mebibytes)
            rows.append(("generate", label, f"{statistics.median(times):.3f} s", f"{statistics.median(memories):.0f} MiB peak"))

        print("Type-checking the Swift generated for 2,000 events…", file=sys.stderr)
        output = os.path.join(work, "out-2000")
        run([schemagen, "generate", os.path.join(work, "synthetic-2000.yaml"), "-o", output, "--swift-only", "--quiet", "--no-config"])
        swift_file = os.path.join(output, "Swift/synthetic-2000.swift")
        modules = os.path.join(ROOT, ".build/release/Modules")
        compile_times = []
        for _ in range(3):
            start = time.perf_counter()
            run(["swiftc", "-typecheck", "-swift-version", "6", "-I", modules, swift_file])
            compile_times.append(time.perf_counter() - start)
        lines = sum(1 for _ in open(swift_file))
        rows.append(("compile", f"swiftc -typecheck, 2,000 events ({lines:,} lines)", f"{statistics.median(compile_times):.2f} s", ""))

        print("Dispatching frames…", file=sys.stderr)
        dispatch = run([os.path.join(ROOT, "Benchmarks/.build/release/DispatchBenchmark")])
        for line in dispatch.strip().splitlines():
            kind, label, per_second, ratio = line.split("\t")
            rows.append((kind, label, f"{int(per_second):,} frames/s", ratio))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print(f"\n| benchmark | case | result | |")
    print("|---|---|---|---|")
    for row in rows:
        print(f"| {row[0]} | {row[1]} | {row[2]} | {row[3]} |")
    print(f"\nMachine: {os.cpu_count()} cores, {platform_summary()}")


def platform_summary():
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as handle:
            cpu = next(line.split(":", 1)[1].strip() for line in handle if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return f"{cpu}; {swift}"


if __name__ == "__main__":
    main()
