"""The benchmark's reference server: WSDL/HotelSearch.wsdl's SearchHotels (and GetHotel)
as a typical Python SOAP stack serves them. spyne models and @rpc, SOAP 1.1 in and out
(lxml underneath), a WSGI app for gunicorn: `gunicorn server:application`.

The catalog is 10,000 hotels generated in memory at import, always the same (fixed seed),
over the cities and weights of Sources/HotelSeeder/Resources/cities.json, with the seeder's
star, price and amenity odds. Names and addresses are English only.
"""

import math
import random
import unicodedata
from decimal import Decimal

from spyne import (AnyUri, Application, ComplexModel, Date, Double, Fault, Int, ServiceBase,
                   Unicode, XmlAttribute, XmlData, rpc)
from spyne import Decimal as XsdDecimal
from spyne.protocol.soap import Soap11
from spyne.server.wsgi import WsgiApplication

NS = "urn:hotel-search:v1"
HOTELS = 10_000
SEED = 20_240_601
DEFAULT_LIMIT = 50

# (city, country, latitude, longitude, currency, base price, weight, phone, streets): from
# Sources/HotelSeeder/Resources/cities.json, first three English streets.
CITIES = [
    ("Seoul", "KR", 37.5665, 126.978, "KRW", 120000, 8, "+82 2-####-####",
     ["Sejong-daero, Jung-gu", "Teheran-ro, Gangnam-gu", "Eulji-ro, Jung-gu"]),
    ("Busan", "KR", 35.1796, 129.0756, "KRW", 95000, 3, "+82 51-###-####",
     ["Haeundaehaebyeon-ro, Haeundae-gu", "Gwanganhaebyeon-ro, Suyeong-gu", "Jungang-daero, Busanjin-gu"]),
    ("Tokyo", "JP", 35.6812, 139.7671, "JPY", 15000, 10, "+81 3-####-####",
     ["Nishi-Shinjuku, Shinjuku-ku", "Dogenzaka, Shibuya-ku", "Ginza, Chuo-ku"]),
    ("Kyoto", "JP", 35.0116, 135.7681, "JPY", 14000, 3, "+81 75-###-####",
     ["Gionmachi-minamigawa, Higashiyama-ku", "Saga-Tenryuji, Ukyo-ku", "Kawaramachi-dori, Nakagyo-ku"]),
    ("Osaka", "JP", 34.6937, 135.5023, "JPY", 12000, 5, "+81 6-####-####",
     ["Umeda, Kita-ku", "Namba, Chuo-ku", "Shinsaibashisuji, Chuo-ku"]),
    ("Beijing", "CN", 39.9042, 116.4074, "CNY", 600, 6, "+86 10 #### ####",
     ["Wangfujing Street, Dongcheng District", "Jianguo Road, Chaoyang District", "Sanlitun Road, Chaoyang District"]),
    ("Shanghai", "CN", 31.2304, 121.4737, "CNY", 700, 7, "+86 21 #### ####",
     ["Zhongshan East 1st Road, Huangpu District", "Lujiazui Ring Road, Pudong", "Nanjing East Road, Huangpu District"]),
    ("Hong Kong", "HK", 22.3193, 114.1694, "HKD", 1000, 6, "+852 #### ####",
     ["Nathan Road, Kowloon", "Queen's Road Central", "Hennessy Road"]),
    ("Taipei", "TW", 25.033, 121.5654, "TWD", 3000, 4, "+886 2 ####-####",
     ["Songshou Rd., Xinyi Dist.", "Chengdu Rd., Wanhua Dist.", "Sec. 2, Zhongshan N. Rd., Zhongshan Dist."]),
    ("Bangkok", "TH", 13.7563, 100.5018, "THB", 1800, 7, "+66 2 ### ####",
     ["Sukhumvit Road, Khlong Toei", "Silom Road, Suriyawong", "Rama I Road, Pathum Wan"]),
    ("Singapore", "SG", 1.2903, 103.852, "SGD", 220, 6, "+65 6### ####",
     ["Orchard Road", "Bras Basah Road", "Beach Road"]),
    ("Mumbai", "IN", 19.076, 72.8777, "INR", 6000, 5, "+91 22 #### ####",
     ["Colaba Causeway", "Marine Drive", "Juhu Tara Road"]),
    ("Delhi", "IN", 28.6139, 77.209, "INR", 5000, 5, "+91 11 #### ####",
     ["Janpath", "Barakhamba Road", "Main Bazaar"]),
    ("Dubai", "AE", 25.2048, 55.2708, "AED", 450, 6, "+971 4 ### ####",
     ["Sheikh Zayed Road", "Al Rigga Street", "Jumeirah Beach Road"]),
    ("Riyadh", "SA", 24.7136, 46.6753, "SAR", 450, 3, "+966 11 ### ####",
     ["King Fahd Road", "Olaya Street", "King Abdullah Road"]),
    ("Hanoi", "VN", 21.0278, 105.8342, "VND", 1200000, 3, "+84 24 #### ####",
     ["Phố Hàng Bạc", "Phố Tràng Tiền", "Phố Hàng Gai"]),
    ("Cairo", "EG", 30.0444, 31.2357, "EGP", 2500, 4, "+20 2 #### ####",
     ["26th of July Street", "Corniche El Nil", "Talaat Harb Street"]),
    ("Marrakesh", "MA", 31.6295, -7.9811, "MAD", 900, 2, "+212 524-######",
     ["Derb Dabachi", "Rue de la Kasbah", "Avenue Mohammed V"]),
    ("Cape Town", "ZA", -33.9249, 18.4241, "ZAR", 1800, 3, "+27 21 ### ####",
     ["Long Street", "Strand Street", "Beach Road"]),
    ("Nairobi", "KE", -1.2921, 36.8219, "KES", 12000, 2, "+254 20 #######",
     ["Kenyatta Avenue", "Moi Avenue", "Waiyaki Way"]),
    ("Lagos", "NG", 6.5244, 3.3792, "NGN", 80000, 2, "+234 1 ### ####",
     ["Adeola Odeku Street", "Ozumba Mbadiwe Avenue", "Awolowo Road"]),
    ("Istanbul", "TR", 41.0082, 28.9784, "TRY", 3500, 6, "+90 212 ### ## ##",
     ["İstiklal Caddesi", "Divan Yolu Caddesi", "Cumhuriyet Caddesi"]),
    ("Athens", "GR", 37.9838, 23.7275, "EUR", 120, 4, "+30 21# ### ####",
     ["Ermou Street", "Amalias Avenue", "Aiolou Street"]),
    ("Rome", "IT", 41.9028, 12.4964, "EUR", 150, 6, "+39 06 #### ####",
     ["Via del Corso", "Via Nazionale", "Via Veneto"]),
    ("Paris", "FR", 48.8566, 2.3522, "EUR", 180, 9, "+33 1 ## ## ## ##",
     ["rue de Rivoli", "boulevard Saint-Germain", "avenue des Champs-Élysées"]),
    ("Berlin", "DE", 52.52, 13.405, "EUR", 110, 5, "+49 30 ########",
     ["Friedrichstraße", "Unter den Linden", "Kurfürstendamm"]),
    ("Munich", "DE", 48.1351, 11.582, "EUR", 140, 4, "+49 89 ########",
     ["Maximilianstraße", "Leopoldstraße", "Sendlinger Straße"]),
    ("Zürich", "CH", 47.3769, 8.5417, "CHF", 220, 2, "+41 44 ### ## ##",
     ["Bahnhofstrasse", "Niederdorfstrasse", "Limmatquai"]),
    ("Vienna", "AT", 48.2082, 16.3738, "EUR", 130, 4, "+43 1 #######",
     ["Kärntner Straße", "Mariahilfer Straße", "Opernring"]),
    ("Prague", "CZ", 50.0755, 14.4378, "CZK", 2800, 4, "+420 2## ### ###",
     ["Karlova", "Celetná", "Nerudova"]),
    ("Kraków", "PL", 50.0647, 19.945, "PLN", 400, 2, "+48 12 ### ## ##",
     ["ul. Floriańska", "ul. Grodzka", "ul. Szeroka"]),
    ("Stockholm", "SE", 59.3293, 18.0686, "SEK", 1400, 3, "+46 8 ### ### ##",
     ["Drottninggatan", "Götgatan", "Strandvägen"]),
    ("Reykjavík", "IS", 64.1466, -21.9426, "ISK", 25000, 1, "+354 5## ####",
     ["Laugavegur", "Skólavörðustígur", "Hverfisgata"]),
    ("London", "GB", 51.5074, -0.1278, "GBP", 150, 9, "+44 20 #### ####",
     ["Oxford Street", "Baker Street", "Strand"]),
    ("Edinburgh", "GB", 55.9533, -3.1883, "GBP", 120, 2, "+44 131 ### ####",
     ["High Street", "Princes Street", "George Street"]),
    ("Madrid", "ES", 40.4168, -3.7038, "EUR", 120, 5, "+34 91# ### ###",
     ["Calle de Alcalá", "Gran Vía", "Calle Mayor"]),
    ("Barcelona", "ES", 41.3874, 2.1686, "EUR", 140, 5, "+34 93# ### ###",
     ["La Rambla", "Passeig de Gràcia", "Carrer de Balmes"]),
    ("Lisbon", "PT", 38.7223, -9.1393, "EUR", 110, 4, "+351 21# ### ###",
     ["Rua Augusta", "Avenida da Liberdade", "Rua Garrett"]),
    ("Amsterdam", "NL", 52.3676, 4.9041, "EUR", 170, 5, "+31 20 ### ####",
     ["Damrak", "Prinsengracht", "Herengracht"]),
    ("Moscow", "RU", 55.7558, 37.6173, "RUB", 7000, 5, "+7 495 ###-##-##",
     ["Tverskaya Street", "Arbat Street", "Novy Arbat Street"]),
    ("Saint Petersburg", "RU", 59.9343, 30.3351, "RUB", 6000, 3, "+7 812 ###-##-##",
     ["Nevsky Prospekt", "Rubinsteina Street", "Liteyny Prospekt"]),
    ("New York", "US", 40.7128, -74.006, "USD", 250, 9, "+1 212-###-####",
     ["Broadway", "Fifth Avenue", "W 44th St"]),
    ("Chicago", "US", 41.8781, -87.6298, "USD", 180, 4, "+1 312-###-####",
     ["N Michigan Ave", "W Madison St", "N State St"]),
    ("San Francisco", "US", 37.7749, -122.4194, "USD", 220, 4, "+1 415-###-####",
     ["Market St", "Geary St", "Powell St"]),
    ("Los Angeles", "US", 34.0522, -118.2437, "USD", 190, 5, "+1 213-###-####",
     ["Hollywood Blvd", "Sunset Blvd", "Wilshire Blvd"]),
    ("Mexico City", "MX", 19.4326, -99.1332, "MXN", 1800, 5, "+52 55 #### ####",
     ["Paseo de la Reforma", "Avenida Madero", "Calle Álvaro Obregón"]),
    ("Havana", "CU", 23.1136, -82.3666, "CUP", 2000, 2, "+53 7 #######",
     ["Calle Obispo", "Paseo del Prado", "Calle 23"]),
    ("Vancouver", "CA", 49.2827, -123.1207, "CAD", 220, 3, "+1 604-###-####",
     ["Granville St", "Robson St", "W Hastings St"]),
    ("Montréal", "CA", 45.5017, -73.5673, "CAD", 180, 3, "+1 514-###-####",
     ["rue Sainte-Catherine Ouest", "boulevard Saint-Laurent", "rue Saint-Denis"]),
    ("Bogotá", "CO", 4.711, -74.0721, "COP", 300000, 3, "+57 601 #######",
     ["Carrera 7", "Calle 26", "Avenida Jiménez"]),
    ("Lima", "PE", -12.0464, -77.0428, "PEN", 300, 3, "+51 1 #######",
     ["Avenida José Larco", "Avenida Pardo", "Jirón de la Unión"]),
    ("São Paulo", "BR", -23.5505, -46.6333, "BRL", 450, 5, "+55 11 ####-####",
     ["Avenida Paulista", "Rua Augusta", "Rua Oscar Freire"]),
    ("Rio de Janeiro", "BR", -22.9068, -43.1729, "BRL", 500, 4, "+55 21 ####-####",
     ["Avenida Atlântica", "Rua Visconde de Pirajá", "Avenida Vieira Souto"]),
    ("Buenos Aires", "AR", -34.6037, -58.3816, "ARS", 90000, 4, "+54 11 ####-####",
     ["Avenida Corrientes", "Avenida de Mayo", "Calle Florida"]),
    ("Santiago", "CL", -33.4489, -70.6693, "CLP", 80000, 3, "+56 2 #### ####",
     ["Avenida Providencia", "Avenida Apoquindo", "Avenida Libertador Bernardo O'Higgins"]),
    ("Sydney", "AU", -33.8688, 151.2093, "AUD", 230, 5, "+61 2 #### ####",
     ["George St", "Pitt St", "Macquarie St"]),
    ("Melbourne", "AU", -37.8136, 144.9631, "AUD", 200, 4, "+61 3 #### ####",
     ["Collins St", "Flinders St", "Swanston St"]),
    ("Auckland", "NZ", -36.8485, 174.7633, "NZD", 220, 2, "+64 9-### ####",
     ["Queen St", "Quay St", "Ponsonby Rd"]),
    ("Honolulu", "US", 21.3069, -157.8583, "USD", 280, 2, "+1 808-###-####",
     ["Kalākaua Ave", "Kūhiō Ave", "Ala Moana Blvd"]),
    ("Suva", "FJ", -18.1416, 178.4419, "FJD", 300, 1, "+679 3## ####",
     ["Victoria Parade", "Queen Elizabeth Drive", "Ratu Sukuna Road"]),
]

