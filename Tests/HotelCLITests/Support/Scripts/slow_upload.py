"""A SOAP client whose upload stalls half-way, for the graceful-shutdown test.

Usage: python3 slow_upload.py PORT
Sends the headers and half of a SearchHotels body, prints "half-sent PORT" (its own local
port, so the test can find the connection in /proc/net/tcp), waits for a line
"go" on stdin, sends the rest, then prints one line:
    status=200 envelope=complete hotels=5
(status=none when the connection failed or closed without a response; envelope=broken
when the body is not a whole SOAP envelope holding a SearchHotelsResponse).
"""
import http.client
import socket
import sys
import xml.etree.ElementTree as ET

SOAP11 = "{http://schemas.xmlsoap.org/soap/envelope/}"
OURS = "{urn:hotel-search:v1}"
BODY = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:h="urn:hotel-search:v1">'
    "<soap:Body><h:SearchHotels><h:City>Paris</h:City><h:SortBy>name</h:SortBy><h:Limit>5</h:Limit>"
    "</h:SearchHotels></soap:Body></soap:Envelope>"
).encode()

port = int(sys.argv[1])
sock = socket.create_connection(("127.0.0.1", port), timeout=30)
head = (
    "POST /soap HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: text/xml; charset=utf-8\r\n"
    'SOAPAction: "urn:hotel-search:v1#SearchHotels"\r\nContent-Length: %d\r\n\r\n' % (port, len(BODY))
).encode()
half = len(BODY) // 2
sock.sendall(head + BODY[:half])
print("half-sent %d" % sock.getsockname()[1], flush=True)

if sys.stdin.readline().strip() != "go":
    sys.exit(2)

status, verdict, hotels = "none", "broken", 0
try:
    sock.sendall(BODY[half:])
    response = http.client.HTTPResponse(sock)
    response.begin()
    status = str(response.status)
    body = response.read()
    root = ET.fromstring(body)
    result = root.find(f"{SOAP11}Body/{OURS}SearchHotelsResponse")
    if root.tag == f"{SOAP11}Envelope" and result is not None:
        verdict = "complete"
        hotels = len(result.findall(f"{OURS}Hotel"))
except (OSError, http.client.HTTPException, ET.ParseError) as error:
    print(f"error: {error!r}", file=sys.stderr)
print(f"status={status} envelope={verdict} hotels={hotels}", flush=True)
