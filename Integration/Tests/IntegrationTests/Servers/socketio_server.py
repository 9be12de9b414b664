"""A python-socketio server (ASGI, under uvicorn) that the integration tests start on 127.0.0.1.

Two namespaces, each serving one contract of the repository:
- `/rooms` serves schemas/rooms.yaml: the CONNECT auth must carry `token: good` (or `flaky`, whose connections are
  dropped right after they open), and the handshake the `X-Client: schemagen-tests` header (or, from a browser, which
  cannot set one, `client=schemagen-tests` in the query); `element:create` is acknowledged with the created element and logged to the
  `--log` file (one `content` per line, so a test can count what the server received across restarts);
  `touch:move` is echoed back as `touch:moved`; `room:join` with room `stream:N` streams N `user:left` events and then
  drops the connection without a Socket.IO or Engine.IO goodbye, mid-stream.
- `/` serves the acknowledgement contract (Tests/SchemaGenCoreTests/Fixtures/Golden/acks.yaml): `upload` and `sync`
  are acknowledged; `upload` named `ask` first asks the app itself (`ping`, then `poke`) and acknowledges with its
  answers. A client whose CONNECT auth carries `burst: N` gets N of Zikr's `pora_completed` events as fast as the
  server can send them (the transport benchmark, Integration/Sources/TransportBenchmark).
- `/files` serves Integration/Tests/IntegrationTests/files.events.yaml: `fetch` is answered with a `file`
  event whose bytes travel as binary attachments, and acknowledged with bytes (a binary acknowledgement); `upload`
  checks its body came as bytes, asks the app to `peek` (answered with bytes, a binary acknowledgement from the
  client), sends the answer back as a `file`'s thumbnail and the body as its one chunk, and is acknowledged with the
  body's size.
- `/ticker-BTC` is the channel `ticker` of the wire-names contract (Tests/SchemaGenCoreTests/Fixtures/Golden/wire-names.yaml),
  a namespace: a client that connects with `token: good` gets `24h` with a high of 1.5, and each `GUILD_MEMBER_ADD`
  it sends is answered with `24h` with a high of 2.5.

Prints `ready <port>` on standard output once it listens.
"""
import argparse
import asyncio
import json
import sys

import socketio
import uvicorn

parser = argparse.ArgumentParser()
parser.add_argument("--port", type=int, required=True)
parser.add_argument("--ping-interval", type=float, default=25)
parser.add_argument("--ping-timeout", type=float, default=20)
parser.add_argument("--log", required=True)
options = parser.parse_args()

# Any origin: native clients are not browsers, and swift-websocket sends `Origin: ws://host`, which the default
# same-origin check refuses (docs/transports.md).
sio = socketio.AsyncServer(async_mode="asgi", ping_interval=options.ping_interval, ping_timeout=options.ping_timeout,
                           cors_allowed_origins="*", logger=False, engineio_logger=False)
app = socketio.ASGIApp(sio)


async def drop(sid, namespace):
    """Closes the WebSocket under the Socket.IO session without a DISCONNECT or an Engine.IO close packet."""
    socket = sio.eio._get_socket(sio.manager.eio_sid_from_sid(sid, namespace))
    await socket.close(wait=False, abort=True)
    # python-engineio's writer closes the WebSocket when its queue yields None (engineio/async_socket.py).
    await socket.queue.put(None)


@sio.on("connect", namespace="/rooms")
async def rooms_connect(sid, environ, auth):
    token = (auth or {}).get("token")
    if token not in ("good", "flaky"):
        raise socketio.exceptions.ConnectionRefusedError("Not authorized")
    # A browser cannot set headers on a WebSocket: its client says the same in the query (record_browser_har.py).
    if environ.get("HTTP_X_CLIENT") != "schemagen-tests" and "client=schemagen-tests" not in environ.get("QUERY_STRING", ""):
        raise socketio.exceptions.ConnectionRefusedError("Missing the X-Client header")
    if token == "flaky":
        asyncio.get_running_loop().call_later(0.001, lambda: asyncio.ensure_future(drop(sid, "/rooms")))


