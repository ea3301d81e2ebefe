"""Drives the service with zeep from its served WSDL; prints what zeep saw as JSON.

Usage: python3 zeep_client.py http://127.0.0.1:PORT/wsdl SOAP_ID
"""
import json
import sys

import zeep
from zeep.exceptions import Fault


def hotel(h):
    return {
        "id": h.HotelId, "name": h.Name, "city": h.City, "country": h.Country,
        "stars": h.Stars, "price": str(h.Price._value_1), "currency": h.Price.currency,
        "distanceKm": h.DistanceKm, "amenities": list(h.Amenity or []),
    }


def page(response):
    return {"totalCount": response.TotalCount, "offset": response.Offset,
            "hotels": [hotel(h) for h in (response.Hotel or [])]}


def main():
    wsdl, known_id = sys.argv[1], sys.argv[2]
    client = zeep.Client(wsdl)
    soap11 = client.bind("HotelSearchService", "HotelSearchSoap11")
    soap12 = client.bind("HotelSearchService", "HotelSearchSoap12")
    out = {
        "byCity": page(soap11.SearchHotels(City="Seoul", MinStars=2, SortBy="price", Limit=10)),
        "near12": page(soap12.SearchHotels(Near={"Latitude": 35.6762, "Longitude": 139.6503, "RadiusKm": 15},
                                           SortBy="distance", Amenity=["wifi"], Offset=0, Limit=10)),
        "named": page(soap11.SearchHotels(Name="hotel", MaxPrice="300", Currency="USD", SortBy="name", Limit=10)),
    }
    detail = soap12.GetHotel(HotelId=known_id)
    out["detail"] = {"hotel": hotel(detail.Hotel), "description": detail.Description}
    try:
        soap11.SearchHotels(Limit=0)
        out["fault"] = None
    except Fault as fault:
        detail_element = fault.detail.find("{urn:hotel-search:v1}SearchFault")
        out["fault"] = {
            "code": fault.code, "message": fault.message,
            "detailCode": detail_element.find("{urn:hotel-search:v1}Code").text,
            "field": detail_element.find("{urn:hotel-search:v1}Field").text,
        }
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
