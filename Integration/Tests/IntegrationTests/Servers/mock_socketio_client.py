"""python-socketio's own AsyncClient against `schemagen-mock schemas/rooms.yaml --scenario someone_joins` (issue 39):
the app's side of the rooms contract as socket.io's reference client speaks it.

Connects (`--transports default`: HTTP long-polling first, then the upgrade to a WebSocket, as socket.io's clients do
unless told otherwise), prints the transport it ended on, sends `room:join` (what the scenario waits for), asks
`element:create` for its acknowledgement and prints it, sends `room:jion` (an event the contract does not have), prints
every event the server sends as a JSON line, and disconnects once the scenario's last event (`error`) arrives.
"""
import argparse
import asyncio
import json

import socketio

parser = argparse.ArgumentParser()
parser.add_argument("--url", required=True)
parser.add_argument("--transports", choices=["default", "websocket", "polling"], default="default")
arguments = parser.parse_args()


async def main():
    client = socketio.AsyncClient(reconnection=False)
    finished = asyncio.Event()

    @client.on("*")
    async def any_event(event, *data):
        print(json.dumps({"event": event, "data": list(data)}, sort_keys=True), flush=True)
        if event == "error":
            finished.set()

    transports = None if arguments.transports == "default" else [arguments.transports]
    await client.connect(arguments.url, transports=transports, wait_timeout=10)
    await client.emit("room:join", {"roomId": "r1"})
    element = await client.call(
        "element:create",
        {"roomId": "r1", "type": "note", "positionX": 1, "positionY": 2, "width": 3, "height": 4},
        timeout=10,
    )
    print(json.dumps({"ack": element}, sort_keys=True), flush=True)
    await client.emit("room:jion", {"roomId": "r1"})
    await asyncio.wait_for(finished.wait(), timeout=10)
    # Polling clients upgrade in the background: say where this one ended once everything arrived.
    print(json.dumps({"transport": client.transport()}), flush=True)
    await client.disconnect()
    print("done", flush=True)


asyncio.run(main())
