"""Two foreign hotel services that only dialect files can read (issue 30, point 5).

Usage: python3 dialect_servers.py [PORT]   (PORT 0 or none: a free one; the bound port is
printed alone on stdout's first line, as the other scripts here do; serves until killed)

POST /ota-search  OpenTravel 2017B OTA_HotelSearchRQ -> OTA_HotelSearchRS, SOAP 1.1
                  (Dialects/ota-hotel-search.yaml): Properties/Property, the preview image in
                  Property/TPA_Extensions/ImageURL, the next page's token in
                  Criteria/Criterion/@MoreDataEchoToken (absent on the last page), Errors/Error.
POST /acme        Acme Stays FindStays -> FindStaysResult, SOAP 1.2 (Dialects/acme-stays.yaml):
                  every hotel field an attribute of a:Stay, integer amounts with an exponent,
                  rating codes (4ST), distances in miles, a:Page/@next, a:Problem/@text.
GET /img/<id>.png a small valid PNG (counted)
GET /stats        {"img": N, "ota-search": N, "acme": N}: requests served so far

Both answer pages of one fixed, deterministic list of 120 hotels (TOTAL). The filter is the
city (OpenTravel: Criterion/Address/CityName or HotelRef/@HotelCityCode; Acme: FindStays/@city),
compared case-insensitively; city ERR answers the service's business error. The page size is
the request's (MaxResponses; @max), at most 500; the token is opaque (base64 of the offset), read from
the request's Criterion/@MoreDataEchoToken or FindStays/@after.
"""
import base64
import json
import socketserver
import struct
import sys
import threading
import zlib
import xml.etree.ElementTree as ET
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server
from xml.sax.saxutils import escape, quoteattr

OTA = "http://www.opentravel.org/OTA/2003/05"
ACME = "urn:acme:stays:2"
SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/"
SOAP12 = "http://www.w3.org/2003/05/soap-envelope"

CITIES = [
    # name, IATA code, country, latitude, longitude, currency, exponent
    ("Lisbon", "LIS", "PT", 38.7223, -9.1393, "EUR", 2),
    ("Oslo", "OSL", "NO", 59.9139, 10.7522, "NOK", 2),
    ("Tokyo", "TYO", "JP", 35.6762, 139.6503, "JPY", 0),
    ("Kuwait City", "KWI", "KW", 29.3759, 47.9774, "KWD", 3),
    ("Chicago", "CHI", "US", 41.8781, -87.6298, "USD", 2),
    ("Zürich", "ZRH", "CH", 47.3769, 8.5417, "CHF", 2),
]
NAMES = ["Harbour", "Old Town", "Station", "Garden", "Riverside", "Plaza", "Tower", "Park",
         "Bridge", "Market", "Castle", "Lakeside", "Museum", "Opera", "Cathedral", "Airport",
         "Hill", "Square", "Gate", "Quay"]
KINDS = ["Hotel", "Inn", "Suites", "Lodge", "Residence", "Hostel"]
TOTAL = 120
# Distances in miles whose kilometres (× 1.609344) print as short decimals: a product like
# 1.3 × 1.609344 prints as 2.0921472000000003 (Dialects/README.md).
MILES = [0.3, 0.5, 0.6, 0.7, 1.0, 1.2, 6.5, 7.0, 7.5, 8.0]


def make_hotels():
    hotels = []
    for i in range(TOTAL):
        city, code, country, lat, lon, currency, exponent = CITIES[i % len(CITIES)]
        n = i + 1
        minor = 4500 + (n * 3761) % 30000          # e.g. 8261 -> 82.61 EUR
        amount = minor * 10 if exponent == 3 else minor   # 82610 KWD/3 is 82.610
        hotels.append({
            "n": n,
            "city": city, "code": code, "country": country,
            "name": f"{NAMES[i % len(NAMES)]} {KINDS[(i // len(NAMES)) % len(KINDS)]} {city} {n}",
            "street": f"{(n * 7) % 200 + 1} {NAMES[(i + 3) % len(NAMES)]} Street",
            "lat": round(lat + ((n * 37) % 100 - 50) / 1000, 4),
            "lon": round(lon + ((n * 53) % 100 - 50) / 1000, 4),
            "stars": 1 + n % 5,
            "amount": amount, "exponent": exponent, "currency": currency,
            "miles": MILES[(n * 7) % len(MILES)],
            "phone": f"+1 555 {n:04d}",
        })
    return hotels


