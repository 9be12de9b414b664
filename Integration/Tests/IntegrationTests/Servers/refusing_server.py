"""An HTTP server that refuses every WebSocket upgrade as an API gateway does (issue 54): `401 Unauthorized` with a
JSON body, and a control character in it that a client must escape before it reaches a log. Prints `ready` once it
listens on `--port`.
"""
import argparse
import http.server


class Refusing(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = b'{"error":"invalid token","hint":"renew it\x1b[31m"}'
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):
        pass


parser = argparse.ArgumentParser()
parser.add_argument("--port", type=int, required=True)
arguments = parser.parse_args()
server = http.server.HTTPServer(("127.0.0.1", arguments.port), Refusing)
print("ready", flush=True)
server.serve_forever()
