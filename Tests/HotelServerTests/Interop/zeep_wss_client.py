"""Drives a service started with --users through zeep's WS-Security UsernameToken, from
both served WSDLs (/wsdl and /ota?wsdl) and all four bindings; prints what zeep saw as JSON.

Usage: python3 zeep_wss_client.py http://127.0.0.1:PORT USER PASSWORD
"""
import datetime
import json
import sys

import zeep
from zeep.exceptions import Fault
from zeep.wsse.username import UsernameToken
from zeep.wsse.utils import WSU

STAMP = "%Y-%m-%dT%H:%M:%SZ"


def timestamp(seconds=300):
    """A wsu:Timestamp as zeep's documentation builds one (zeep has no helper for it)."""
    now = datetime.datetime.now(datetime.timezone.utc)
    token = WSU.Timestamp()
    token.extend([WSU.Created(now.strftime(STAMP)),
                  WSU.Expires((now + datetime.timedelta(seconds=seconds)).strftime(STAMP))])
    return token


def tokens(user, password):
    """Every way zeep offers to send a UsernameToken; a fresh object per message, since
    zeep moves a timestamp element into the envelope it signs."""
    return {
        "text": lambda: UsernameToken(user, password),
        # zeep's default Created is "+00:00"; zulu_timestamp writes "Z".
        "digest": lambda: UsernameToken(user, password, use_digest=True),
        "digestZulu": lambda: UsernameToken(user, password, use_digest=True, zulu_timestamp=True),
        "textTimestamp": lambda: UsernameToken(user, password, timestamp_token=timestamp()),
        "digestTimestamp": lambda: UsernameToken(user, password, use_digest=True, timestamp_token=timestamp()),
    }


def ota_search(service):
    response = service.OTA_HotelAvail(
        Version="1.0", MaxResponses=3,
        AvailRequestSegments={"AvailRequestSegment": [
            {"HotelSearchCriteria": {"Criterion": [{"HotelRef": [{"HotelCityCode": "Seoul"}]}]}}]})
    return len(response.RoomStays.RoomStay) if response.RoomStays is not None else -1


def soap_search(service):
    return len(service.SearchHotels(City="Seoul", Limit=3).Hotel or [])


def services(base):
    """(name, bound service, search function) for every binding of both WSDLs."""
    contract = zeep.Client(base + "/wsdl")
    ota = zeep.Client(base + "/ota?wsdl")
    return [
        ("soap11", contract.bind("HotelSearchService", "HotelSearchSoap11"), soap_search),
        ("soap12", contract.bind("HotelSearchService", "HotelSearchSoap12"), soap_search),
        ("ota11", ota.bind("OTAHotelAvailService", "OTAHotelAvailSoap11Port"), ota_search),
        ("ota12", ota.bind("OTAHotelAvailService", "OTAHotelAvailSoap12Port"), ota_search),
    ]


def fault(error):
    return {"code": error.code, "message": error.message,
            "subcodes": [{"namespace": q.namespace, "name": q.localname} for q in (error.subcodes or [])]}


def call(search, service, wsse):
    service._client.wsse = wsse
    try:
        return {"count": search(service)}
    except Fault as error:
        return {"fault": fault(error)}


def main():
    base, user, password = sys.argv[1], sys.argv[2], sys.argv[3]
    out = {"accepted": {}, "wrongPassword": {}, "replay": {}}
    bound = services(base)
    for kind, make in tokens(user, password).items():
        for name, service, search in bound:
            out["accepted"]["%s/%s" % (kind, name)] = call(search, service, make())
    for name, service, search in bound:
        out["wrongPassword"][name] = call(search, service, UsernameToken(user, password + "!", use_digest=True))
    # One token with a fixed nonce and Created, sent twice: the second message is a replay.
    created = datetime.datetime.now(datetime.timezone.utc)
    for name, service, search in bound:
        token = UsernameToken(user, password, use_digest=True, nonce="replay-%s-nonce" % name, created=created)
        out["replay"][name] = [call(search, service, token), call(search, service, token)]
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
