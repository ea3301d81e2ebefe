<?php
// A foreign OpenTravel partner: PHP's SoapServer in WSDL mode, loaded with our
// WSDL/OTAHotelAvail.wsdl, answering OTA_HotelAvailRQ from a fixed list of hotels.
//
// Usage: php -S 127.0.0.1:0 ota_server.php   (the port is on stderr's "Development Server" line)
//   GET  /ota?wsdl  the WSDL, its addresses pointing at this server
//   POST /ota       OTA_HotelAvail, SOAP 1.1 or 1.2 (PHP answers in the request's version)
// php ota_server.php   prints the hotels as JSON objects, for the tests' expectations.
// OTA_WSDL=PATH overrides where the WSDL is read from.
//
// The response is handed to PHP as objects and arrays, never as XML text: the point is that
// PHP's own serializer picks the prefixes, the layout and the escaping our reader must take.
// Honoured: Criterion/Address/CityName (a city's name) and HotelRef@HotelCityCode (its IATA
// code), case ignored; MaxResponses (default 5), StayDateRange (nights),
// RoomStayCandidate@Quantity (rooms), AvailRequestSegment@MoreDataEchoToken. Anything else is
// ignored. A city it does not know, or a token it did not issue, is answered with Errors.

const DEFAULT_MAX_RESPONSES = 5;

// Name => IATA code and centre. ASCII only: strtolower is all the case folding needed.
const CITIES = ['Berlin' => ['BER', 52.52, 13.405], 'Lisbon' => ['LIS', 38.7223, -9.1393]];
// Code, name, city, country, stars, [room type => nightly rate in cents]. The cheapest room
// is not always listed first, so a reader taking the first RoomStay's price gets it wrong.
const HOTELS = [
    ['PHPBER01', 'Hotel Am Kupfergraben', 'Berlin', 'DE', 4, ['STD' => 14900, 'SUP' => 18900, 'STE' => 32000]],
    ['PHPBER02', 'Spreeufer Suites', 'Berlin', 'DE', 3, ['SUP' => 11950, 'STD' => 9900]],
    ['PHPBER03', 'Müggelsee Hütte & Café', 'Berlin', 'DE', 2, ['STD' => 6500, 'FAM' => 8900]],
    ['PHPBER04', 'Tiergarten Grand', 'Berlin', 'DE', 5, ['STE' => 54000, 'STD' => 27500, 'SUP' => 31000]],
    ['PHPBER05', 'Kreuzberg Loft', 'Berlin', 'DE', 3, ['STD' => 10450, 'SUP' => 12900]],
    ['PHPBER06', 'Hotel Prenzlauer Berg', 'Berlin', 'DE', 3, ['SUP' => 13300, 'STD' => 11100, 'STE' => 19900]],
    ['PHPBER07', 'Ostkreuz Budget', 'Berlin', 'DE', 1, ['DBL' => 5900, 'STD' => 4900]],
    ['PHPLIS01', 'Pensão São Bento', 'Lisbon', 'PT', 2, ['STD' => 7200, 'DBL' => 8400]],
    ['PHPLIS02', 'Alfama Terrace', 'Lisbon', 'PT', 4, ['SUP' => 17500, 'STD' => 15100, 'STE' => 26000]],
    ['PHPLIS03', 'Hotel Tejo Azul', 'Lisbon', 'PT', 3, ['STD' => 9800, 'SUP' => 12400]],
    ['PHPLIS04', 'Bairro Alto Rooms', 'Lisbon', 'PT', 2, ['DBL' => 8100, 'STD' => 6900]],
    ['PHPLIS05', 'Belém Palace', 'Lisbon', 'PT', 5, ['STD' => 31000, 'STE' => 62000, 'SUP' => 38500]],
];

