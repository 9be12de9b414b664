"""A python-socketio client (the reference implementation's own) that the Hummingbird tests point at a generated Swift
server for Integration/Tests/IntegrationTests/files.events.yaml, to show the server sends and reads bytes as
socket.io's peers do: binary events and acknowledgements, attachments over a WebSocket or, with `--transports
polling`, as long-polling's `b`-prefixed base64 packets.

Connects to `/files`, calls `fetch` and `upload` (whose body is Python `bytes`), answers the server's `peek` with
bytes, and prints what arrives as JSON lines, bytes as `{"bytes": "<hex>"}` so a string that should have been bytes
shows. Prints `done` and exits when the server disconnects it.
"""
import argparse
import asyncio
import json
import sys

import socketio

parser = argparse.ArgumentParser()
parser.add_argument("--url", required=True)
parser.add_argument("--transports", choices=["websocket", "polling"], default="websocket")
arguments = parser.parse_args()


def shown(value):
    if isinstance(value, bytes):
        return {"bytes": value.hex()}
    if isinstance(value, list):
        return [shown(item) for item in value]
    if isinstance(value, dict):
        return {key: shown(item) for key, item in value.items()}
    return value


def say(**line):
    print(json.dumps(shown(line), sort_keys=True), flush=True)


async def run():
    client = socketio.AsyncClient(reconnection=False)

    @client.on("file", namespace="/files")
    def file(data):
        say(file=data)

    @client.on("peek", namespace="/files")
    def peek(data):
        say(peek=data)
        return b"\x00" + data["name"].encode()

    await client.connect(arguments.url, namespaces=["/files"], transports=[arguments.transports], wait_timeout=10)
    say(transport=client.transport())
    say(fetch=await client.call("fetch", {"name": "a.png"}, namespace="/files", timeout=10))
    say(upload=await client.call("upload", {"name": "u.bin", "body": bytes([0, 1, 254, 255])}, namespace="/files",
                                 timeout=10))
    await client.wait()


asyncio.run(run())
print("done", flush=True)
sys.exit(0)
