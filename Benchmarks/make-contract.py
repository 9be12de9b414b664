#!/usr/bin/env python3
"""Writes a synthetic contract of N server-to-client events for the generation benchmarks.

Each event's payload is a named type of ten fields: String, Int, Bool, Double and Date required, and the same
five optional, the model shape other generators are measured on.

    python3 Benchmarks/make-contract.py 2000 > /tmp/synthetic-2000.yaml
"""
import sys


def contract(count: int) -> str:
    lines = [
        "schemagen: 1",
        f"name: Synthetic{count}",
        f"title: Synthetic contract of {count} events",
        "framing: socket.io",
        "dates: iso8601",
        "types:",
    ]
    for index in range(count):
        lines += [
            f"  Payload{index}:",
            "    fields:",
            "      text: String",
            "      number: Int",
            "      flag: Bool",
            "      ratio: Double",
            "      at: Date",
            "      maybeText: String?",
            "      maybeNumber: Int?",
            "      maybeFlag: Bool?",
            "      maybeRatio: Double?",
            "      maybeAt: Date?",
        ]
    lines.append("events:")
    for index in range(count):
        lines += [
            f"  event_{index}:",
            "    direction: server-to-client",
            f"    description: Synthetic event number {index}.",
            f"    payload: Payload{index}",
        ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    if len(sys.argv) != 2 or not sys.argv[1].isdigit():
        sys.exit("usage: make-contract.py EVENTS")
    sys.stdout.write(contract(int(sys.argv[1])))
