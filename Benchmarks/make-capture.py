#!/usr/bin/env python3
"""Writes a capture of N frames as JSON Lines (what `schemagen verify` reads) for schemas/rooms.yaml: a Socket.IO
session of touches, element creations and joins both ways, with the protocol's pings, every frame matching the
contract.

    python3 Benchmarks/make-capture.py 1000000 > capture.jsonl
"""
import json
import sys

count = int(sys.argv[1])
frames = [
    ("server-to-client", '42["touch:moved",{"roomId":"r1","x":%d.5,"y":2,"elementId":null}]'),
    ("client-to-server", '42["touch:move",{"roomId":"r1","x":%d.5,"y":2}]'),
    ("server-to-client", '42["element:created",{"id":"e%d","roomId":"r1","type":"note","createdBy":"u1","positionX":1,'
                         '"positionY":2,"width":3,"height":4,"content":"hello","createdAt":"2026-11-27T10:00:00Z"}]'),
    ("client-to-server", '42["room:join",{"roomId":"r%d"}]'),
    ("server-to-client", "2"),
    ("client-to-server", "3"),
]
out = sys.stdout
for index in range(count):
    direction, template = frames[index % len(frames)]
    data = template % index if "%d" in template else template
    out.write(json.dumps({"direction": direction, "data": data}) + "\n")
