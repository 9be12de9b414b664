#!/usr/bin/env python3
"""Writes the compile-cost floor of the generated Swift for N events: what a developer would write by hand for the
same contract (Benchmarks/make-contract.py), with nothing but what an app needs to read those events. The payload
structs with the compiler's `Decodable`, and one enum of the events with the switch from a wire name to a case.
No listeners, no emit methods, no channels, no runtime: the generated file does more, and its type-checking time
over this one's says what that costs (docs/performance.md).

    python3 Benchmarks/make-floor.py 500 > /tmp/floor-500.swift
"""
import sys

FIELDS = [("text", "String"), ("number", "Int"), ("flag", "Bool"), ("ratio", "Double"), ("at", "Date"),
          ("maybeText", "String?"), ("maybeNumber", "Int?"), ("maybeFlag", "Bool?"), ("maybeRatio", "Double?"),
          ("maybeAt", "Date?")]


def floor(count: int) -> str:
    lines = ["import Foundation", ""]
    for index in range(count):
        lines.append(f"public struct Payload{index}: Decodable, Sendable {{")
        lines += [f"    public let {name}: {type_}" for name, type_ in FIELDS]
        lines += ["}", ""]
    lines.append("public enum ServerEvent: Sendable {")
    lines += [f"    case event{index}(Payload{index})" for index in range(count)]
    lines.append("    case unknown(name: String)")
    lines.append("")
    lines.append("    public static func decode(name: String, payload: Data, decoder: JSONDecoder) throws -> ServerEvent {")
    lines.append("        switch name {")
    for index in range(count):
        lines.append(f"        case \"event_{index}\": return .event{index}(try decoder.decode(Payload{index}.self, from: payload))")
    lines += ["        default: return .unknown(name: name)", "        }", "    }", "}"]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    if len(sys.argv) != 2 or not sys.argv[1].isdigit():
        sys.exit("usage: make-floor.py EVENTS")
    sys.stdout.write(floor(int(sys.argv[1])))
