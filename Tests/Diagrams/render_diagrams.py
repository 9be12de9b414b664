"""Renders every Mermaid diagram of the given Markdown files with Mermaid itself, in a real browser: headless Chromium
(Debian's `chromium`) driven through the DevTools protocol, with the copy of Mermaid (10.2.4) that PyPI's
streamlit-mermaid 0.3.0 bundles in its web component (Debian packages no Mermaid, and no PyPI package ships Mermaid's
own script: this is the one copy found; docs/testing.md). A diagram passes when Mermaid draws it as a sequence diagram,
fails with Mermaid's own error otherwise.

    python3 render_diagrams.py Generated/Docs/*.md [--screenshot first.png] [--chromium /usr/bin/chromium]

Exits 1 naming each diagram Mermaid cannot draw (file, line, its error), 0 when every one is drawn. Needs `chromium`
and the `websockets` package; fetches the streamlit-mermaid wheel with pip (`--wheel` to use one already here).
"""
import argparse
import asyncio
import base64
import glob
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import urllib.request
import zipfile

import websockets

WHEEL = "streamlit-mermaid==0.3.0"

# Hands the component a diagram as Streamlit would (its "streamlit:render" message) and waits for Mermaid's SVG:
# a sequence diagram, or Mermaid's error diagram and message.
RENDER = """
new Promise((resolve) => {
  for (const old of document.querySelectorAll("svg")) old.remove();
  window.postMessage({type: "streamlit:render", args: {code: %(code)s, width: "auto", height: "auto",
                      pan: false, zoom: false, show_controls: false, key: %(key)s}}, "*");
  const started = Date.now();
  const poll = () => {
    const svg = document.querySelector("svg[aria-roledescription]");
    if (svg) {
      const kind = svg.getAttribute("aria-roledescription");
      const words = [...svg.querySelectorAll("text")].map((text) => text.textContent).join(" ");
      resolve(JSON.stringify({kind: kind, text: words.slice(0, 300)}));
    } else if (Date.now() - started > 10000) {
      resolve(JSON.stringify({kind: "none", text: document.body.innerText.slice(0, 300)}));
    } else {
      setTimeout(poll, 20);
    }
  };
  poll();
})
"""


class DevTools:
    """One page's DevTools protocol connection: commands by id; events are skipped."""

    def __init__(self, socket):
        self.socket = socket
        self.next_id = 0

    async def call(self, method, **params):
        self.next_id += 1
        await self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(await self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})


def diagrams(paths):
    """(file, line, code) of every ```mermaid block."""
    found = []
    for path in paths:
        with open(path, encoding="utf-8") as file:
            lines = file.read().split("\n")
        index = 0
        while index < len(lines):
            if lines[index].strip() == "```mermaid":
                start = index + 1
                end = start
                while end < len(lines) and lines[end].strip() != "```":
                    end += 1
                found.append((path, start, "\n".join(lines[start:end])))
                index = end
            index += 1
    return found


def component(scratch, wheel):
    if wheel is None:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
             WHEEL, "-d", scratch], check=True)
        wheel = glob.glob(os.path.join(scratch, "streamlit_mermaid-*.whl"))[0]
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(os.path.join(scratch, "component"))
    return os.path.join(scratch, "component", "streamlit_mermaid", "frontend", "build", "index.html")


async def render(found, chromium, wheel, screenshot):
    failures = []
    # Chromium's helper processes may still write its profile after the browser is gone: the folder is removed with
    # whatever they leave, and they are stopped as one process group below.
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as scratch:
        page_path = component(scratch, wheel)
        browser = subprocess.Popen(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
             "--allow-file-access-from-files", "--remote-debugging-port=0", f"--user-data-dir={scratch}/profile",
             "about:blank"],
            stderr=subprocess.PIPE, text=True, start_new_session=True)
        try:
            devtools_port = None
            for line in browser.stderr:
                match = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
                if match:
                    devtools_port = int(match.group(1))
                    break
            if devtools_port is None:
                raise RuntimeError("Chromium did not open its DevTools port")
            base = f"http://127.0.0.1:{devtools_port}"
            page = next(target for target in json.load(urllib.request.urlopen(f"{base}/json/list"))
                        if target["type"] == "page")
            async with websockets.connect(page["webSocketDebuggerUrl"], max_size=None) as socket:
                devtools = DevTools(socket)
                await devtools.call("Page.enable")
                await devtools.call("Page.navigate", url="file://" + page_path)
                # The component's script loads, then listens for messages.
                for _ in range(200):
                    ready = await devtools.call(
                        "Runtime.evaluate", expression="document.readyState === 'complete' && !!document.getElementById('root')")
                    if ready.get("result", {}).get("value"):
                        break
                    await asyncio.sleep(0.05)
                await asyncio.sleep(0.5)
                for number, (path, line, code) in enumerate(found):
                    result = await devtools.call(
                        "Runtime.evaluate", awaitPromise=True,
                        expression=RENDER % {"code": json.dumps(code), "key": json.dumps(f"d{number}")})
                    outcome = json.loads(result.get("result", {}).get("value", '{"kind": "none", "text": ""}'))
                    if outcome["kind"] != "sequence":
                        failures.append(f"{path}:{line}: Mermaid did not draw it ({outcome['kind']}): {outcome['text']}")
                    elif screenshot and number == 0:
                        shot = await devtools.call("Page.captureScreenshot", format="png")
                        with open(screenshot, "wb") as file:
                            file.write(base64.b64decode(shot["data"]))
        finally:
            # The browser and every helper it started (renderer, GPU, crashpad): killing only the browser leaves them
            # writing into the profile while the folder is removed.
            try:
                os.killpg(browser.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            browser.wait()
    return failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("markdown", nargs="+")
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--wheel", help="a streamlit-mermaid wheel already downloaded")
    parser.add_argument("--screenshot", help="where to write a PNG of the first diagram as drawn")
    options = parser.parse_args()
    found = diagrams(options.markdown)
    if not found:
        print("no Mermaid diagrams in the files given", file=sys.stderr)
        sys.exit(1)
    failures = asyncio.run(render(found, options.chromium, options.wheel, options.screenshot))
    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"{len(found) - len(failures)} of {len(found)} diagrams drawn by Mermaid 10.2.4 in headless Chromium")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
