#!/usr/bin/env python3
"""Writes the OpenAPI 3.1 document equal to Benchmarks/make-contract.py's contract, for the peer generator.

N component schemas of ten properties (string, integer, boolean, number, date-time required; the same five
optional), the model swift-openapi-generator's `--mode types` output is compared on (docs/performance.md).

    python3 Benchmarks/make-openapi.py 500 > /tmp/openapi-500.yaml
"""
import sys


def document(count: int) -> str:
    lines = [
        "openapi: 3.1.0",
        "info:",
        f"  title: Synthetic document of {count} schemas",
        "  version: 1.0.0",
        "paths: {}",
        "components:",
        "  schemas:",
    ]
    fields = [("text", "type: string"), ("number", "type: integer"), ("flag", "type: boolean"),
              ("ratio", "type: number"), ("at", "{type: string, format: date-time}")]
    for index in range(count):
        lines += [f"    Payload{index}:", "      type: object", "      properties:"]
        for name, schema in fields:
            lines.append(f"        {name}: {{{schema}}}" if not schema.startswith("{") else f"        {name}: {schema}")
        for name, schema in fields:
            optional = "maybe" + name[0].upper() + name[1:]
            lines.append(f"        {optional}: {{{schema}}}" if not schema.startswith("{") else f"        {optional}: {schema}")
        lines.append("      required: [" + ", ".join(name for name, _ in fields) + "]")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    if len(sys.argv) != 2 or not sys.argv[1].isdigit():
        sys.exit("usage: make-openapi.py SCHEMAS")
    sys.stdout.write(document(int(sys.argv[1])))