# Currency: (US dollars per unit, decimal places), from
# Sources/HotelCatalogs/Currencies.swift.
CURRENCIES = {
    "USD": (1, 2), "EUR": (1.08, 2), "GBP": (1.27, 2), "CHF": (1.13, 2), "JPY": (0.0067, 0),
    "KRW": (0.00073, 0), "CNY": (0.138, 2), "HKD": (0.128, 2), "TWD": (0.031, 2), "THB": (0.028, 2),
    "SGD": (0.74, 2), "INR": (0.012, 2), "VND": (0.000039, 0), "AED": (0.2723, 2),
    "SAR": (0.2667, 2), "EGP": (0.0205, 2), "MAD": (0.10, 2), "ZAR": (0.054, 2), "KES": (0.0077, 2),
    "NGN": (0.00065, 2), "TRY": (0.029, 2), "CZK": (0.043, 2), "PLN": (0.25, 2), "SEK": (0.095, 2),
    "NOK": (0.093, 2), "DKK": (0.145, 2), "ISK": (0.0072, 0), "RUB": (0.011, 2), "CAD": (0.73, 2),
    "MXN": (0.055, 2), "CUP": (0.042, 2), "COP": (0.00025, 2), "PEN": (0.27, 2), "BRL": (0.18, 2),
    "ARS": (0.0011, 2), "CLP": (0.00105, 0), "AUD": (0.66, 2), "NZD": (0.60, 2), "FJD": (0.44, 2),
}

