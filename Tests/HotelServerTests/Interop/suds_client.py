"""Drives the service with suds (suds-community) from its served WSDL; prints what suds saw as JSON.

Usage: python3 suds_client.py http://127.0.0.1:PORT/wsdl KNOWN_HOTEL_ID UNKNOWN_HOTEL_ID

suds speaks SOAP 1.1 only: it reads a soap12 binding but still posts a 1.1 envelope as
text/xml (suds/client.py), so it is driven through the SOAP 1.1 port.
"""
import json
import sys

from suds import WebFault
from suds.client import Client


def hotel(h):
    return {
        # suds types only built-in XSD types; StarRating, a restricted xsd:int, stays text
        "id": h.HotelId, "name": h.Name, "stars": int(h.Stars),
        # simpleContent: suds keeps the amount as "value" and the attribute as "_currency"
        "price": str(h.Price.value), "currency": h.Price._currency,
        "distanceKm": getattr(h, "DistanceKm", None), "amenities": list(getattr(h, "Amenity", [])),
    }


def page(response):
    return {"totalCount": int(response.TotalCount), "offset": int(response.Offset),
            "hotels": [hotel(h) for h in getattr(response, "Hotel", [])]}


def main():
    wsdl, known_id, unknown_id = sys.argv[1:4]
    # cache=None: each run's WSDL names another port, and tests write nothing to ~/.cache
    service = Client(wsdl, cache=None).service["HotelSearchSoap11"]
    # The filters of SudsInteropTests' byCity and near queries: a dropped one would change the page.
    out = {
        "byCity": page(service.SearchHotels(City="Seoul", MinStars=2, SortBy="price", Limit=10)),
        "near": page(service.SearchHotels(Near={"Latitude": 35.6762, "Longitude": 139.6503, "RadiusKm": 15},
                                          Amenity=["wifi"], SortBy="distance", Limit=10)),
    }
    detail = service.GetHotel(HotelId=known_id)
    out["detail"] = {"hotel": hotel(detail.Hotel), "description": detail.Description,
                     "imageURLs": list(getattr(detail, "ImageURL", []))}
    try:
        service.GetHotel(HotelId=unknown_id)
        out["fault"] = None
    except WebFault as error:
        fault = error.fault
        search_fault = getattr(getattr(fault, "detail", None), "SearchFault", None)
        out["fault"] = {
            "code": str(fault.faultcode), "reason": str(fault.faultstring),
            "detailCode": str(search_fault.Code) if search_fault is not None else None,
            "field": str(search_fault.Field) if search_fault is not None else None,
        }
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
