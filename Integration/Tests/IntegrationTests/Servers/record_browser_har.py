"""Records a HAR file of a real browser's WebSocket traffic: headless Chromium (Debian's `chromium`) opens a
WebSocket to the python-socketio server (socketio_server.py) and speaks Engine.IO v4 and Socket.IO v5 on its
`/rooms` namespace, which serves schemas/rooms.yaml: it joins a room, moves a finger, creates an element and waits
for its acknowledgement.

The HAR is written from the Chrome DevTools protocol's Network events (`webSocketCreated`,
`webSocketWillSendHandshakeRequest`, `webSocketHandshakeResponseReceived`, `webSocketFrameSent`,
`webSocketFrameReceived`), the events DevTools' own "Save all as HAR" is made from, in the shape it writes: one entry
per WebSocket with `_resourceType: "websocket"` and its messages under `_webSocketMessages` (`type` send or receive,
`time` in seconds, `opcode`, `data`).

    python3 record_browser_har.py --out rooms-session.har [--chromium /usr/bin/chromium]

Needs `chromium` (apt-get install chromium) and the packages of requirements.txt.
"""
import argparse
import asyncio
import datetime
import json
import os
import re
import signal
import socket as socket_module
import subprocess
import sys
import tempfile
import urllib.request

import websockets

SERVERS = os.path.dirname(os.path.abspath(__file__))

# The page's script: Engine.IO's open, Socket.IO's connect to `/rooms` with the token, three events (the last asking
# for an acknowledgement), ping answered with pong; done when the acknowledgement and the echo have come.
PAGE_SCRIPT = """
new Promise((resolve, reject) => {
  const socket = new WebSocket(%(url)s);
  let acknowledged = false, echoed = false;
  const finish = () => { if (acknowledged && echoed) { socket.close(1000); resolve("done"); } };
  socket.onmessage = (message) => {
    const data = message.data;
    if (data.startsWith("0{")) {
      socket.send('40/rooms,{"token":"good"}');
    } else if (data === "2") {
      socket.send("3");
    } else if (data.startsWith("40/rooms,")) {
      socket.send('42/rooms,["room:join",{"roomId":"r1"}]');
      socket.send('42/rooms,["touch:move",{"roomId":"r1","x":0.5,"y":0.25}]');
      socket.send('42/rooms,7["element:create",{"roomId":"r1","type":"note","positionX":10,"positionY":20,' +
                  '"width":100,"height":50,"content":"From Chromium"}]');
    } else if (data.startsWith('42/rooms,["touch:moved"')) {
      echoed = true; finish();
    } else if (data.startsWith("43/rooms,7")) {
      acknowledged = true; finish();
    } else if (data.startsWith("44/rooms,")) {
      reject("refused: " + data);
    }
  };
  socket.onerror = () => reject("the WebSocket failed");
  setTimeout(() => reject("timed out"), 10000);
})
"""


class DevTools:
    """One page's DevTools protocol connection: commands by id, events kept in order."""

    def __init__(self, socket):
        self.socket = socket
        self.next_id = 0
        self.events = []

    async def call(self, method, **params):
        self.next_id += 1
        await self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(await self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)


def headers(mapping):
    return [{"name": name, "value": value} for name, value in sorted((mapping or {}).items())]


