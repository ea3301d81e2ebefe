import Foundation
import HotelSOAP
import Testing

@Suite("OTA_HotelAvailRQ reader")
struct OTAAvailRequestReaderTests {
    static func envelope(_ inner: String, root: String = "") -> String {
        """
        <e:Envelope xmlns:e="http://schemas.xmlsoap.org/soap/envelope/"><e:Header><x:Auth xmlns:x="urn:x">secret</x:Auth></e:Header>\
        <e:Body><ota:OTA_HotelAvailRQ xmlns:ota="\(OTA.namespace)" Version="1.0" \(root)>\(inner)</ota:OTA_HotelAvailRQ></e:Body></e:Envelope>
        """
    }

    @Test("criteria are read by namespace and local name, whatever the prefix; entities in values resolve")
    func criteria() throws {
        let xml = Self.envelope(
            """
            <ota:POS><ota:Source ISOCountry="KR"/></ota:POS><ota:AvailRequestSegments><ota:AvailRequestSegment MoreDataEchoToken="tok">\
            <ota:HotelSearchCriteria><ota:Criterion><ota:Position Latitude=" 37.5 " Longitude="127"/>\
            <ota:HotelRef HotelName="Tom &amp; Jerry&#39;s" HotelCityCode="Z&#252;rich"/><ota:Radius Distance="3" DistanceMeasure="Miles"/>\
            <ota:HotelAmenity Code="179"/><ota:Award Rating="4"/></ota:Criterion></ota:HotelSearchCriteria>\
            <ota:StayDateRange Start="2027-01-01T14:00:00" End="2027-01-03"/><ota:RateRange MaxRate="120.50" CurrencyCode="CHF"/>\
            <ota:RoomStayCandidates><ota:RoomStayCandidate Quantity="2"><ota:GuestCounts><ota:GuestCount AgeQualifyingCode="10" Count="2"/>\
            </ota:GuestCounts></ota:RoomStayCandidate></ota:RoomStayCandidates></ota:AvailRequestSegment></ota:AvailRequestSegments>
            """, root: "EchoToken=\"e1\" MaxResponses=\"7\" RequestedCurrency=\"EUR\"")
        let (version, r) = try OTAAvailRequestReader.read(Array(xml.utf8))
        #expect(version == .v11)
        #expect(r.echoToken == "e1" && r.maxResponses == 7 && r.requestedCurrency == "EUR" && r.moreDataEchoToken == "tok")
        #expect(r.latitude == 37.5 && r.longitude == 127)
        #expect(r.hotelName == "Tom & Jerry's" && r.cityCode == "Zürich")
        #expect(r.radius == .init(distance: 3, unit: .miles) && abs((r.radius?.kilometres ?? 0) - 4.828032) < 1e-9)
        #expect(r.amenityCodes == ["179"] && r.minRating == 4)
        #expect(r.start == CalendarDate("2027-01-01") && r.end == CalendarDate("2027-01-03"))
        #expect(r.maxRate == Decimal(string: "120.50") && r.rateCurrency == "CHF")
        #expect(r.rooms == 2 && r.guestCounts == [.init(ageQualifyingCode: "10", count: 2)])
        #expect(r.ignored.isEmpty && r.problems.isEmpty)
    }

    @Test("bad values become problems with OTA codes, not thrown errors; foreign elements are skipped")
    func problems() throws {
        let xml = Self.envelope(
            """
            <ota:AvailRequestSegments><ota:AvailRequestSegment><x:Extra xmlns:x="urn:x"><ota:HotelRef HotelCode="nope"/></x:Extra>\
            <ota:HotelSearchCriteria><ota:Criterion><ota:Position Latitude="north" Longitude="1e400"/></ota:Criterion></ota:HotelSearchCriteria>\
            <ota:StayDateRange Start="2027-02-30"/></ota:AvailRequestSegment></ota:AvailRequestSegments>
            """, root: "MaxResponses=\"lots\"")
        let r = try OTAAvailRequestReader.read(Array(xml.utf8)).request
        #expect(r.hotelCodes.isEmpty)
        #expect(
            Set(r.problems.map(\.field)) == [
                "@MaxResponses", "Criterion/Position/@Latitude", "Criterion/Position/@Longitude", "StayDateRange/@Start",
            ])
        #expect(r.problems.first { $0.field == "StayDateRange/@Start" }?.code == .invalidDate)
    }

    @Test("malformed XML, another root, an empty Body and a DOCTYPE throw SOAPParseError")
    func refusals() {
        let good = Self.envelope("<ota:AvailRequestSegments/>")
        let cases = [
            String(good.dropLast(12)),
            good.replacingOccurrences(of: "OTA_HotelAvailRQ", with: "OTA_HotelResRQ"),
            "<e:Envelope xmlns:e=\"http://schemas.xmlsoap.org/soap/envelope/\"><e:Body/></e:Envelope>",
            "<!DOCTYPE e:Envelope [<!ENTITY x \"y\">]>" + good,
        ]
        for xml in cases {
            #expect(throws: SOAPParseError.self, "\(xml.prefix(80))") { try OTAAvailRequestReader.read(Array(xml.utf8)) }
        }
        #expect(throws: Never.self) { try OTAAvailRequestReader.read(Array(good.utf8)) }
    }
}
