"""A flooding server for the load tests (LoadTests.swift): on each WebSocket it writes the same 1 KiB
graphql-transport-ws `next` frame as fast as the socket takes it for `--seconds`, or until the client leaves, then
closes the connection.

A separate process, as a hostile server is, and one that counts only what it could hand to the kernel: `websockets`
waits in `send` while more than its write limit (here 16 KiB) waits in user space, so what it counts as written is in
TCP's buffers or beyond. (A flooding server inside the test's own process, on Hummingbird, counted frames its event loop
had not written yet: its writer runs ahead of the loop, so tens of thousands of frames waited in the server, not in
TCP, and the process's memory measured the server's backlog with the app's.)

Prints `ready <port>` once it listens, then one JSON line per connection when it stops writing:
`{"written": N, "written_in_last_half": M, "seconds": S}`, M being what it wrote in the second half of its time.
"""
import argparse
import asyncio
import json
import time

import websockets

parser = argparse.ArgumentParser()
parser.add_argument("--port", type=int, required=True)
parser.add_argument("--seconds", type=float, default=3)
options = parser.parse_args()

FRAME = json.dumps({"type": "next", "id": "1", "payload": {"data": "y" * 1000}}, separators=(",", ":"))


async def flood(socket):
    started = time.monotonic()
    halfway = started + options.seconds / 2
    written = 0
    written_by_halfway = None
    try:
        while (now := time.monotonic()) < started + options.seconds:
            if written_by_halfway is None and now >= halfway:
                written_by_halfway = written
            await socket.send(FRAME)
            written += 1
    except websockets.ConnectionClosed:
        pass
    report = {
        "written": written,
        "written_in_last_half": written - (written if written_by_halfway is None else written_by_halfway),
        "seconds": round(time.monotonic() - started, 3),
    }
    print(json.dumps(report), flush=True)


async def main():
    async with websockets.serve(flood, "127.0.0.1", options.port, write_limit=16 << 10, max_size=None):
        print(f"ready {options.port}", flush=True)
        await asyncio.Future()


asyncio.run(main())
