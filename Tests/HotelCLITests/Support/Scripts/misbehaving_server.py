"""An HTTP server that misbehaves the way real proxies and services do, for client tests.

Usage: python3 misbehaving_server.py MODE  (prints the port on stdout, serves until killed)
Modes: html502 (nginx-style 502 page), stall (accepts, never answers),
       flaky503 (503 twice, then proxies nothing but a fixed SOAP page),
       truncate (a SOAP response cut off mid-hotel).
"""
import socket
import sys
import threading
import time

PAGE = (
    '<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">'
    '<soap:Body><h:SearchHotelsResponse xmlns:h="urn:hotel-search:v1"><h:TotalCount>1</h:TotalCount><h:Offset>0</h:Offset>'
    '<h:Hotel><h:HotelId>H1</h:HotelId><h:Name>Flaky Inn</h:Name><h:Address>1 Main St</h:Address><h:City>Oslo</h:City>'
    '<h:Country>NO</h:Country><h:Latitude>59.9</h:Latitude><h:Longitude>10.7</h:Longitude><h:Stars>3</h:Stars>'
    '<h:Price currency="NOK">900</h:Price></h:Hotel></h:SearchHotelsResponse></soap:Body></soap:Envelope>'
)
HTML = "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"

mode = sys.argv[1]
calls = 0
lock = threading.Lock()


def read_request(conn):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    while len(body) < length:
        chunk = conn.recv(65536)
        if not chunk:
            return
        body += chunk


def reply(conn, status, content_type, body):
    payload = body.encode()
    conn.sendall(f"HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {len(payload)}\r\nConnection: close\r\n\r\n".encode() + payload)


def handle(conn):
    global calls
    try:
        read_request(conn)
        with lock:
            calls += 1
            n = calls
        if mode == "html502":
            reply(conn, "502 Bad Gateway", "text/html", HTML)
        elif mode == "stall":
            time.sleep(3600)
        elif mode == "flaky503":
            if n <= 2:
                reply(conn, "503 Service Unavailable", "text/plain", "warming up")
            else:
                reply(conn, "200 OK", "text/xml; charset=utf-8", PAGE)
        elif mode == "truncate":
            cut = PAGE[: PAGE.index("<h:Stars>")]
            conn.sendall(f"HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nContent-Length: {len(cut)}\r\nConnection: close\r\n\r\n{cut}".encode())
    finally:
        conn.close()


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
