"""A WS-Security UsernameToken verifier written apart from our Swift code, for the client tests.

Usage: python3 wsse_verifier.py --user NAME:SECRET --upstream URL --log FILE [--flaky N] [--redirect-from PATH]
(prints the port on stdout, serves until killed or for 10 minutes at most)

Each POST's wsse:Security header is checked the way the OASIS UsernameToken Profile 1.0 says,
with Python's own XML parser, base64 and hashlib: PasswordText compared as is; PasswordDigest
= Base64(SHA-1(nonce bytes + Created + password)); Created within 5 minutes of now; a nonce
seen before is a replay. A request that passes is forwarded to --upstream (the real
`hotels serve`) and its answer relayed; one that fails gets a SOAP 1.1 wsse:FailedAuthentication
fault. --flaky N answers the first N requests that pass with HTTP 503, after recording their
nonce, so a client that retries with the same header is caught replaying. --redirect-from PATH
answers POSTs to PATH with a 307 to /soap on this same server.

Each request appends one JSON line to the log: {"path", "user", "type", "nonce", "ok", "why"}.
"""
import argparse
import base64
import binascii
import datetime
import hashlib
import http.server
import itertools
import json
import socketserver
import sys
import threading
import urllib.request
import xml.etree.ElementTree as ET

WSSE = "{http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd}"
WSU = "{http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd}"
PROFILE = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#"

arguments = argparse.ArgumentParser()
arguments.add_argument("--user", required=True)
arguments.add_argument("--upstream", required=True)
arguments.add_argument("--log", required=True)
arguments.add_argument("--flaky", type=int, default=0)
arguments.add_argument("--redirect-from")
options = arguments.parse_args()
USER, SECRET = options.user.split(":", 1)

lock = threading.Lock()
seen_nonces = set()
passed = 0

FAULT = """<?xml version="1.0" encoding="UTF-8"?>
<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault>
<faultcode xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd">wsse:FailedAuthentication</faultcode>
<faultstring>The security token could not be authenticated or authorized</faultstring>
</soap:Fault></soap:Body></soap:Envelope>"""


def parse_created(text):
    # xs:dateTime with a zone; Python before 3.11 does not read "Z" in fromisoformat.
    value = text.strip().replace("Z", "+00:00").replace("z", "+00:00")
    if "." in value:
        head, rest = value.split(".", 1)
        digits = "".join(itertools.takewhile(str.isdigit, rest))
        zone = rest[len(digits):]
        value = head + "." + (digits + "000000")[:6] + zone
    moment = datetime.datetime.fromisoformat(value)
    if moment.tzinfo is None:
        raise ValueError("no time zone")
    return moment


def verify(body):
    """(user, type, nonce, ok, why) for one request body."""
    root = ET.fromstring(body)
    token = root.find(f".//{WSSE}Security/{WSSE}UsernameToken")
    if token is None:
        return None, None, None, False, "no UsernameToken"
    user = (token.findtext(f"{WSSE}Username") or "").strip()
    password = token.find(f"{WSSE}Password")
    kind = (password.get("Type") if password is not None else None) or PROFILE + "PasswordText"
    kind = kind[len(PROFILE):] if kind.startswith(PROFILE) else kind
    nonce_text = (token.findtext(f"{WSSE}Nonce") or "").strip()
    created = (token.findtext(f"{WSU}Created") or "").strip()
    given = (password.text or "") if password is not None else ""
    if user != USER:
        return user, kind, nonce_text, False, "unknown user"
    if kind == "PasswordText":
        ok = given == SECRET
        why = "" if ok else "wrong password"
    elif kind == "PasswordDigest":
        try:
            nonce = base64.b64decode(nonce_text, validate=True)
        except binascii.Error:
            return user, kind, nonce_text, False, "nonce is not base64"
        expected = base64.b64encode(hashlib.sha1(nonce + created.encode() + SECRET.encode()).digest()).decode()
        ok = given.strip() == expected
        why = "" if ok else "wrong digest"
    else:
        return user, kind, nonce_text, False, "unknown password type"
    if ok and created:
        try:
            age = abs((datetime.datetime.now(datetime.timezone.utc) - parse_created(created)).total_seconds())
        except ValueError:
            return user, kind, nonce_text, False, "Created is not a dateTime"
        if age > 300:
            return user, kind, nonce_text, False, "Created is stale"
    if ok and nonce_text:
        with lock:
            if nonce_text in seen_nonces:
                return user, kind, nonce_text, False, "replayed nonce"
            seen_nonces.add(nonce_text)
    return user, kind, nonce_text, ok, why


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, content_type, payload, extra=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(payload)))
        for name, value in extra:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(payload)

    def do_POST(self):
        global passed
        expected = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(expected)
        if len(body) < expected:
            # The client went away mid-body (a table closing with a page in flight): nothing was
            # signed or unsigned, so it is recorded apart from verdicts and answered with nothing.
            self.record({"path": self.path, "incomplete": f"{len(body)} of {expected} bytes"})
            self.close_connection = True
            return
        if options.redirect_from and self.path == options.redirect_from:
            self.record({"path": self.path, "redirected": True})
            self.send(307, "text/plain", b"", [("Location", "/soap")])
            return
        try:
            user, kind, nonce, ok, why = verify(body)
        except ET.ParseError as error:
            user, kind, nonce, ok, why = None, None, None, False, f"not XML: {error}"
        self.record({"path": self.path, "user": user, "type": kind, "nonce": nonce, "ok": ok, "why": why})
        if not ok:
            self.send(500, "text/xml; charset=utf-8", FAULT.encode())
            return
        with lock:
            passed += 1
            flaky = passed <= options.flaky
        if flaky:
            self.send(503, "text/plain", b"warming up")
            return
        forward = urllib.request.Request(options.upstream, data=body, method="POST")
        for name in ("Content-Type", "SOAPAction"):
            if self.headers.get(name) is not None:
                forward.add_header(name, self.headers[name])
        # The service's caching headers go back as they came: the client's cache relies on them.
        def relayed(headers):
            return [(name, headers[name]) for name in ("Cache-Control", "ETag") if headers.get(name) is not None]

        try:
            with urllib.request.urlopen(forward, timeout=30) as answer:
                self.send(answer.status, answer.headers.get("Content-Type"), answer.read(), relayed(answer.headers))
        except urllib.error.HTTPError as answer:
            self.send(answer.code, answer.headers.get("Content-Type"), answer.read(), relayed(answer.headers))

    def record(self, entry):
        with lock, open(options.log, "a") as log:
            log.write(json.dumps(entry) + "\n")


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
threading.Timer(600, lambda: server.shutdown()).start()
server.serve_forever()
sys.exit(0)