HOTELS = make_hotels()


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, rgb):
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


IMAGE = png(8, 8, (40, 120, 200))
STATS = {"img": 0, "ota-search": 0, "acme": 0}
LOCK = threading.Lock()


def count(key):
    with LOCK:
        STATS[key] += 1


def token_for(offset):
    return base64.urlsafe_b64encode(f"offset={offset}".encode()).decode()


def offset_of(token):
    if not token:
        return 0
    try:
        return max(0, int(base64.urlsafe_b64decode(token.encode()).decode().split("=", 1)[1]))
    except Exception:
        return 0


def page_size(text):
    try:
        return max(1, min(500, int(text)))
    except (TypeError, ValueError):
        return 50


def select(city):
    if not city:
        return HOTELS
    return [h for h in HOTELS if city.casefold() in (h["city"].casefold(), h["code"].casefold())]


def price_text(h):
    """The OpenTravel Money text: a decimal with the currency's places."""
    e = h["exponent"]
    if e == 0:
        return str(h["amount"])
    return f"{h['amount'] // 10 ** e}.{h['amount'] % 10 ** e:0{e}d}"


def body_child(data):
    root = ET.fromstring(data)
    for ns in (SOAP11, SOAP12):
        body = root.find(f"{{{ns}}}Body")
        if body is not None and len(body):
            return body[0]
    raise ValueError("no SOAP Body child")


# ---- OpenTravel OTA_HotelSearchRQ / RS (SOAP 1.1) ----

def ota_property(h, base):
    e = h["exponent"]
    return (
        f'<Property HotelCode="OTA{h["n"]:04d}" HotelName={quoteattr(h["name"])} HotelCityCode="{h["code"]}">'
        f'<Position Latitude="{h["lat"]}" Longitude="{h["lon"]}"/>'
        f'<Address><AddressLine>{escape(h["street"])}</AddressLine><CityName>{escape(h["city"])}</CityName>'
        f'<CountryName Code="{h["country"]}"/></Address>'
        f'<ContactNumbers><ContactNumber PhoneNumber="{h["phone"]}"/></ContactNumbers>'
        f'<Award Provider="OTA" Rating="{h["stars"]}"/>'
        f'<RelativePosition Distance="{round(h["miles"] * 1.609344, 1)}" UnitOfMeasureCode="2"/>'
        f'<RateRange MinRate="{price_text(h)}" CurrencyCode="{h["currency"]}" DecimalPlaces="{e}"/>'
        f'<TPA_Extensions><ImageURL>{base}/img/OTA{h["n"]:04d}.png</ImageURL></TPA_Extensions>'
        "</Property>"
    )


def ota_search(data, base):
    rq = body_child(data)
    q = lambda name: f"{{{OTA}}}{name}"
    criteria = rq.find(q("Criteria"))
    city, token = "", ""
    if criteria is not None:
        for criterion in criteria.findall(q("Criterion")):
            token = criterion.get("MoreDataEchoToken", token)
            name = criterion.find(f"{q('Address')}/{q('CityName')}")
            ref = criterion.find(q("HotelRef"))
            if name is not None and name.text:
                city = name.text.strip()
            elif ref is not None and ref.get("HotelCityCode"):
                city = ref.get("HotelCityCode")
    head = f'<OTA_HotelSearchRS xmlns="{OTA}" Version="1.000">'
    if city.upper() == "ERR":
        inner = ('<Errors><Error Type="3" Code="392" ShortText="Invalid city code">'
                 "City ERR is not served by this property search</Error></Errors>")
    else:
        hotels = select(city)
        offset = offset_of(token)
        page = hotels[offset:offset + page_size(rq.get("MaxResponses"))]
        following = offset + len(page)
        more = f' MoreDataEchoToken="{token_for(following)}"' if following < len(hotels) and page else ""
        props = "".join(ota_property(h, base) for h in page)
        inner = (f"<Success/><Properties>{props}</Properties>" if page else "<Success/>") + (
            f"<Criteria><Criterion{more}/></Criteria>" if more else "")
    return SOAP11, f"<soap:Envelope xmlns:soap=\"{SOAP11}\"><soap:Body>{head}{inner}</OTA_HotelSearchRS></soap:Body></soap:Envelope>"