AMENITIES = ["wifi", "breakfast", "pool", "gym", "spa", "parking", "pets", "restaurant", "bar",
             "airport-shuttle", "ev-charging", "accessible"]
BRANDS = ["Grand", "Royal", "Park", "Plaza", "Imperial", "Central", "Harbour", "Garden", "Palace",
          "Regent", "Crown", "Riverside", "Metropolitan", "Continental", "Sunrise", "Heritage",
          "Liberty", "Majestic", "Oakwood", "Bayview", "Skyline", "Union", "Meridian",
          "Ambassador", "Windsor", "Summit", "Pearl", "Lotus", "Orchid", "Cedar"]
KINDS = ["Hotel", "Hotel", "Hotel", "Inn", "Suites", "Lodge", "Resort", "House", "Hostel",
         "Boutique Hotel", "Apartments", "Residences"]
PATTERNS = ["{b} {k} {d}", "{d} {b} {k}", "The {b} {d}", "{d} {k}", "{b} {k}", "The {b} {k}"]
STAR_FACTOR = [0.6, 0.45, 0.65, 1.0, 1.7, 3.2]
EARTH_RADIUS_KM = 6371.0088


def fold(text):
    """Case-, accent- and width-insensitive key with single spaces, like CatalogText.fold."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def distance_km(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    a = (math.sin((p2 - p1) / 2) ** 2
         + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2)
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(a)))


class Row:
    """One catalog hotel, with the keys the search compares."""
    __slots__ = ("id", "name", "name_key", "address", "city", "city_key", "country", "latitude",
                 "longitude", "stars", "price", "currency", "price_usd", "phone", "amenities",
                 "description")


def generate(count, seed):
    rng = random.Random(seed)
    weights = [c[6] for c in CITIES]
    rows = []
    for number in range(1, count + 1):
        name, country, lat, lon, currency, base, _, phone, streets = rng.choices(CITIES, weights)[0]
        r = Row()
        r.id = "H%07d" % number
        # Exponential distance from the centre (mean 2.8 km), as the seeder does.
        km = min(25.0, -math.log(1 - rng.random()) * 2.8)
        bearing = rng.random() * 2 * math.pi
        km_per_degree = EARTH_RADIUS_KM * math.pi / 180
        r.latitude = round(lat + km * math.cos(bearing) / km_per_degree, 6)
        lon_km_per_degree = km_per_degree * math.cos(math.radians(lat))
        r.longitude = round(lon + km * math.sin(bearing) / lon_km_per_degree, 6)
        u = rng.random()
        r.stars = next(s for s, top in enumerate([0.03, 0.10, 0.30, 0.65, 0.90, 1.01]) if u < top)
        street = rng.choice(streets)
        pattern, brand, kind = rng.choice(PATTERNS), rng.choice(BRANDS), rng.choice(KINDS)
        r.name = pattern.format(b=brand, k=kind, d=street.split(",")[0])
        r.name_key = fold(r.name)
        r.address = "%d %s, %s" % (rng.randint(1, 250), street, name)
        r.city, r.city_key, r.country, r.currency = name, fold(name), country, currency
        # A price quoted to 3 significant digits, sometimes .99 or .50 when cheap.
        rate, decimals = CURRENCIES[currency]
        raw = base * STAR_FACTOR[r.stars] * (0.75 + 0.65 * rng.random())
        step = max(1, 10 ** (math.floor(math.log10(raw)) - 2))
        minor = int(max(step, round(raw / step) * step)) * 10 ** decimals
        if decimals == 2 and step == 1:
            cents = rng.random()
            minor -= 1 if cents < 0.3 else 50 if cents < 0.45 else 0
        r.price = Decimal(minor).scaleb(-decimals)
        r.price_usd = float(r.price) * rate
        r.phone = "".join(str(rng.randint(0, 9)) if ch == "#" else ch for ch in phone)
        s = r.stars or 1.5
        odds = [0.92, 0.35 + 0.08 * s, 0.04 + 0.07 * s, 0.03 + 0.12 * s, 0.01 + 0.07 * s, 0.5, 0.2,
                0.15 + 0.15 * s, 0.1 + 0.14 * s, 0.08 + 0.04 * s, 0.03 + 0.03 * s, 0.35 + 0.1 * s]
        r.amenities = [a for a, p in zip(AMENITIES, odds) if rng.random() < min(0.98, p)]
        r.description = "%s is a %d-star hotel on %s in %s." % (r.name, r.stars, street, name)
        rows.append(r)
    return rows


def relevance(r):
    return (-r.stars, r.price_usd, r.id)


# The catalog and its city index, each in the default order (relevance: stars, then price).
ALL = sorted(generate(HOTELS, SEED), key=relevance)
BY_ID = {r.id: r for r in ALL}
BY_CITY = {}
for _row in ALL:
    BY_CITY.setdefault(_row.city_key, []).append(_row)


# --- The contract's types (WSDL/HotelSearch.wsdl) as spyne models -------------------------

def simple(base, name, **restrictions):
    """One of the contract's named xsd:simpleTypes (in its namespace, not spyne's)."""
    return base(type_name=name, __namespace__=NS, **restrictions)


CurrencyCode = simple(Unicode, "CurrencyCode", pattern="[A-Z]{3}")
CountryCode = simple(Unicode, "CountryCode", pattern="[A-Z]{2}")
StarRating = simple(Int, "StarRating", ge=0, le=5)
NonNegativeDecimal = simple(XsdDecimal, "NonNegativeDecimal", ge=0)
NonNegativeInt = simple(Int, "NonNegativeInt", ge=0)
GuestCount = simple(Int, "GuestCount", ge=1, le=20)
PageLimit = simple(Int, "PageLimit", ge=1, le=500)
SortBy = simple(Unicode, "SortBy", values=["relevance", "price", "stars", "distance", "name"])
Required = dict(min_occurs=1, nillable=False)


class Near(ComplexModel):
    __namespace__ = NS
    _type_info = [
        ("Latitude", simple(Double, "Latitude", ge=-90, le=90, **Required)),
        ("Longitude", simple(Double, "Longitude", ge=-180, le=180, **Required)),
        ("RadiusKm", simple(Double, "RadiusKm", gt=0, le=20000, **Required)),
    ]


class Price(ComplexModel):
    """xsd:simpleContent: the amount as the element's text, currency as an attribute."""
    __namespace__ = NS
    _type_info = [
        ("value", XmlData(NonNegativeDecimal)),
        ("currency", XmlAttribute(CurrencyCode, use="required")),
    ]


