"""A graphql-transport-ws server on python `websockets` (plain WebSocket) that the integration tests start on
127.0.0.1: the protocol of github.com/enisdenjo/graphql-ws (PROTOCOL.md) for schemas/graphql-transport-ws.yaml.

`connection_init` is answered with `connection_ack`; `ping` with `pong`; `subscribe` with the query
`subscription { count(to: N) }` streams N `next` results, 10 ms apart, then `complete`, unless the client completes
the operation first; the query `garbage` is answered with a text that is not JSON and then one `next`.

Prints `ready <port>` on standard output once it listens.
"""
import argparse
import asyncio
import json
import re

import websockets

parser = argparse.ArgumentParser()
parser.add_argument("--port", type=int, required=True)
options = parser.parse_args()


async def serve(socket):
    operations = {}

    async def count(operation_id, limit):
        for value in range(1, limit + 1):
            await socket.send(json.dumps({"id": operation_id, "type": "next", "payload": {"data": {"count": value}}}))
            await asyncio.sleep(0.01)
        await socket.send(json.dumps({"id": operation_id, "type": "complete"}))
        operations.pop(operation_id, None)

    async for text in socket:
        message = json.loads(text)
        kind = message.get("type")
        if kind == "connection_init":
            await socket.send(json.dumps({"type": "connection_ack"}))
        elif kind == "ping":
            await socket.send(json.dumps({"type": "pong"}))
        elif kind == "subscribe":
            operation_id, query = message["id"], message["payload"]["query"]
            if query == "garbage":
                await socket.send("this is not JSON")
                await socket.send(json.dumps({"id": operation_id, "type": "next", "payload": {"data": {"count": 0}}}))
                continue
            limit = int(re.search(r"count\(to: (\d+)\)", query).group(1))
            operations[operation_id] = asyncio.ensure_future(count(operation_id, limit))
        elif kind == "complete":
            task = operations.pop(message["id"], None)
            if task:
                task.cancel()


async def main():
    async with websockets.serve(serve, "127.0.0.1", options.port, subprotocols=["graphql-transport-ws"]):
        print(f"ready {options.port}", flush=True)
        await asyncio.Future()


asyncio.run(main())
