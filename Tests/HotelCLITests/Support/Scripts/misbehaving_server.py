"""An HTTP server that misbehaves the way real proxies and services do, for client tests.

Usage: python3 misbehaving_server.py MODE [ARG] [--tls CERT KEY] [--log FILE]
(prints the port on stdout, serves until killed or for 10 minutes at most)
Modes: html502 (nginx-style 502 page), stall (accepts, never answers),
       flaky503 (503 twice, then proxies nothing but a fixed SOAP page),
       truncate (a SOAP response cut off mid-hotel),
       page (the fixed SOAP page; with --tls, over HTTPS),
       redirect301/302/307/308 URL (that status with Location: URL),
       redirectloop (/soap -> /loop -> /soap -> ...),
       gzip N (a page of N hotels, gzip-encoded whatever the request accepts),
       proxy (a forward proxy: CONNECT tunnels, and absolute-URI requests forwarded to their host;
              proxy deny-connect answers CONNECT with 403, as proxies that tunnel only to 443 do),
       slowtail MARKER (200 hotels: the first 5 at once, the rest once the file MARKER exists),
       pause SECONDS (10 hotels: the head and the first hotel at once, the rest after SECONDS),
       shortbody (a Content-Length longer than the body, then close: cut off mid-body),
       badhead (a response head that is not HTTP), hugehead (a 1 MiB response head),
       reset (half a response, then a TCP reset), hangup (closes without answering),
       resetfirst URL (relays to URL; the first answer to each distinct request body is cut two
              thirds in with a TCP reset, the next one to it goes through whole),
       drip (the page, one byte every 0.2 s),
       gzipbomb [GB] (a gzip body, ~4 MB per GB, whose one hotel name inflates to GB gigabytes, 4 by default;
              compressed as sent), deflatebomb [GB] (the same as Content-Encoding: deflate, zlib format),
       big MB (a valid response of MB megabytes of hotels, chunked, made as it is sent; its hotels are
              counted in TotalCount, which the client checks nothing against).
--log FILE appends each request's line and headers (and "body-bytes: N") to FILE.
"""
import argparse
import gzip
import os
import select
import socket
import ssl
import struct
import threading
import time
import urllib.parse
import urllib.request
import urllib.error
import zlib

PAGE = (
    '<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">'
    '<soap:Body><h:SearchHotelsResponse xmlns:h="urn:hotel-search:v1"><h:TotalCount>1</h:TotalCount><h:Offset>0</h:Offset>'
    '<h:Hotel><h:HotelId>H1</h:HotelId><h:Name>Flaky Inn</h:Name><h:Address>1 Main St</h:Address><h:City>Oslo</h:City>'
    '<h:Country>NO</h:Country><h:Latitude>59.9</h:Latitude><h:Longitude>10.7</h:Longitude><h:Stars>3</h:Stars>'
    '<h:Price currency="NOK">900</h:Price></h:Hotel></h:SearchHotelsResponse></soap:Body></soap:Envelope>'
)
HTML = "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"

arguments = argparse.ArgumentParser()
arguments.add_argument("mode")
arguments.add_argument("arg", nargs="?")
arguments.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"))
arguments.add_argument("--log")
options = arguments.parse_args()
mode = options.mode
calls = 0
lock = threading.Lock()
seen_bodies = set()  # resetfirst: request bodies answered (cut) once already


def hotels_page(n):
    """A SearchHotelsResponse of n hotels, as (head, [hotel elements], tail)."""
    head = ('<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">'
            '<soap:Body><h:SearchHotelsResponse xmlns:h="urn:hotel-search:v1">'
            f'<h:TotalCount>{n}</h:TotalCount><h:Offset>0</h:Offset>')
    hotels = [f'<h:Hotel><h:HotelId>H{i:05d}</h:HotelId><h:Name>Hotel {i} Résidence</h:Name>'
              f'<h:Address>{i} Long Example Street</h:Address><h:City>Seoul</h:City><h:Country>KR</h:Country>'
              f'<h:Latitude>37.5</h:Latitude><h:Longitude>127.0</h:Longitude><h:Stars>{i % 6}</h:Stars>'
              f'<h:Price currency="KRW">{1000 + i}</h:Price></h:Hotel>' for i in range(n)]
    return head, hotels, '</h:SearchHotelsResponse></soap:Body></soap:Envelope>'


