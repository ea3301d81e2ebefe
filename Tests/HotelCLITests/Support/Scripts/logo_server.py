"""A SOAP service whose hotels' logos are broken in the ways real images break.

Usage: python3 logo_server.py  (prints the port on stdout, serves until killed)
POST /soap answers a page of three hotels: H-OK (a valid 8x8 PNG), H-CORRUPT (PNG magic
followed by garbage), H-HUGE (a valid PNG header declaring 100000 x 100000 pixels).
"""
import http.server
import struct
import sys
import zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, rows):
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


OK = png(8, 8, b"".join(b"\x00" + bytes([200, 40, 40]) * 8 for _ in range(8)))
HUGE = png(100000, 100000, b"\x00" * 16)
CORRUPT = b"\x89PNG\r\n\x1a\n" + b"\x13\x37garbage" * 20
LOGOS = {"/logos/H-OK.png": OK, "/logos/H-CORRUPT.png": CORRUPT, "/logos/H-HUGE.png": HUGE}


def hotel(hotel_id, name, port):
    return (
        f"<h:Hotel><h:HotelId>{hotel_id}</h:HotelId><h:Name>{name}</h:Name><h:Address>1 Main St</h:Address>"
        "<h:City>Oslo</h:City><h:Country>NO</h:Country><h:Latitude>59.9</h:Latitude><h:Longitude>10.7</h:Longitude>"
        f"<h:Stars>3</h:Stars><h:Price currency=\"NOK\">900</h:Price><h:LogoURL>http://127.0.0.1:{port}/logos/{hotel_id}.png</h:LogoURL></h:Hotel>"
    )


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        port = self.server.server_address[1]
        body = (
            '<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">'
            '<soap:Body><h:SearchHotelsResponse xmlns:h="urn:hotel-search:v1"><h:TotalCount>3</h:TotalCount><h:Offset>0</h:Offset>'
            + hotel("H-OK", "Good Logo Inn", port) + hotel("H-CORRUPT", "Corrupt Logo Inn", port) + hotel("H-HUGE", "Huge Logo Inn", port)
            + "</h:SearchHotelsResponse></soap:Body></soap:Envelope>"
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/xml; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        data = LOGOS.get(self.path)
        if data is None:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.timeout = 1
server.serve_forever()
