"""Writes a SearchHotelsResponse of N hotels to PATH (for the memory test): python3 make_response.py N PATH"""
import sys

n, path = int(sys.argv[1]), sys.argv[2]
with open(path, "w", encoding="utf-8") as f:
    f.write('<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">'
            '<soap:Body><h:SearchHotelsResponse xmlns:h="urn:hotel-search:v1">'
            f'<h:TotalCount>{n}</h:TotalCount><h:Offset>0</h:Offset>')
    for i in range(n):
        f.write(f'<h:Hotel><h:HotelId>H{i}</h:HotelId><h:Name>Hotel {i} 서울 &amp; "Plaza" Résidence</h:Name>'
                f'<h:Address>{i} Long Example Street, District {i % 97}</h:Address><h:City>Seoul</h:City><h:Country>KR</h:Country>'
                f'<h:Latitude>37.5</h:Latitude><h:Longitude>127.0</h:Longitude><h:Stars>{i % 6}</h:Stars>'
                f'<h:Price currency="KRW">{1000 + i % 900}</h:Price><h:LogoURL>http://127.0.0.1:8080/logos/H{i}.png</h:LogoURL>'
                f'<h:Phone>+82 2 {1000000 + i}</h:Phone><h:Amenity>wifi</h:Amenity><h:Amenity>pool</h:Amenity></h:Hotel>')
    f.write('</h:SearchHotelsResponse></soap:Body></soap:Envelope>')