class Hotel(ComplexModel):
    __namespace__ = NS
    _type_info = [
        ("HotelId", Unicode(**Required)),
        ("Name", Unicode(**Required)),
        ("Address", Unicode(**Required)),
        ("City", Unicode(**Required)),
        ("Country", CountryCode.customize(**Required)),
        ("Latitude", Double(**Required)),
        ("Longitude", Double(**Required)),
        ("Stars", StarRating.customize(**Required)),
        ("Price", Price.customize(**Required)),
        ("DistanceKm", Double),
        ("LogoURL", AnyUri),
        ("Phone", Unicode),
        ("Amenity", Unicode(max_occurs="unbounded")),
    ]


def invalid(field, message):
    return Fault("Client.InvalidValue", "%s: %s" % (field, message))


def to_hotel(r, base_url, distance=None):
    return Hotel(HotelId=r.id, Name=r.name, Address=r.address, City=r.city, Country=r.country,
                 Latitude=r.latitude, Longitude=r.longitude, Stars=r.stars,
                 Price=Price(value=r.price, currency=r.currency), DistanceKm=distance,
                 LogoURL="%s/logos/%s.png" % (base_url, r.id), Phone=r.phone, Amenity=r.amenities)


def base_url(ctx):
    env = ctx.transport.req_env
    return "%s://%s" % (env.get("wsgi.url_scheme", "http"), env.get("HTTP_HOST", "localhost"))


