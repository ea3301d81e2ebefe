<?php
// Drives the service with PHP's SoapClient from its served WSDL; prints what PHP saw as JSON.
//
// Usage: php php_client.php http://127.0.0.1:PORT/wsdl 1.1|1.2 KNOWN_HOTEL_ID UNKNOWN_HOTEL_ID

function hotel($h) {
    return [
        'id' => $h->HotelId, 'name' => $h->Name, 'stars' => $h->Stars,
        // simpleContent: the amount is "_", the attribute a property of its own
        'price' => (string)$h->Price->_, 'currency' => $h->Price->currency,
        'distanceKm' => isset($h->DistanceKm) ? $h->DistanceKm : null,
        'amenities' => isset($h->Amenity) ? $h->Amenity : [],
    ];
}

function page($response) {
    return [
        'totalCount' => $response->TotalCount, 'offset' => $response->Offset,
        'hotels' => array_map('hotel', isset($response->Hotel) ? $response->Hotel : []),
    ];
}

[, $wsdl, $version, $knownID, $unknownID] = $argv;
$client = new SoapClient($wsdl, [
    'soap_version' => $version === '1.2' ? SOAP_1_2 : SOAP_1_1,
    'cache_wsdl' => WSDL_CACHE_NONE,
    // without it one Hotel or Amenity arrives as a scalar, two as an array
    'features' => SOAP_SINGLE_ELEMENT_ARRAYS,
    'exceptions' => true,
    'trace' => true,
]);

// The filters of PHPInteropTests' byCity and near queries: a dropped one would change the page.
$out = [
    'byCity' => page($client->SearchHotels(['City' => 'Seoul', 'MinStars' => 2, 'SortBy' => 'price', 'Limit' => 10])),
    'near' => page($client->SearchHotels([
        'Near' => ['Latitude' => 35.6762, 'Longitude' => 139.6503, 'RadiusKm' => 15],
        'Amenity' => ['wifi'], 'SortBy' => 'distance', 'Limit' => 10,
    ])),
];
// The Content-Type PHP sent tells which binding it chose.
preg_match('/^Content-Type: *(.*)$/mi', $client->__getLastRequestHeaders(), $contentType);
$out['contentType'] = trim($contentType[1]);

$detail = $client->GetHotel(['HotelId' => $knownID]);
$out['detail'] = [
    'hotel' => hotel($detail->Hotel), 'description' => $detail->Description,
    'imageURLs' => isset($detail->ImageURL) ? $detail->ImageURL : [],
];

try {
    $client->GetHotel(['HotelId' => $unknownID]);
    $out['fault'] = null;
} catch (SoapFault $fault) {
    $searchFault = isset($fault->detail->SearchFault) ? $fault->detail->SearchFault : null;
    $out['fault'] = [
        'code' => $fault->faultcode, 'reason' => $fault->faultstring,
        'detailCode' => $searchFault ? $searchFault->Code : null,
        'field' => $searchFault && isset($searchFault->Field) ? $searchFault->Field : null,
    ];
}
echo json_encode($out, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION), "\n";