# ---- Acme Stays FindStays / FindStaysResult (SOAP 1.2) ----

RATINGS = {1: "1ST", 2: "2ST", 3: "3ST", 4: "4ST", 5: "5ST"}


def acme_stay(h, base):
    return (
        f'<a:Stay code="ACM-{h["n"]:03d}" label={quoteattr(h["name"])} street={quoteattr(h["street"])} '
        f'town={quoteattr(h["city"])} cc="{h["country"]}" lat="{h["lat"]}" lng="{h["lon"]}" '
        f'rating="{RATINGS[h["stars"]]}" amount="{h["amount"]}" exp="{h["exponent"]}" cur="{h["currency"]}" '
        f'mi="{h["miles"]}" tel={quoteattr(h["phone"])} img="{base}/img/ACM-{h["n"]:03d}.png">'
        '<a:Perk k="wifi"/>' + ('<a:Perk k="pool"/>' if h["n"] % 3 == 0 else "") + "</a:Stay>"
    )


def acme(data, base):
    rq = body_child(data)
    city = rq.get("city", "").strip()
    if city.upper() == "ERR":
        inner = '<a:Problem code="E-CITY" text="unknown city ERR: no stays are sold there"/>'
    else:
        hotels = select(city)
        offset = offset_of(rq.get("after", ""))
        page = hotels[offset:offset + page_size(rq.get("max"))]
        following = offset + len(page)
        stays = "".join(acme_stay(h, base) for h in page)
        nxt = f' next="{token_for(following)}"' if following < len(hotels) and page else ""
        inner = f'{stays}<a:Page size="{len(page)}"{nxt}/>'
    return SOAP12, (f'<env:Envelope xmlns:env="{SOAP12}"><env:Body><a:FindStaysResult xmlns:a="{ACME}">'
                    f"{inner}</a:FindStaysResult></env:Body></env:Envelope>")


def app(environ, start_response):
    path = environ.get("PATH_INFO", "")
    method = environ.get("REQUEST_METHOD", "GET")
    base = f"http://{environ.get('HTTP_HOST', '127.0.0.1')}"
    if method == "GET" and path.startswith("/img/") and path.endswith(".png"):
        count("img")
        start_response("200 OK", [("Content-Type", "image/png"), ("Content-Length", str(len(IMAGE)))])
        return [IMAGE]
    if method == "GET" and path == "/stats":
        with LOCK:
            data = json.dumps(STATS).encode()
        start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(data)))])
        return [data]
    if method == "POST" and path in ("/ota-search", "/acme"):
        key = path[1:]
        count(key)
        length = int(environ.get("CONTENT_LENGTH") or 0)
        data = environ["wsgi.input"].read(length)
        try:
            version, text = (ota_search if key == "ota-search" else acme)(data, base)
        except Exception as error:  # a request we cannot read: a plain 400, not a SOAP answer
            message = f"bad request: {error}".encode()
            start_response("400 Bad Request", [("Content-Type", "text/plain"), ("Content-Length", str(len(message)))])
            return [message]
        body = ('<?xml version="1.0" encoding="UTF-8"?>' + text).encode()
        kind = "text/xml; charset=utf-8" if version == SOAP11 else "application/soap+xml; charset=utf-8"
        start_response("200 OK", [("Content-Type", kind), ("Content-Length", str(len(body)))])
        return [body]
    start_response("404 Not Found", [("Content-Type", "text/plain"), ("Content-Length", "9")])
    return [b"not found"]


class ThreadingServer(socketserver.ThreadingMixIn, WSGIServer):
    daemon_threads = True
    # socketserver's default backlog is 5: the browse table opens a connection per visible
    # logo at once, and on a loaded machine the ones past the backlog waited out SYN
    # retransmissions (1 s, 3 s, 7 s…) longer than the test's wait.
    request_queue_size = 128


class QuietHandler(WSGIRequestHandler):
    def log_message(self, *args):
        pass


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1] else 0
    server = make_server("127.0.0.1", port, app, server_class=ThreadingServer, handler_class=QuietHandler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