def read_request(conn):
    """Reads one request; returns (request line, header lines, body) or None."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    length = 0
    for line in lines[1:]:
        if line.lower().startswith("content-length:"):
            length = int(line.split(":")[1])
    while len(body) < length:
        chunk = conn.recv(65536)
        if not chunk:
            return None
        body += chunk
    if options.log:
        with lock, open(options.log, "a") as log:
            log.write("\n".join(lines) + f"\nbody-bytes: {len(body)}\n\n")
    return lines[0], lines[1:], body


def tunnel(conn, target):
    """Proxy mode: CONNECT host:port, then bytes both ways until either side closes."""
    host, _, port = target.rpartition(":")
    upstream = socket.create_connection((host, int(port)), timeout=30)
    conn.sendall(b"HTTP/1.1 200 Connection Established\r\n\r\n")
    sockets = [conn, upstream]
    while True:
        readable, _, _ = select.select(sockets, [], [], 30)
        if not readable:
            break
        for source in readable:
            data = source.recv(65536)
            if not data:
                upstream.close()
                return
            (upstream if source is conn else conn).sendall(data)
    upstream.close()


def forward(conn, request_line, headers, body):
    """Proxy mode: sends an absolute-URI request on to its origin and relays the answer."""
    method, target, version = request_line.split(" ")
    url = urllib.parse.urlsplit(target)
    if url.scheme != "http" or not url.hostname:
        reply(conn, "400 Bad Request", "text/plain", "a forward proxy needs an absolute http:// URI\n")
        return
    upstream = socket.create_connection((url.hostname, url.port or 80), timeout=30)
    path = url.path + (("?" + url.query) if url.query else "")
    kept = [h for h in headers if not h.lower().startswith(("connection:", "proxy-", "keep-alive:"))]
    upstream.sendall((f"{method} {path} {version}\r\n" + "\r\n".join(kept + ["Connection: close"]) + "\r\n\r\n").encode("latin-1") + body)
    while True:
        chunk = upstream.recv(65536)
        if not chunk:
            break
        conn.sendall(chunk)
    upstream.close()


def relay(url, request, body):
    """POSTs `body` to `url` with the request's SOAP headers; (status, content type, bytes)."""
    forward = urllib.request.Request(url, data=body, method="POST")
    for line in request[1]:
        name, _, value = line.partition(":")
        if name.strip().lower() in ("content-type", "soapaction"):
            forward.add_header(name.strip(), value.strip())
    try:
        with urllib.request.urlopen(forward, timeout=30) as answer:
            return answer.status, answer.headers.get("Content-Type"), answer.read()
    except urllib.error.HTTPError as answer:
        return answer.code, answer.headers.get("Content-Type"), answer.read()


def reply(conn, status, content_type, body):
    payload = body.encode()
    conn.sendall(f"HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {len(payload)}\r\nConnection: close\r\n\r\n".encode() + payload)