function wsdl_text() {
    $path = getenv('OTA_WSDL') ?: __DIR__ . '/../../../../WSDL/OTAHotelAvail.wsdl';
    $text = file_get_contents($path);
    if ($text === false) {
        throw new RuntimeException("cannot read the WSDL at $path");
    }
    // Every soap:address and soap12:address points at this server, whatever its port.
    return str_replace('location="http://localhost:8080/ota"', 'location="http://' . $_SERVER['HTTP_HOST'] . '/ota"', $text);
}

function issues($message, $type, $code) {
    return ['Error' => [['_' => $message, 'Type' => $type, 'Code' => $code]]];
}

function response($rq, array $body) {
    $rs = ['Version' => '1.0', 'TimeStamp' => gmdate('Y-m-d\TH:i:s\Z')];
    if (isset($rq->EchoToken)) {
        $rs['EchoToken'] = $rq->EchoToken;
    }
    return $rs + $body;
}

function nights($segment) {
    if (!isset($segment->StayDateRange->Start, $segment->StayDateRange->End)) {
        return [null, null, 1];
    }
    $start = DateTime::createFromFormat('!Y-m-d', $segment->StayDateRange->Start);
    $end = DateTime::createFromFormat('!Y-m-d', $segment->StayDateRange->End);
    if (!$start || !$end || $end <= $start) {
        return [null, null, 0];
    }
    return [$start->format('Y-m-d'), $end->format('Y-m-d'), $start->diff($end)->days];
}

function amount($cents) {
    return ['AmountAfterTax' => (string)$cents, 'CurrencyCode' => 'EUR', 'DecimalPlaces' => 2];
}

// Somewhere near the city's centre, the same place for the same hotel on every request.
function position(array $hotel) {
    [, $lat, $lon] = CITIES[$hotel[2]];
    $n = (int)substr($hotel[0], -2);
    return ['Latitude' => sprintf('%.4f', $lat + $n * 0.004), 'Longitude' => sprintf('%.4f', $lon - $n * 0.003)];
}

function room_stay(array $hotel, $type, $nightly, $nights, $rooms, $start, $end) {
    [$code, $name, $city, $country, $stars] = $hotel;
    $total = $nightly * $nights * $rooms;
    $stay = [
        'RoomTypes' => ['RoomType' => ['RoomTypeCode' => $type, 'NumberOfUnits' => $rooms]],
        // A literal array, the same one in every RoomStay: PHP writes it once with id="ref1" and
        // then as href="#ref1", SOAP-encoding multi-references even in literal mode. Kept, as a
        // PHP partner would send it: a reader must not need what it does not read.
        'RatePlans' => ['RatePlan' => ['RatePlanCode' => 'RACK']],
        'RoomRates' => ['RoomRate' => [
            'RoomTypeCode' => $type, 'RatePlanCode' => 'RACK', 'NumberOfUnits' => $rooms,
            'Rates' => ['Rate' => ['UnitMultiplier' => $nights, 'RateTimeUnit' => 'Day',
                'Base' => amount($nightly), 'Total' => amount($total)]],
            'Total' => amount($total),
        ]],
        'GuestCounts' => ['GuestCount' => [['AgeQualifyingCode' => '10', 'Count' => 1]]],
        'TimeSpan' => [],
        'Total' => amount($total),
        'BasicPropertyInfo' => [
            'HotelCode' => $code, 'HotelName' => $name,
            'Position' => position($hotel),
            'Address' => ['CityName' => $city, 'CountryName' => ['Code' => $country]],
            'Award' => ['Provider' => 'PHP Partner', 'Rating' => (string)$stars],
        ],
    ];
    if ($start !== null) {
        $stay['TimeSpan'] = ['Start' => $start, 'End' => $end];
    }
    return $stay;
}

// The token names the next offset and the city it belongs to.
function token($city, $offset) {
    return 'php-' . rtrim(strtr(base64_encode(json_encode([$city, $offset])), '+/', '-_'), '=');
}

function read_token($text, $city) {
    $decoded = json_decode((string)base64_decode(strtr(substr((string)$text, 4), '-_', '+/')), true);
    if (strncmp((string)$text, 'php-', 4) !== 0 || !is_array($decoded) || count($decoded) !== 2
        || $decoded[0] !== $city || !is_int($decoded[1]) || $decoded[1] < 0) {
        return null;
    }
    return $decoded[1];
}