@sio.on("element:create", namespace="/rooms")
async def element_create(sid, data):
    with open(options.log, "a") as log:
        log.write(f"{data.get('content')}\n")
    return {"id": f"e-{data.get('content')}", "roomId": data["roomId"], "type": data["type"], "createdBy": sid,
            "positionX": data["positionX"], "positionY": data["positionY"], "width": data["width"],
            "height": data["height"], "content": data.get("content"), "createdAt": "2026-11-24T08:00:00Z"}


@sio.on("touch:move", namespace="/rooms")
async def touch_move(sid, data):
    await sio.emit("touch:moved", data, to=sid, namespace="/rooms")


@sio.on("room:join", namespace="/rooms")
async def room_join(sid, data):
    room = data.get("roomId", "")
    if room.startswith("stream:"):
        for index in range(int(room.split(":")[1])):
            await sio.emit("user:left", {"userId": str(index)}, to=sid, namespace="/rooms")
        await drop(sid, "/rooms")


PORA_COMPLETED = {"bookingId": "b-4821", "poraId": "p-17", "poraName": "Juz 17", "groupId": "g-family",
                  "groupName": "Family circle", "userId": "u-2291", "userName": "Aisha", "totalFinished": 12,
                  "hatmCompleted": False, "timestamp": "2025-01-31T09:30:00.123Z"}


@sio.on("connect")
async def connect(sid, environ, auth):
    count = (auth or {}).get("burst")
    if count:
        async def burst():
            for _ in range(int(count)):
                await sio.emit("pora_completed", PORA_COMPLETED, to=sid)
        asyncio.get_running_loop().call_later(0.05, lambda: asyncio.ensure_future(burst()))


@sio.on("connect", namespace="/ticker-BTC")
async def ticker_connect(sid, environ, auth):
    if (auth or {}).get("token") != "good":
        raise socketio.exceptions.ConnectionRefusedError("Not authorized")
    asyncio.get_running_loop().call_later(
        0.01, lambda: asyncio.ensure_future(sio.emit("24h", {"high": 1.5}, to=sid, namespace="/ticker-BTC")))


@sio.on("GUILD_MEMBER_ADD", namespace="/ticker-BTC")
async def guild_member_add(sid, data):
    await sio.emit("24h", {"high": 2.5}, to=sid, namespace="/ticker-BTC")


@sio.on("fetch", namespace="/files")
async def fetch(sid, data):
    # Python bytes travel as binary attachments: one `451-` packet and three binary messages, then a binary ack.
    await sio.emit("file", {"name": data["name"], "thumb": bytes([0, 1, 254, 255]), "chunks": [b"hi!", b""]},
                   to=sid, namespace="/files")
    return b"\x89PNG"


@sio.on("upload", namespace="/files")
async def upload_file(sid, data):
    # The client's bytes arrive as a `451-` packet and its attachment: python-socketio hands them over as bytes.
    body = data.get("body")
    if not isinstance(body, bytes):
        return -1
    peeked = await sio.call("peek", {"name": data["name"]}, to=sid, namespace="/files", timeout=10)
    await sio.emit("file", {"name": data["name"], "thumb": peeked if isinstance(peeked, bytes) else b"",
                            "chunks": [body]}, to=sid, namespace="/files")
    return len(body)


@sio.on("upload")
async def upload(sid, data):
    if data.get("name") == "ask":
        state = await sio.call("ping", {"at": 42}, to=sid, timeout=10)
        poked = await sio.call("poke", to=sid, timeout=10)
        return {"fileId": json.dumps([state, poked], sort_keys=True), "bytes": data["size"]}
    return {"fileId": f"f-{data['name']}", "bytes": data["size"]}


@sio.on("sync")
async def sync(sid, names):
    return None, len(names)


class Announcing(uvicorn.Server):
    async def startup(self, sockets=None):
        await super().startup(sockets)
        print(f"ready {options.port}", flush=True)


if __name__ == "__main__":
    config = uvicorn.Config(app, host="127.0.0.1", port=options.port, log_level="warning", ws="websockets-sansio")
    asyncio.run(Announcing(config).serve())
