"""Flooding clients for the load tests (LoadTests.swift): each of `--connections` WebSockets speaks Socket.IO's
handshake to the server under test (Engine.IO's open packet, then CONNECT), then sends `upload` requests, each asking
for an acknowledgement, as fast as its socket takes them until `--seconds` have passed, reconnecting whenever the
server closes it. Even-numbered connections read the server's replies; odd ones never read after the handshake
(websockets then stops reading its socket once 16 messages wait, so the server's writes to it back up in TCP).

A separate process, as hostile clients are: flooders inside the test's own process would compete with the server for
its threads, which measures the test, not the server. Prints one JSON line: requests sent, connections opened and
the close reasons the server gave.
"""
import argparse
import asyncio
import json
import time

import websockets

parser = argparse.ArgumentParser()
parser.add_argument("--url", required=True)
parser.add_argument("--connections", type=int, default=10)
parser.add_argument("--seconds", type=float, default=4)
arguments = parser.parse_args()

totals = {"requests": 0, "connections": 0, "closed": {}}


async def drain(socket):
    try:
        async for _ in socket:
            pass
    except websockets.ConnectionClosed:
        pass


async def flood(index, deadline):
    reading = index % 2 == 0
    while time.monotonic() < deadline:
        try:
            async with websockets.connect(arguments.url, max_queue=16, open_timeout=5) as socket:
                totals["connections"] += 1
                await socket.recv()  # Engine.IO's open packet
                await socket.send("40")
                await socket.recv()  # Socket.IO's CONNECT answer
                reader = asyncio.create_task(drain(socket)) if reading else None
                number = 0
                try:
                    while time.monotonic() < deadline:
                        number += 1
                        await socket.send('42%d["upload",{"name":"flood","size":1}]' % number)
                        totals["requests"] += 1
                        if number % 64 == 0:
                            await asyncio.sleep(0)  # let this process's other connections send too
                except websockets.ConnectionClosed as closed:
                    reason = closed.rcvd.reason if closed.rcvd else "no close frame"
                    totals["closed"][reason] = totals["closed"].get(reason, 0) + 1
                if reader:
                    reader.cancel()
        except (OSError, websockets.WebSocketException, asyncio.TimeoutError):
            await asyncio.sleep(0.01)


async def main():
    deadline = time.monotonic() + arguments.seconds
    await asyncio.gather(*(flood(index, deadline) for index in range(arguments.connections)))
    print(json.dumps(totals, sort_keys=True), flush=True)


asyncio.run(main())
