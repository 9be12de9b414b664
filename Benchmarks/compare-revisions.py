#!/usr/bin/env python3
"""Measures the speed code issue 52 weighed: each row builds the debug schemagen (what the build plugin runs) at the
commit before a change and at the change, and times both alternately on real contract sizes.

    python3 Benchmarks/compare-revisions.py                 # print the table
    python3 Benchmarks/compare-revisions.py --update-docs   # write it into docs/performance.md

Each revision is checked out in a worktree under the system's temporary folder and built once (a few minutes each);
a command runs in its own revision's worktree, on that revision's contracts and configuration. The fastest of --runs runs.
"""
import argparse
import os
import pathlib
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "performance.md"
BEGIN, END = "<!-- speed-code:begin -->", "<!-- speed-code:end -->"
SYNTHETIC = "{tmp}/synthetic-300.yaml"

# (what the change removed or added, the commit of the change, the commands timed, kept when it takes at least a fifth)
CHANGES = [
    ("`BlockYAMLReader`, plain block YAML read in one pass instead of by Yams", "5eb9a6a",
     [("lint schemas", ["lint", "schemas"]), ("check", ["check"])]),
    ("loops inside a file on all cores (types, Markdown sections, events, long lists in chunks)", "1962a4a",
     [("check", ["check"]), ("300 events", ["generate", SYNTHETIC, "-o", "{out}", "--quiet", "--no-config"])]),
    ("256 KB layout segments (`BraceLayout`)", "5b6743e",
     [("300 events", ["generate", SYNTHETIC, "-o", "{out}", "--quiet", "--no-config"])]),
    ("template keys read through `Encodable` instead of hand-kept key tables (added, not removed)", "6e318a3",
     [("generate schemas", ["generate", "schemas", "-o", "{out}", "--quiet", "--no-config"]),
      ("300 events", ["generate", SYNTHETIC, "-o", "{out}", "--quiet", "--no-config"])]),
]


def run(command, cwd=ROOT):
    subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def worktree(revision, tmp):
    path = pathlib.Path(tmp) / f"schemagen-{revision}"
    if not path.exists():
        run(["git", "worktree", "add", "--detach", str(path), revision])
    binary = path / ".build" / "debug" / "schemagen"
    if not binary.exists():
        run(["swift", "build", "--product", "schemagen"], cwd=path)
    return path, binary


def timed(binary, cwd, arguments):
    start = time.perf_counter()
    subprocess.run([str(binary)] + arguments, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def measure(runs, tmp):
    synthetic = SYNTHETIC.format(tmp=tmp)
    with open(synthetic, "w") as file:
        subprocess.run([sys.executable, str(ROOT / "Benchmarks" / "make-contract.py"), "300"], stdout=file, check=True)
    rows = []
    for label, change, commands in CHANGES:
        before_path, before = worktree(f"{change}^", tmp)
        after_path, after = worktree(change, tmp)
        cells_before, cells_after, shares = [], [], []
        for name, template in commands:
            arguments = [a.format(tmp=tmp, out=os.path.join(tmp, "speed-code-out")) for a in template]
            times = {"before": [], "after": []}
            for _ in range(runs):
                # Alternated, so drift in the machine's load falls on both.
                times["before"].append(timed(before, before_path, arguments))
                times["after"].append(timed(after, after_path, arguments))
            old, new = min(times["before"]), min(times["after"])
            cells_before.append(f"{name} {old:.3f} s")
            cells_after.append(f"{new:.3f} s")
            shares.append((new - old) / old)
        change_text = ", ".join(f"{share * 100:+.0f}%" for share in shares)
        rows.append(f"| {label} | `{change}` | {'; '.join(cells_before)} | {'; '.join(cells_after)} | {change_text} |")
    # The one parallel loop kept, over the output files: `check` on one core against all of them.
    path, binary = worktree(CHANGES[-2][1], tmp)
    one, all_cores = [], []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(["taskset", "-c", "0", str(binary), "check"], cwd=path, check=True, stdout=subprocess.DEVNULL)
        one.append(time.perf_counter() - start)
        all_cores.append(timed(binary, path, ["check"]))
    old, new = min(one), min(all_cores)
    rows.append(
        f"| the loop over output files on all cores (kept; before is `check` on one core, `taskset -c 0`) "
        f"| `{CHANGES[-2][1]}` | check {old:.3f} s | {new:.3f} s | {(new - old) / old * 100:+.0f}% |")
    return rows


def table(rows, runs):
    return "\n".join([
        f"Debug builds, the fastest of {runs} runs each (the least disturbed by other work), the two binaries alternated "
        f"(`python3 Benchmarks/compare-revisions.py --update-docs`):",
        "",
        "| speed code | change | before | after | time |",
        "|---|---|---|---|---|",
        *rows,
    ])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--update-docs", action="store_true")
    options = parser.parse_args()
    tmp = tempfile.gettempdir()
    text = table(measure(options.runs, tmp), options.runs)
    print(text)
    if options.update_docs:
        doc = DOC.read_text()
        start, end = doc.index(BEGIN) + len(BEGIN), doc.index(END)
        DOC.write_text(doc[:start] + "\n" + text + "\n" + doc[end:])


if __name__ == "__main__":
    main()
