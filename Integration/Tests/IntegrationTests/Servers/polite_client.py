"""The well-behaved client of the load tests (LoadTests.swift): one WebSocket that speaks Socket.IO's handshake to the
server under test, then asks `upload` requests one after another, each waiting for its acknowledgement, for
`--seconds`. Prints one JSON line: the answers it got and their latencies' median and 99th percentile in seconds.

A process of its own, as a real client is: inside the server's process its every step would wait behind the server's
own work on the same threads, which measures the test's process, not what the server gives each connection.
"""
import argparse
import asyncio
import json
import re
import time

import websockets

parser = argparse.ArgumentParser()
parser.add_argument("--url", required=True)
parser.add_argument("--seconds", type=float, default=3.5)
arguments = parser.parse_args()

ACK = re.compile(r"^43(\d+)")


async def main():
    latencies = []
    async with websockets.connect(arguments.url, open_timeout=5) as socket:
        await socket.recv()  # Engine.IO's open packet
        await socket.send("40")
        await socket.recv()  # Socket.IO's CONNECT answer
        deadline = time.monotonic() + arguments.seconds
        number = 0
        while time.monotonic() < deadline:
            number += 1
            asked = time.monotonic()
            await socket.send('42%d["upload",{"name":"a","size":1}]' % number)
            while True:
                message = await socket.recv()
                if message == "2":  # Engine.IO's ping
                    await socket.send("3")
                    continue
                answered = ACK.match(message)
                if answered and int(answered.group(1)) == number:
                    break
            latencies.append(time.monotonic() - asked)
    latencies.sort()
    count = len(latencies)
    print(
        json.dumps(
            {
                "answers": count,
                "median": latencies[count // 2] if count else None,
                "p99": latencies[min(count - 1, count * 99 // 100)] if count else None,
            }
        ),
        flush=True,
    )


asyncio.run(main())
