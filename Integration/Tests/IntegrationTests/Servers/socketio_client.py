"""A python-socketio client (the reference implementation's own client) that the Hummingbird tests point at a
generated Swift server speaking Socket.IO, to show the server speaks the protocol as socket.io's own peers do, not
only as schemagen's client does.

It serves the acknowledgement contract (Tests/SchemaGenCoreTests/Fixtures/Golden/acks.yaml) from the app's side:
connects, prints the Engine.IO transport it ended up on, asks `upload` and `sync` for acknowledgements and prints each
answer as a JSON line, answers the server's `ping` and `poke`, and prints `done` and exits when the server disconnects
it.

`--client async` uses `socketio.AsyncClient` (aiohttp), `--client sync` `socketio.Client` (requests and
websocket-client). `--transports default` leaves the client's own choice: HTTP long-polling first, then the upgrade to
a WebSocket, as socket.io's clients connect unless told otherwise.
"""
import argparse
import asyncio
import json
import sys

import socketio

parser = argparse.ArgumentParser()
parser.add_argument("--url", required=True)
parser.add_argument("--client", choices=["sync", "async"], default="sync")
parser.add_argument("--transports", choices=["default", "websocket", "polling"], default="websocket")
arguments = parser.parse_args()
transports = None if arguments.transports == "default" else [arguments.transports]


def answer_ping(data):
    print(json.dumps({"ping": data}), flush=True)
    return {"busy": data["at"] > 1, "version": "python-socketio"}


def report(upload, sync):
    print(json.dumps({"upload": upload}, sort_keys=True), flush=True)
    print(json.dumps({"sync": list(sync)}), flush=True)


def run_sync():
    client = socketio.Client(reconnection=False)
    client.on("ping", answer_ping)
    client.on("poke", lambda: True)
    client.connect(arguments.url, transports=transports, wait_timeout=10)
    print(json.dumps({"transport": client.transport()}), flush=True)
    report(client.call("upload", {"name": "py.txt", "size": 3}, timeout=10), client.call("sync", ["a", "b"], timeout=10))
    client.wait()


async def run_async():
    client = socketio.AsyncClient(reconnection=False)
    client.on("ping", answer_ping)
    client.on("poke", lambda: True)
    await client.connect(arguments.url, transports=transports, wait_timeout=10)
    print(json.dumps({"transport": client.transport()}), flush=True)
    report(await client.call("upload", {"name": "py.txt", "size": 3}, timeout=10),
           await client.call("sync", ["a", "b"], timeout=10))
    await client.wait()


if arguments.client == "async":
    asyncio.run(run_async())
else:
    run_sync()
print("done", flush=True)
sys.exit(0)
