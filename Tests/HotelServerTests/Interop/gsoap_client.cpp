// Drives the service through the proxy that wsdl2h + soapcpp2 generated from the served
// WSDL; prints what gSOAP saw as JSON. Built by GSOAPInteropTests with -DBINDING_SOAP12
// (SOAP 1.2 binding, soapcpp2 -2) or without (SOAP 1.1 binding, soapcpp2 -1).
//
// Usage: client KNOWN_HOTEL_ID UNKNOWN_HOTEL_ID
#include <cstdio>
#include <string>
#include <vector>

#ifdef BINDING_SOAP12
#include "HotelSearchSoap12Binding.nsmap"
#include "soapHotelSearchSoap12BindingProxy.h"
typedef HotelSearchSoap12BindingProxy Proxy;
#else
#include "HotelSearchSoap11Binding.nsmap"
#include "soapHotelSearchSoap11BindingProxy.h"
typedef HotelSearchSoap11BindingProxy Proxy;
#endif

static std::string quoted(const std::string &text) {
    std::string out = "\"";
    for (unsigned char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20) {
            char escape[8];
            std::snprintf(escape, sizeof escape, "\\u%04x", c);
            out += escape;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out + "\"";
}

static std::string quoted(const char *text) { return text ? quoted(std::string(text)) : "null"; }

static std::string strings(const std::vector<std::string> &values) {
    std::string out = "[";
    for (size_t i = 0; i < values.size(); i++) out += (i ? "," : "") + quoted(values[i]);
    return out + "]";
}

static std::string hotel(const hs__Hotel &h) {
    char numbers[64] = "null";
    if (h.DistanceKm) std::snprintf(numbers, sizeof numbers, "%.17g", *h.DistanceKm);
    return "{\"id\":" + quoted(h.HotelId) + ",\"name\":" + quoted(h.Name) + ",\"stars\":" + std::to_string(h.Stars) +
           ",\"price\":" + quoted(h.Price ? h.Price->__item : "") + ",\"currency\":" + quoted(h.Price ? h.Price->currency : "") +
           ",\"distanceKm\":" + numbers + ",\"amenities\":" + strings(h.Amenity) + "}";
}

// A failed call that is not a SOAP fault (transport, parse) ends the run: the test then
// reports gSOAP's own words from stderr.
static void require(Proxy &proxy, int status, const char *what) {
    if (status == SOAP_OK) return;
    std::fprintf(stderr, "%s failed with gSOAP error %d\n", what, status);
    proxy.soap_stream_fault(std::cerr);
    std::exit(1);
}

static std::string page(Proxy &proxy, _hs__SearchHotels &request, const char *what) {
    _hs__SearchHotelsResponse response;
    require(proxy, proxy.SearchHotels(&request, response), what);
    std::string hotels = "[";
    for (size_t i = 0; i < response.Hotel.size(); i++) hotels += (i ? "," : "") + hotel(*response.Hotel[i]);
    return "{\"totalCount\":" + std::to_string(response.TotalCount) + ",\"offset\":" + std::to_string(response.Offset) +
           ",\"hotels\":" + hotels + "]}";
}

int main(int argc, char **argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s KNOWN_HOTEL_ID UNKNOWN_HOTEL_ID\n", argv[0]);
        return 64;
    }
    Proxy proxy;  // the endpoint is the served WSDL's soap:address, as the server rewrote it
    soap_set_mode(proxy.soap, SOAP_C_UTFSTRING);  // names come back as UTF-8, not Latin-1

    // The filters of GSOAPInteropTests.byCity and .near: a dropped one would change the page.
    _hs__SearchHotels byCity;
    std::string city = "Seoul";
    int minStars = 2, limit = 10;
    enum hs__SortBy byPrice = hs__SortBy__price, byDistance = hs__SortBy__distance;
    byCity.City = &city;
    byCity.MinStars = &minStars;
    byCity.SortBy = &byPrice;
    byCity.Limit = &limit;
    std::string out = "{\"byCity\":" + page(proxy, byCity, "SearchHotels by city");

    _hs__SearchHotels near;
    hs__Near circle;
    circle.Latitude = 35.6762;
    circle.Longitude = 139.6503;
    circle.RadiusKm = 15;
    near.Near = &circle;
    near.Amenity.push_back("wifi");
    near.SortBy = &byDistance;
    near.Limit = &limit;
    out += ",\"near\":" + page(proxy, near, "SearchHotels near a point");

    _hs__GetHotel known;
    known.HotelId = argv[1];
    _hs__GetHotelResponse detail;
    require(proxy, proxy.GetHotel(&known, detail), "GetHotel");
    if (!detail.Hotel) {
        std::fprintf(stderr, "GetHotel returned no Hotel\n");
        return 1;
    }
    out += ",\"detail\":{\"hotel\":" + hotel(*detail.Hotel) + ",\"description\":" + quoted(detail.Description) +
           ",\"imageURLs\":" + strings(detail.ImageURL) + "}";

    _hs__GetHotel unknown;
    unknown.HotelId = argv[2];
    _hs__GetHotelResponse none;
    int status = proxy.GetHotel(&unknown, none);
    if (status != SOAP_FAULT) {
        std::fprintf(stderr, "GetHotel of an unknown id gave gSOAP status %d, not SOAP_FAULT\n", status);
        return 1;
    }
    // SOAP 1.1 carries the typed detail in <detail>, SOAP 1.2 in <env:Detail>.
    SOAP_ENV__Detail *faultDetail = proxy.soap->version == 2 ? proxy.soap->fault->SOAP_ENV__Detail : proxy.soap->fault->detail;
    _hs__SearchFault *searchFault = faultDetail ? faultDetail->hs__SearchFault : NULL;
    out += ",\"fault\":{\"code\":" + quoted(*soap_faultcode(proxy.soap)) + ",\"subcode\":" + quoted(soap_fault_subcode(proxy.soap)) +
           ",\"reason\":" + quoted(soap_fault_string(proxy.soap)) +
           ",\"detailCode\":" + quoted(searchFault ? soap_hs__FaultCode2s(proxy.soap, searchFault->Code) : NULL) +
           ",\"field\":" + quoted(searchFault && searchFault->Field ? searchFault->Field->c_str() : NULL) + "}";
    out += ",\"version\":" + std::to_string(proxy.soap->version) + "}";
    std::puts(out.c_str());
    return 0;
}