function OTA_HotelAvail($rq) {
    $segment = $rq->AvailRequestSegments->AvailRequestSegment[0];
    $criterion = $segment->HotelSearchCriteria->Criterion[0] ?? null;
    // The city, as a lower-case name: given by name, or by IATA code.
    $city = $asked = null;
    if (isset($criterion->Address->CityName)) {
        $asked = $criterion->Address->CityName;
        $city = strtolower($asked);
    }
    foreach ($criterion->HotelRef ?? [] as $ref) {
        if (isset($ref->HotelCityCode)) {
            $asked = $ref->HotelCityCode;
            $named = array_keys(array_filter(CITIES, function ($c) use ($asked) {
                return strcasecmp($c[0], $asked) === 0;
            }));
            $city = strtolower($named[0] ?? "code $asked");
        }
    }
    $matching = array_values(array_filter(HOTELS, function ($h) use ($city) {
        return $city === null || strtolower($h[2]) === $city;
    }));
    if ($matching === []) {
        return response($rq, ['Errors' => issues("no hotels in city '$asked'", '3', '320')]);
    }
    [$start, $end, $nights] = nights($segment);
    if ($nights === 0) {
        return response($rq, ['Errors' => issues('StayDateRange End must be after Start', '3', '404')]);
    }
    $offset = 0;
    if (isset($segment->MoreDataEchoToken)) {
        $offset = read_token($segment->MoreDataEchoToken, $city);
        if ($offset === null) {
            return response($rq, ['Errors' => issues('MoreDataEchoToken was not issued for this search', '3', '320')]);
        }
    }
    $max = isset($rq->MaxResponses) ? (int)$rq->MaxResponses : DEFAULT_MAX_RESPONSES;
    $rooms = (int)($segment->RoomStayCandidates->RoomStayCandidate[0]->Quantity ?? 1);
    $page = array_slice($matching, $offset, $max);
    $stays = [];
    foreach ($page as $hotel) {
        foreach ($hotel[5] as $type => $nightly) {
            $stays[] = room_stay($hotel, $type, $nightly, $nights, $rooms, $start, $end);
        }
    }
    $roomStays = [];
    if ($offset + count($page) < count($matching)) {
        $roomStays['MoreIndicator'] = 'true';
        $stays[count($stays) - 1]['MoreDataEchoToken'] = token($city, $offset + count($page));
    }
    $roomStays['RoomStay'] = $stays;
    return response($rq, ['Success' => new stdClass(), 'RoomStays' => $roomStays]);
}

if (PHP_SAPI === 'cli') {
    $hotels = array_map(function ($h) {
        return ['code' => $h[0], 'name' => $h[1], 'city' => $h[2], 'cityCode' => CITIES[$h[2]][0], 'country' => $h[3],
            'stars' => $h[4], 'rates' => $h[5]];
    }, HOTELS);
    echo json_encode($hotels, JSON_UNESCAPED_UNICODE), "\n";
    exit(0);
}

$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if ($path !== '/ota') {
    http_response_code(404);
    echo "only /ota here\n";
    return true;
}
if ($_SERVER['REQUEST_METHOD'] === 'GET') {
    header('Content-Type: text/xml; charset=utf-8');
    echo wsdl_text();
    return true;
}
$wsdl = tempnam(sys_get_temp_dir(), 'ota-wsdl-');
file_put_contents($wsdl, wsdl_text());
try {
    $server = new SoapServer($wsdl, [
        'cache_wsdl' => WSDL_CACHE_NONE,
        // the request's repeated elements arrive as arrays even when there is only one
        'features' => SOAP_SINGLE_ELEMENT_ARRAYS,
        'encoding' => 'UTF-8',
    ]);
    $server->addFunction('OTA_HotelAvail');
    $server->handle();
} finally {
    unlink($wsdl);
}
return true;
