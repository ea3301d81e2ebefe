import Foundation
import HotelSOAP

/// The Lua scripts wrk runs: each request picks a random body (or id) so the server sees
/// a spread of queries, not one it could answer from a warm cache line.
///
/// SOAP bodies come from `SOAPRequestBuilder`, so they are exactly what our client sends;
/// the headers are the request's own (`Content-Type` and the quoted `SOAPAction`
/// `urn:hotel-search:v1#…` of the WSDL's SOAP 1.1 binding).
enum WrkScript {
    /// Every wrk thread has its own Lua state; seed each differently so threads do not
    /// all ask for the same ids in the same order.
    private static let seeding = """
        local counter = 0
        function setup(thread)
          counter = counter + 1
          thread:set("seed", counter)
        end
        function init(args)
          math.randomseed(seed * 7919)
        end

        """

    /// POSTs one of `requests` (all for the same operation) at random.
    static func post(_ requests: [SOAPRequest]) -> String {
        var lua = seeding + "wrk.method = \"POST\"\n"
        for header in requests[0].headers { lua += "wrk.headers[\(quoted(header.name))] = \(quoted(header.value))\n" }
        lua += "local bodies = {\n"
        for request in requests { lua += "  \(quoted(String(decoding: request.body, as: UTF8.self))),\n" }
        lua += "}\nfunction request()\n  return wrk.format(nil, nil, nil, bodies[math.random(#bodies)])\nend\n"
        return lua
    }

    /// The catalog's ids, as the seeder writes them: H0000001 … (7 digits, 1-based).
    static func hotelId(_ number: Int) -> String { String(format: "H%07d", number) }

    /// GetHotel for a random id in H0000001…H{hotels}: the body is split around the id.
    static func getHotel(hotels: Int) throws -> String {
        let marker = "H9999999"
        let request = try SOAPRequestBuilder(version: .v11).getHotel(id: marker)
        let body = String(decoding: request.body, as: UTF8.self)
        guard let range = body.range(of: marker) else { throw BenchError("GetHotel body lost its id") }
        var lua = seeding + "wrk.method = \"POST\"\n"
        for header in request.headers { lua += "wrk.headers[\(quoted(header.name))] = \(quoted(header.value))\n" }
        lua += """
            local before = \(quoted(String(body[..<range.lowerBound])))
            local after = \(quoted(String(body[range.upperBound...])))
            function request()
              return wrk.format(nil, nil, nil, before .. string.format("H%07d", math.random(\(hotels))) .. after)
            end

            """
        return lua
    }

    /// GET `path`, the same request every time (`/health`).
    static func get(_ path: String) -> String {
        "function request()\n  return wrk.format(\"GET\", \(quoted(path)))\nend\n"
    }

    /// GET /logos/{id}.png for a random id: most miss the server's 4,096-logo cache, so
    /// this measures drawing and encoding a PNG, the worst case.
    static func logos(hotels: Int) -> String {
        seeding + """
            function request()
              return wrk.format("GET", string.format("/logos/H%07d.png", math.random(\(hotels))))
            end

            """
    }

    /// A Lua string literal: decimal escapes for anything outside printable ASCII, which
    /// Lua 5.1 and LuaJIT both read byte for byte.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += "\\\""
            case UInt8(ascii: "\\"): out += "\\\\"
            case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(byte))
            // Always three digits: a shorter escape followed by a digit would read as another byte.
            default: out += "\\" + String(format: "%03d", byte)
            }
        }
        return out + "\""
    }
}
