"""A plain `websockets` client (python's reference WebSocket library) against `schemagen-mock` (issue 39): sends each
`--send` frame as a text message, in order (`--repeat` times), and prints every message it receives as a JSON line
(`{"received": "<frame>"}`) until it has `--expect` of them, then closes and prints `done`. Fails after 10 seconds
without them.
"""
import argparse
import asyncio
import json

import websockets

parser = argparse.ArgumentParser()
parser.add_argument("--url", required=True)
parser.add_argument("--send", action="append", default=[])
parser.add_argument("--expect", type=int, required=True)
parser.add_argument("--repeat", type=int, default=1, help="send the --send frames this many times (a flood)")
arguments = parser.parse_args()


async def main():
    async with websockets.connect(arguments.url) as socket:
        for _ in range(arguments.repeat):
            for frame in arguments.send:
                await socket.send(frame)
        for _ in range(arguments.expect):
            message = await asyncio.wait_for(socket.recv(), timeout=10)
            print(json.dumps({"received": message}), flush=True)
    print("done", flush=True)


asyncio.run(main())
