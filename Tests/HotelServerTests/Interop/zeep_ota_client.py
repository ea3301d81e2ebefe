"""Drives POST /ota with zeep from the served OpenTravel WSDL; prints what zeep saw as JSON.

Usage: python3 zeep_ota_client.py http://127.0.0.1:PORT/ota?wsdl CITY LATITUDE LONGITUDE

The criteria are those of ZeepOTAInteropTests, which sends the same searches as XML of its
own and compares. Each search is followed to its second page with the MoreDataEchoToken
zeep read. Every RoomStay is printed as zeep deserialized it; grouping them into hotels is
the test's business.
"""
import json
import sys

import zeep
from zeep.plugins import HistoryPlugin

SERVICE = "OTAHotelAvailService"


def stays(rs):
    if rs.RoomStays is None:
        return []
    return [{
        "hotelCode": s.BasicPropertyInfo.HotelCode,
        "hotelName": s.BasicPropertyInfo.HotelName,
        # a Decimal: its text, so no float rounds it on the way
        "amountAfterTax": str(s.Total.AmountAfterTax),
        "currencyCode": s.Total.CurrencyCode,
        "decimalPlaces": s.Total.DecimalPlaces,
        "moreDataEchoToken": s.MoreDataEchoToken,
    } for s in rs.RoomStays.RoomStay]


def page(rs):
    return {
        "errors": None if rs.Errors is None else [
            {"type": e.Type, "code": e.Code, "text": e._value_1} for e in rs.Errors.Error],
        "warnings": None if rs.Warnings is None else [
            {"type": w.Type, "code": w.Code, "text": w._value_1} for w in rs.Warnings.Warning],
        "moreIndicator": None if rs.RoomStays is None else rs.RoomStays.MoreIndicator,
        "stays": stays(rs),
    }


def segment(criterion, token=None, **rest):
    return {"AvailRequestSegments": {"AvailRequestSegment": [dict(
        HotelSearchCriteria={"Criterion": [criterion]}, MoreDataEchoToken=token, **rest)]}}


def two_pages(service, history, root, criterion, **rest):
    """The first page, then the one its token leads to, each with the Content-Type zeep sent."""
    first = service.OTA_HotelAvail(Version="1.0", **root, **segment(criterion, **rest))
    sent_first = history.last_sent["http_headers"].get("Content-Type")
    result = {"first": page(first), "contentType": sent_first}
    tokens = [s.MoreDataEchoToken for s in (first.RoomStays.RoomStay if first.RoomStays else []) if s.MoreDataEchoToken]
    if tokens:
        result["second"] = page(service.OTA_HotelAvail(Version="1.0", **root, **segment(criterion, tokens[-1], **rest)))
    return result


def main():
    wsdl, city, latitude, longitude = sys.argv[1:5]
    history = HistoryPlugin()
    client = zeep.Client(wsdl, plugins=[history])
    soap11 = client.bind(SERVICE, "OTAHotelAvailSoap11Port")
    soap12 = client.bind(SERVICE, "OTAHotelAvailSoap12Port")
    stay = {
        "StayDateRange": {"Start": "2027-03-01", "End": "2027-03-04"},
        "RoomStayCandidates": {"RoomStayCandidate": [
            {"Quantity": 1, "GuestCounts": {"GuestCount": [{"AgeQualifyingCode": "10", "Count": 2}]}}]},
    }
    out = {
        "city11": two_pages(
            soap11, history, {"MaxResponses": 4, "RequestedCurrency": "EUR"},
            {"HotelRef": [{"HotelCityCode": city}], "Award": [{"Rating": "3"}]}, **stay),
        "near12": two_pages(
            soap12, history, {"MaxResponses": 6},
            {"Position": {"Latitude": latitude, "Longitude": longitude},
             "Radius": {"Distance": "800", "DistanceMeasure": "Kilometers"}},
            RateRange=[{"MaxRate": "250", "CurrencyCode": "USD"}], **stay),
    }
    # Refusals: OTA answers them with Errors in a normal response, not with a fault.
    unknown = soap11.OTA_HotelAvail(Version="1.0", **segment({"HotelRef": [{"HotelCode": "H9999999"}]}))
    out["unknownHotel11"] = page(unknown)
    currency = soap12.OTA_HotelAvail(Version="1.0", RequestedCurrency="XYZ", **segment({"HotelRef": [{"HotelCityCode": city}]}))
    out["badCurrency12"] = page(currency)
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