def har(events, browser_version):
    """The HAR log of the page's WebSockets, as DevTools writes it."""
    sockets = {}
    order = []
    for event in events:
        method, params = event["method"], event["params"]
        request_id = params.get("requestId")
        if method == "Network.webSocketCreated":
            sockets[request_id] = {"url": params["url"], "messages": [], "request": {}, "response": {}}
            order.append(request_id)
        elif request_id not in sockets:
            continue
        elif method == "Network.webSocketWillSendHandshakeRequest":
            sockets[request_id]["wallTime"] = params["wallTime"]
            sockets[request_id]["start"] = params["timestamp"]
            sockets[request_id]["request"] = params["request"]
        elif method == "Network.webSocketHandshakeResponseReceived":
            sockets[request_id]["response"] = params["response"]
        elif method in ("Network.webSocketFrameSent", "Network.webSocketFrameReceived"):
            frame = params["response"]
            sockets[request_id]["messages"].append({
                "type": "send" if method.endswith("Sent") else "receive",
                "time": params["timestamp"],
                "opcode": frame["opcode"],
                "data": frame["payloadData"],
            })
        elif method == "Network.webSocketClosed":
            sockets[request_id]["end"] = params["timestamp"]
    entries = []
    for request_id in order:
        socket = sockets[request_id]
        started = socket.get("wallTime", 0)
        url = socket["url"]
        response = socket["response"]
        entries.append({
            "startedDateTime": datetime.datetime.fromtimestamp(started, datetime.timezone.utc).isoformat()
            .replace("+00:00", "Z"),
            "time": round((socket.get("end", socket.get("start", 0)) - socket.get("start", 0)) * 1000, 3),
            "request": {
                "method": "GET", "url": url, "httpVersion": "HTTP/1.1",
                "headers": headers(socket["request"].get("headers")),
                "queryString": [{"name": name, "value": value}
                                for name, value in re.findall(r"[?&]([^=&]+)=([^&]*)", url)],
                "cookies": [], "headersSize": -1, "bodySize": 0,
            },
            "response": {
                "status": response.get("status", 0), "statusText": response.get("statusText", ""),
                "httpVersion": "HTTP/1.1", "headers": headers(response.get("headers")), "cookies": [],
                "content": {"size": 0, "mimeType": "x-unknown"}, "redirectURL": "", "headersSize": -1,
                "bodySize": -1,
            },
            "cache": {},
            "timings": {"blocked": -1, "dns": -1, "connect": -1, "send": 0, "wait": 0, "receive": 0, "ssl": -1},
            "_resourceType": "websocket",
            "_webSocketMessages": socket["messages"],
        })
    return {"log": {
        "version": "1.2",
        "creator": {"name": "schemagen record_browser_har.py (Chrome DevTools protocol)", "version": "1"},
        "browser": {"name": "Chromium", "version": browser_version},
        "pages": [],
        "entries": entries,
    }}


async def record(chromium, out):
    # Chromium's helper processes may still write its profile after the browser is gone: the folder is removed with
    # whatever they leave, and they are stopped as one process group below (as Tests/Diagrams/render_diagrams.py does).
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as scratch:
        with socket_module.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            free_port = probe.getsockname()[1]
        server = subprocess.Popen(
            [sys.executable, os.path.join(SERVERS, "socketio_server.py"), "--port", str(free_port),
             "--log", os.path.join(scratch, "server.log")],
            stdout=subprocess.PIPE, text=True)
        browser = None
        try:
            ready = server.stdout.readline().split()
            if len(ready) != 2 or ready[0] != "ready":
                raise RuntimeError("the server did not start")
            port = int(ready[1])
            browser = subprocess.Popen(
                [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--remote-debugging-port=0", f"--user-data-dir={scratch}/profile", "about:blank"],
                stderr=subprocess.PIPE, text=True, start_new_session=True)
            devtools_port = None
            for line in browser.stderr:
                found = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
                if found:
                    devtools_port = int(found.group(1))
                    break
            if devtools_port is None:
                raise RuntimeError("Chromium did not open its DevTools port")
            base = f"http://127.0.0.1:{devtools_port}"
            version = json.load(urllib.request.urlopen(f"{base}/json/version"))["Browser"]
            page = next(target for target in json.load(urllib.request.urlopen(f"{base}/json/list"))
                        if target["type"] == "page")
            async with websockets.connect(page["webSocketDebuggerUrl"], max_size=None) as socket:
                devtools = DevTools(socket)
                await devtools.call("Network.enable")
                url = f"ws://127.0.0.1:{port}/socket.io/?EIO=4&transport=websocket&client=schemagen-tests"
                result = await devtools.call(
                    "Runtime.evaluate", expression=PAGE_SCRIPT % {"url": json.dumps(url)}, awaitPromise=True)
                if result.get("exceptionDetails") or result.get("result", {}).get("value") != "done":
                    raise RuntimeError(f"the page's session failed: {result}")
                # The close frame and webSocketClosed come just after; a no-op command collects them.
                await asyncio.sleep(0.2)
                await devtools.call("Runtime.evaluate", expression="0")
            with open(out, "w") as file:
                json.dump(har(devtools.events, version.split("/")[-1]), file, indent=2)
                file.write("\n")
        finally:
            if browser:
                # The browser and every helper it started: killing only the browser leaves them writing the profile.
                try:
                    os.killpg(browser.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                browser.wait()
            server.kill()
            server.wait()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--chromium", default="chromium")
    options = parser.parse_args()
    asyncio.run(record(options.chromium, options.out))
