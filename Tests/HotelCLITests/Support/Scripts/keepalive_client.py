"""Two connections that span a SIGHUP reload, for the reload test.

Usage: python3 keepalive_client.py PORT USER PASSWORD
Connection K sends a whole SearchHotels (WS-Security UsernameToken, PasswordText) and
reads the answer, keeping the connection open: prints "kept-before status=200 hotels=5".
Connection F sends the headers and half of the same request, prints "half-sent PORT" (its
own local port, so the test can find it in /proc/net/tcp), then waits for "go" on stdin.
Then F sends the rest and reads its answer, and K sends the request once more on the same
socket (never reconnecting), each printing one line:
    in-flight status=200 hotels=5
    kept-after status=200 hotels=5
status=none when the connection failed or closed without a response.
"""
import http.client
import socket
import sys
import xml.etree.ElementTree as ET

SOAP11 = "{http://schemas.xmlsoap.org/soap/envelope/}"
OURS = "{urn:hotel-search:v1}"
WSSE = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd"
TEXT = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText"

port, user, password = int(sys.argv[1]), sys.argv[2], sys.argv[3]
BODY = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:h="urn:hotel-search:v1">'
    f'<soap:Header><wsse:Security xmlns:wsse="{WSSE}" soap:mustUnderstand="1"><wsse:UsernameToken>'
    f'<wsse:Username>{user}</wsse:Username><wsse:Password Type="{TEXT}">{password}</wsse:Password>'
    "</wsse:UsernameToken></wsse:Security></soap:Header>"
    "<soap:Body><h:SearchHotels><h:City>Paris</h:City><h:SortBy>name</h:SortBy><h:Limit>5</h:Limit>"
    "</h:SearchHotels></soap:Body></soap:Envelope>"
).encode()
HEAD = (
    "POST /soap HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: text/xml; charset=utf-8\r\n"
    'SOAPAction: "urn:hotel-search:v1#SearchHotels"\r\nContent-Length: %d\r\n\r\n' % (port, len(BODY))
).encode()


def answer(sock):
    """Reads one response from `sock`: (status, hotels)."""
    try:
        response = http.client.HTTPResponse(sock)
        response.begin()
        body = response.read()
        result = ET.fromstring(body).find(f"{SOAP11}Body/{OURS}SearchHotelsResponse")
        return str(response.status), (len(result.findall(f"{OURS}Hotel")) if result is not None else 0)
    except (OSError, http.client.HTTPException, ET.ParseError) as error:
        print(f"error: {error!r}", file=sys.stderr)
        return "none", 0


kept = socket.create_connection(("127.0.0.1", port), timeout=30)
kept.sendall(HEAD + BODY)
print("kept-before status=%s hotels=%d" % answer(kept), flush=True)

flight = socket.create_connection(("127.0.0.1", port), timeout=30)
half = len(BODY) // 2
flight.sendall(HEAD + BODY[:half])
print("half-sent %d" % flight.getsockname()[1], flush=True)

if sys.stdin.readline().strip() != "go":
    sys.exit(2)

try:
    flight.sendall(BODY[half:])
except OSError as error:
    print(f"error: {error!r}", file=sys.stderr)
print("in-flight status=%s hotels=%d" % answer(flight), flush=True)
try:
    kept.sendall(HEAD + BODY)
except OSError as error:
    print(f"error: {error!r}", file=sys.stderr)
print("kept-after status=%s hotels=%d" % answer(kept), flush=True)
