"""A python-socketio client (the reference implementation's own client) that the Hummingbird tests point at a
generated Swift server speaking Socket.IO, to show the server speaks the protocol as socket.io's own peers do, not
only as schemagen's client does.

It serves the acknowledgement contract (Tests/SchemaGenCoreTests/Fixtures/Golden/acks.yaml) from the app's side:
connects over the WebSocket transport, asks `upload` and `sync` for acknowledgements and prints each answer as a JSON
line, answers the server's `ping` and `poke`, and prints `done` and exits when the server disconnects it.
"""
import argparse
import json
import sys

import socketio

parser = argparse.ArgumentParser()
parser.add_argument("--url", required=True)
arguments = parser.parse_args()

client = socketio.Client(reconnection=False)


@client.on("ping")
def ping(data):
    print(json.dumps({"ping": data}), flush=True)
    return {"busy": data["at"] > 1, "version": "python-socketio"}


@client.on("poke")
def poke():
    return True


client.connect(arguments.url, transports=["websocket"], wait_timeout=10)
print(json.dumps({"upload": client.call("upload", {"name": "py.txt", "size": 3}, timeout=10)}, sort_keys=True), flush=True)
print(json.dumps({"sync": list(client.call("sync", ["a", "b"], timeout=10))}), flush=True)
client.wait()
print("done", flush=True)
sys.exit(0)