def handle(conn):
    global calls
    try:
        if options.tls:
            conn = tls_context.wrap_socket(conn, server_side=True)
        request = read_request(conn)
        if request is None:
            return
        with lock:
            calls += 1
            n = calls
        if mode == "html502":
            reply(conn, "502 Bad Gateway", "text/html", HTML)
        elif mode == "stall":
            time.sleep(3600)  # the scenario itself: a server that never answers (the client's timeout ends it)
        elif mode == "flaky503":
            if n <= 2:
                reply(conn, "503 Service Unavailable", "text/plain", "warming up")
            else:
                reply(conn, "200 OK", "text/xml; charset=utf-8", PAGE)
        elif mode == "truncate":
            cut = PAGE[: PAGE.index("<h:Stars>")]
            conn.sendall(f"HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nContent-Length: {len(cut)}\r\nConnection: close\r\n\r\n{cut}".encode())
        elif mode == "page":
            reply(conn, "200 OK", "text/xml; charset=utf-8", PAGE)
        elif mode == "resetfirst":
            # A flaky hop in front of a real service: the first answer to each page is cut
            # off two thirds in, after whole hotels went through, with a TCP reset. By page,
            # not by arrival: a client with two pages in flight must not see one page cut
            # every time by the parity of the other's requests.
            body_bytes = request[2]
            status, content_type, payload = relay(options.arg, request, body_bytes)
            head = f"HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {len(payload)}\r\n\r\n".encode()
            with lock:
                first = body_bytes not in seen_bodies
                seen_bodies.add(body_bytes)
            if first:
                conn.sendall(head + payload[: len(payload) * 2 // 3])
                conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            else:
                conn.sendall(head + payload)
        elif mode == "file":
            # A saved response (a foreign dialect's, say) for every request.
            with open(options.arg, encoding="utf-8") as saved:
                reply(conn, "200 OK", "text/xml; charset=utf-8", saved.read())
        elif mode.startswith("redirect") and mode != "redirectloop":
            status = {"301": "301 Moved Permanently", "302": "302 Found", "307": "307 Temporary Redirect", "308": "308 Permanent Redirect"}[mode[-3:]]
            conn.sendall(f"HTTP/1.1 {status}\r\nLocation: {options.arg}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".encode())
        elif mode == "redirectloop":
            target = "/loop" if request[0].split(" ")[1] == "/soap" else "/soap"
            conn.sendall(f"HTTP/1.1 307 Temporary Redirect\r\nLocation: {target}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".encode())
        elif mode == "gzip":
            head, hotels, tail = hotels_page(int(options.arg))
            payload = gzip.compress((head + "".join(hotels) + tail).encode())
            if options.log:
                with lock, open(options.log, "a") as log:
                    log.write(f"gzip-bytes: {len(payload)}\n\n")
            conn.sendall(f"HTTP/1.1 200 OK\r\nContent-Type: text/xml; charset=utf-8\r\nContent-Encoding: gzip\r\n"
                         f"Content-Length: {len(payload)}\r\nConnection: close\r\n\r\n".encode() + payload)
        elif mode == "proxy":
            method, target = request[0].split(" ")[:2]
            if method == "CONNECT" and options.arg == "deny-connect":
                reply(conn, "403 Forbidden", "text/plain", "CONNECT is allowed to port 443 only\n")
            elif method == "CONNECT":
                tunnel(conn, target)
            else:
                forward(conn, *request)
        elif mode == "shortbody":
            body = PAGE.encode()
            conn.sendall(f"HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nContent-Length: {len(body) + 500}\r\n\r\n".encode() + body[:len(body) // 2])
        elif mode == "badhead":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type text/xml\r\n\x01\x02 not a header\r\n\r\n" + PAGE.encode())
        elif mode == "hugehead":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nX-Padding: " + b"a" * (1 << 20) + b"\r\n\r\n" + PAGE.encode())
        elif mode == "reset":
            body = PAGE.encode()
            conn.sendall(f"HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body[:100])
            conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close() now sends RST
        elif mode == "drip":
            body = PAGE.encode()
            conn.sendall(f"HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nContent-Length: {len(body)}\r\n\r\n".encode())
            for i in range(len(body)):
                conn.sendall(body[i:i + 1])
                time.sleep(0.2)  # the scenario itself: always just inside any per-read timeout
        elif mode in ("gzipbomb", "deflatebomb"):
            # Chunked, compressed as it goes: the client stops long before the end, and
            # its hanging up ends this loop.
            encoding = b"gzip" if mode == "gzipbomb" else b"deflate"
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/xml; charset=utf-8\r\nContent-Encoding: " + encoding +
                         b"\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
            # 31: the gzip wrapper; 15: the zlib one, which HTTP's deflate means.
            deflate = zlib.compressobj(9, zlib.DEFLATED, 31 if mode == "gzipbomb" else 15)
            head = PAGE[: PAGE.index("Flaky Inn")].encode()
            block = b"a" * (1 << 20)
            def chunk(data):
                if data:
                    conn.sendall(b"%x\r\n%s\r\n" % (len(data), data))
            chunk(deflate.compress(head))
            for _ in range(int(options.arg or 4) * 1024):
                chunk(deflate.compress(block))
            chunk(deflate.compress(PAGE[PAGE.index("Flaky Inn") + 9:].encode()) + deflate.flush())
            conn.sendall(b"0\r\n\r\n")
        elif mode == "big":
            # Hotels made once into a block of about a megabyte, sent again and again.
            head, hotels, tail = hotels_page(2000)
            block = "".join(hotels).encode()
            total = int(options.arg) * (1 << 20)
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/xml; charset=utf-8\r\nTransfer-Encoding: chunked\r\n"
                         b"Connection: close\r\n\r\n")
            def chunk(data):
                conn.sendall(b"%x\r\n%s\r\n" % (len(data), data))
            chunk(head.encode())
            sent = 0
            while sent < total:
                chunk(block)
                sent += len(block)
            chunk(tail.encode())
            conn.sendall(b"0\r\n\r\n")
        elif mode == "hangup":
            pass  # close without a word
        elif mode == "slowtail":
            head, hotels, tail = hotels_page(200)
            first, rest = (head + "".join(hotels[:5])).encode(), ("".join(hotels[5:]) + tail).encode()
            conn.sendall(f"HTTP/1.1 200 OK\r\nContent-Type: text/xml; charset=utf-8\r\nContent-Length: {len(first) + len(rest)}\r\n"
                         "Connection: close\r\n\r\n".encode() + first)
            deadline = time.time() + 60
            while not os.path.exists(options.arg) and time.time() < deadline:
                time.sleep(0.02)  # poll for the marker the test makes
            conn.sendall(rest)
        elif mode == "pause":
            head, hotels, tail = hotels_page(10)
            first, rest = (head + hotels[0]).encode(), ("".join(hotels[1:]) + tail).encode()
            conn.sendall(f"HTTP/1.1 200 OK\r\nContent-Type: text/xml; charset=utf-8\r\nContent-Length: {len(first) + len(rest)}\r\n"
                         "Connection: close\r\n\r\n".encode() + first)
            time.sleep(float(options.arg))  # the scenario itself: a server that pauses after one hotel
            conn.sendall(rest)
    except (OSError, ssl.SSLError):
        pass  # a client that hung up or refused our certificate: the test judges the client side
    finally:
        conn.close()


if options.tls:
    tls_context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    tls_context.load_cert_chain(options.tls[0], options.tls[1])


server = socket.socket()
server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
server.bind(("127.0.0.1", 0))
server.listen(16)
print(server.getsockname()[1], flush=True)
deadline = time.time() + 600  # never outlive a test run
server.settimeout(1)
while time.time() < deadline:
    try:
        conn, _ = server.accept()
    except socket.timeout:
        continue
    threading.Thread(target=handle, args=(conn,), daemon=True).start()