class HotelSearchService(ServiceBase):
    @rpc(Unicode(max_len=200), Unicode(max_len=200), Near, StarRating, NonNegativeDecimal,
         CurrencyCode, Date, Date, GuestCount, Unicode(max_occurs="unbounded"), SortBy,
         NonNegativeInt, PageLimit,
         _in_variable_names=dict(
             city="City", name="Name", near="Near", min_stars="MinStars", max_price="MaxPrice",
             currency="Currency", check_in="CheckIn", check_out="CheckOut", guests="Guests",
             amenities="Amenity", sort_by="SortBy", offset="Offset", limit="Limit"),
         _returns=(NonNegativeInt.customize(**Required), NonNegativeInt.customize(**Required),
                   Hotel.customize(max_occurs="unbounded")),
         _out_variable_names=("TotalCount", "Offset", "Hotel"))
    def SearchHotels(ctx, city, name, near, min_stars, max_price, currency, check_in, check_out,
                     guests, amenities, sort_by, offset, limit):
        # CheckIn, CheckOut and Guests are checked, not used: the catalog has no availability.
        if check_in and check_out and check_out <= check_in:
            raise invalid("CheckOut", "must be after CheckIn")
        rows = BY_CITY.get(fold(city), []) if city and city.strip() else ALL
        if name and name.strip():
            key = fold(name)
            rows = [r for r in rows if key in r.name_key]
        if min_stars is not None:
            rows = [r for r in rows if r.stars >= min_stars]
        if max_price is not None:
            code = (currency or "USD").strip().upper()
            if code not in CURRENCIES:
                raise invalid("Currency", "unknown currency %r" % currency)
            max_usd = float(max_price) * CURRENCIES[code][0] * (1 + 1e-12)
            rows = [r for r in rows if r.price_usd <= max_usd]
        if amenities:
            wanted = {(a or "").strip().lower() for a in amenities}
            if not wanted <= set(AMENITIES):
                raise invalid("Amenity", "unknown amenity in %r" % sorted(wanted))
            rows = [r for r in rows if wanted.issubset(r.amenities)]
        distances = {}
        if near is not None:
            for r in rows:
                d = distance_km(near.Latitude, near.Longitude, r.latitude, r.longitude)
                if d <= near.RadiusKm:
                    distances[r.id] = round(d, 3)
            rows = [r for r in rows if r.id in distances]
        if sort_by == "distance":
            if near is None:
                raise invalid("SortBy", "distance needs Near")
            rows = sorted(rows, key=lambda r: (distances[r.id], r.id))
        elif sort_by == "price":
            rows = sorted(rows, key=lambda r: (r.price_usd, r.id))
        elif sort_by == "name":
            rows = sorted(rows, key=lambda r: (r.name_key, r.id))
        # relevance and stars: the order the catalog is kept in.
        offset = offset or 0
        page = rows[offset:offset + (limit or DEFAULT_LIMIT)]
        url = base_url(ctx)
        return len(rows), offset, [to_hotel(r, url, distances.get(r.id)) for r in page]

    @rpc(Unicode(**Required), _in_variable_names=dict(hotel_id="HotelId"),
         _returns=(Hotel.customize(**Required), Unicode(**Required),
                   AnyUri(max_occurs="unbounded")),
         _out_variable_names=("Hotel", "Description", "ImageURL"))
    def GetHotel(ctx, hotel_id):
        r = BY_ID.get((hotel_id or "").strip())
        if r is None:
            raise Fault("Client.NotFound", "no hotel with HotelId %r" % hotel_id)
        url = base_url(ctx)
        return to_hotel(r, url), r.description, ["%s/logos/%s.png?size=512" % (url, r.id)]


application = WsgiApplication(Application(
    [HotelSearchService], tns=NS, name="HotelSearch",
    in_protocol=Soap11(validator="soft"), out_protocol=Soap11()))
