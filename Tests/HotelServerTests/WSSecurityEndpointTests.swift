import Foundation
import HotelCatalogs
import HotelSOAP
import HotelSeeder
import HotelServer
import Testing

/// `hotels serve --users` over real HTTP: every SOAP operation of both dialects needs the
/// UsernameToken; each failure is the standard WS-Security fault in the request's SOAP
/// version; the WSDLs, logos and /health stay open; mustUnderstand is honoured with or
/// without users. The WSDLs' policy: `SecurityPolicyTests`.
@Suite("WS-Security on /soap and /ota")
struct WSSecurityEndpointTests {
    static let users = UserList(["agent7": "correct horse", "acme": "s3cr:et"])

    enum Path: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case soap = "/soap"
        case ota = "/ota"
        var testDescription: String { rawValue }
    }

    static let combinations: [(Path, SOAPVersion)] = Path.allCases.flatMap { path in SOAPVersion.allCases.map { (path, $0) } }

    /// A search on `path` in `version`, without any header.
    static func request(_ path: Path, _ version: SOAPVersion) throws -> SOAPRequest {
        switch path {
        case .soap: return try SOAPRequestBuilder(version: version).searchHotels(HotelQuery(city: "Seoul", limit: 5))
        case .ota: return try OTADialect().searchRequest(HotelQuery(city: "Seoul"), page: .first(size: 5), version: version)
        }
    }

    /// The search with `header` as its Header block.
    static func request(_ path: Path, _ version: SOAPVersion, header: [UInt8]) throws -> SOAPRequest {
        try request(path, version).addingHeader(header)
    }

    /// Our client's header for `user`/`password`, edited by `edit` (regular expression → replacement).
    static func token(
        _ user: String = "agent7", _ password: String = "correct horse", type: WSSecurity.PasswordType = .digest,
        now: Date = Date(), lifetime: Duration? = nil, edit: [(String, String)] = []
    ) throws -> [UInt8] {
        let bytes = try UsernameToken(username: user, password: password, type: type, timestampLifetime: lifetime).header(now: now)
        var text = String(decoding: bytes, as: UTF8.self)
        for (pattern, replacement) in edit {
            text = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        return Array(text.utf8)
    }

    /// A digest header whose Created is spelt `created` (and digested as spelt).
    static func digest(created: String, nonce: [UInt8] = Array(UUID().uuidString.utf8.prefix(16))) -> [UInt8] {
        let digest = WSSecurity.passwordDigest(nonce: nonce, created: created, password: "correct horse")
        return Array(
            """
            <wsse:Security xmlns:wsse="\(WSSecurity.secext)" xmlns:wsu="\(WSSecurity.utility)"><wsse:UsernameToken>\
            <wsse:Username>agent7</wsse:Username><wsse:Password Type="\(WSSecurity.passwordDigest)">\(digest)</wsse:Password>\
            <wsse:Nonce>\(Data(nonce).base64EncodedString())</wsse:Nonce><wsu:Created>\(created)</wsu:Created>\
            </wsse:UsernameToken></wsse:Security>
            """.utf8)
    }

    /// The reply is a SOAP fault in `version` carrying WS-Security's `code` in its own namespace.
    @discardableResult
    static func expectSecurityFault(
        _ reply: TestServer.Reply, _ version: SOAPVersion, _ code: SOAPFault.Code, _ note: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> SOAPFault {
        #expect(reply.status == 500, "\(note)", sourceLocation: sourceLocation)
        #expect(
            reply.headers["Content-Type"].first?.hasPrefix(version.mediaType) == true, "\(note)", sourceLocation: sourceLocation)
        guard case .fault(let fault) = try SOAPMessageParser.parse(reply.body).message else {
            Issue.record("\(note): not a fault: \(reply.text)", sourceLocation: sourceLocation)
            return SOAPFault(version: version, code: .server, reason: "")
        }
        #expect(fault.version == version, sourceLocation: sourceLocation)
        switch version {
        case .v11:
            #expect(fault.code == code, "\(note)", sourceLocation: sourceLocation)
            #expect(
                reply.text.contains("<faultcode xmlns:wsse=\"\(WSSecurity.secext)\">wsse:\(code)</faultcode>"),
                sourceLocation: sourceLocation)
        case .v12:
            #expect(fault.code == .sender, "\(note)", sourceLocation: sourceLocation)
            #expect(fault.subcode?.rawValue == code.rawValue, "\(note)", sourceLocation: sourceLocation)
            #expect(
                reply.text.contains("<env:Value xmlns:wsse=\"\(WSSecurity.secext)\">wsse:\(code)</env:Value>"),
                sourceLocation: sourceLocation)
        }
        #expect(fault.detail == nil, sourceLocation: sourceLocation)
        return fault
    }

    static func expectAnswered(
        _ reply: TestServer.Reply, _ path: Path, _ note: String = "", sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        #expect(reply.status == 200, "\(note): \(reply.text.prefix(600))", sourceLocation: sourceLocation)
        switch path {
        case .soap: #expect(try SOAPMessageParser.parseSearchPage(reply.body).hotels.count > 0, sourceLocation: sourceLocation)
        case .ota: #expect(reply.text.contains("<Success/>"), "\(note)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Accepted

    @Test("text and digest, with and without a Timestamp, authenticate", arguments: combinations)
    func accepted(_ path: Path, _ version: SOAPVersion) async throws {
        try await TestServer.with(users: Self.users) { server in
            for type in WSSecurity.PasswordType.allCases {
                for lifetime in [nil, Duration.seconds(300)] {
                    let header = try Self.token(type: type, lifetime: lifetime)
                    let reply = try await server.post(try Self.request(path, version, header: header), path: path.rawValue)
                    try Self.expectAnswered(reply, path, "\(type) timestamp \(lifetime != nil)")
                }
            }
            // A secret with a colon in it, as the users file allows.
            let acme = try await server.post(
                try Self.request(path, version, header: try Self.token("acme", "s3cr:et")), path: path.rawValue)
            try Self.expectAnswered(acme, path, "acme")
        }
    }

    @Test("Created 4 minutes ahead or behind passes; Z, +00:00, fractions and other offsets are read", arguments: combinations)
    func spellings(_ path: Path, _ version: SOAPVersion) async throws {
        try await TestServer.with(users: Self.users) { server in
            for offset in [-240.0, 240.0] {
                let reply = try await server.post(
                    try Self.request(path, version, header: try Self.token(now: Date().addingTimeInterval(offset))), path: path.rawValue)
                try Self.expectAnswered(reply, path, "Created \(offset) s away")
            }
            let now = Date()
            let seconds = String(WSSecurity.timestamp(now).prefix(19))  // 2027-01-15T08:00:00
            let inTwoHours = String(WSSecurity.timestamp(now.addingTimeInterval(7200)).prefix(19))
            for created in [seconds + "Z", seconds + "+00:00", seconds + ".123456Z", seconds + ".5+00:00", inTwoHours + "+02:00"] {
                let reply = try await server.post(
                    try Self.request(path, version, header: Self.digest(created: created)), path: path.rawValue)
                try Self.expectAnswered(reply, path, created)
            }
        }
    }

    // MARK: Faults

    @Test("each failure is its WS-Security fault, in the request's SOAP version", arguments: combinations)
    func faults(_ path: Path, _ version: SOAPVersion) async throws {
        try await TestServer.with(users: Self.users) { server in
            let nonce = "<wsse:Nonce[^>]*>[^<]*</wsse:Nonce>"
            let cases: [(String, [UInt8]?, SOAPFault.Code)] = [
                ("no header", nil, .failedAuthentication),
                ("unknown user", try Self.token("mallory"), .failedAuthentication),
                ("wrong password", try Self.token(type: .text, edit: [(">correct horse<", ">correct horse!<")]), .failedAuthentication),
                ("wrong digest", try Self.token("agent7", "correct hors"), .failedAuthentication),
                ("digest without Nonce", try Self.token(edit: [(nonce, "")]), .invalidSecurity),
                ("Nonce not base64", try Self.token(edit: [("(<wsse:Nonce[^>]*>)[^<]*", "$1@@not base64@@")]), .invalidSecurity),
                ("unsupported password type", try Self.token(edit: [("#PasswordDigest", "#PasswordSHA256")]), .invalidSecurity),
                ("Created 10 minutes ahead", try Self.token(now: Date().addingTimeInterval(600)), .messageExpired),
                ("Created 10 minutes behind", try Self.token(now: Date().addingTimeInterval(-600)), .messageExpired),
                (
                    "Expires passed", try Self.token(type: .text, now: Date().addingTimeInterval(-120), lifetime: .seconds(60)),
                    .messageExpired
                ),
            ]
            var reasons: [String: String] = [:]
            for (name, header, code) in cases {
                let request = try header.map { try Self.request(path, version, header: $0) } ?? Self.request(path, version)
                let fault = try Self.expectSecurityFault(try await server.post(request, path: path.rawValue), version, code, name)
                reasons[name] = fault.reason
            }
            // Nothing in the answer tells which part was wrong.
            #expect(reasons["unknown user"] == reasons["wrong password"])
            #expect(reasons["no header"] == reasons["wrong digest"])
            #expect(reasons["unknown user"] == "The security token could not be authenticated or authorized")
        }
    }

    @Test("a replayed message is refused, on the same path or the other one", arguments: SOAPVersion.allCases)
    func replay(_ version: SOAPVersion) async throws {
        try await TestServer.with(users: Self.users) { server in
            let header = try Self.token()
            try Self.expectAnswered(try await server.post(try Self.request(.soap, version, header: header), path: "/soap"), .soap)
            try Self.expectSecurityFault(
                try await server.post(try Self.request(.soap, version, header: header), path: "/soap"), version, .failedAuthentication,
                "again")
            try Self.expectSecurityFault(
                try await server.post(try Self.request(.ota, version, header: header), path: "/ota"), version, .failedAuthentication,
                "on /ota")
        }
    }

    @Test("a Body that does not parse gets the authentication fault first, not what was wrong with it", arguments: combinations)
    func bodyErrorsStayHidden(_ path: Path, _ version: SOAPVersion) async throws {
        try await TestServer.with(users: Self.users) { server in
            // Cut off inside the Body: the Header was read whole, the Body fails.
            func cut(_ request: SOAPRequest) -> SOAPRequest {
                SOAPRequest(version: version, action: request.action, body: Array(request.body.dropLast(12)))
            }
            try Self.expectSecurityFault(
                try await server.post(cut(try Self.request(path, version)), path: path.rawValue), version, .failedAuthentication)
            // Authenticated, the request is judged on its Body again.
            let signed = try await server.post(cut(try Self.request(path, version, header: try Self.token())), path: path.rawValue)
            guard case .fault(let fault) = try SOAPMessageParser.parse(signed.body).message else {
                Issue.record("no fault: \(signed.text)")
                return
            }
            #expect(fault.detail?.code == .malformedRequest, "\(signed.text)")
        }
    }

    @Test("with --users, /health, both WSDLs and logos stay open")
    func openResources() async throws {
        try await TestServer.with(users: Self.users) { server in
            for path in ["/health", "/wsdl", "/soap?wsdl", "/ota?wsdl"] {
                #expect(try await server.request(path).status == 200, "\(path)")
            }
            let page = try SOAPMessageParser.parseSearchPage(
                try await server.post(try Self.request(.soap, .v11, header: try Self.token()), path: "/soap").body)
            let logo = try #require(page.hotels.first?.logoURL)
            let reply = try await server.request(String(logo.dropFirst(server.url.count)))
            #expect(reply.status == 200)
            #expect(reply.headers["Content-Type"].first == "image/png")
        }
    }

    // MARK: mustUnderstand

    @Test("without --users, a mustUnderstand block is a MustUnderstand fault, wsse:Security included", arguments: combinations)
    func mustUnderstand(_ path: Path, _ version: SOAPVersion) async throws {
        let ns = version.envelopeNamespace
        try await TestServer.with { server in
            let trace =
                "<t:Trace xmlns:t=\"urn:example:trace\" xmlns:s=\"\(ns)\" s:mustUnderstand=\"\(version == .v11 ? "1" : "true")\">x</t:Trace>"
            let security = String(decoding: try Self.token(), as: UTF8.self).replacingOccurrences(
                of: "<wsse:Security ", with: "<wsse:Security xmlns:s=\"\(ns)\" s:mustUnderstand=\"1\" ")
            for (block, name, namespace) in [(trace, "Trace", "urn:example:trace"), (security, "Security", WSSecurity.secext)] {
                let reply = try await server.post(try Self.request(path, version, header: Array(block.utf8)), path: path.rawValue)
                #expect(reply.status == 500)
                guard case .fault(let fault) = try SOAPMessageParser.parse(reply.body).message else {
                    Issue.record("no fault: \(reply.text)")
                    continue
                }
                #expect(fault.code == .mustUnderstand)
                #expect(fault.reason.contains("{\(namespace)}\(name)"))
                switch version {
                case .v11:
                    #expect(reply.text.contains("<faultcode>soap:MustUnderstand</faultcode>"))
                case .v12:
                    #expect(reply.text.contains("<env:Value>env:MustUnderstand</env:Value>"))
                    #expect(reply.text.contains("<env:Header><env:NotUnderstood qname=\"q:\(name)\" xmlns:q=\"\(namespace)\">"))
                }
            }
            // mustUnderstand 0, or a block for another actor, is not this server's to refuse.
            let role = version == .v11 ? "actor" : "role"
            for block in [
                "<t:Trace xmlns:t=\"urn:x\" xmlns:s=\"\(ns)\" s:mustUnderstand=\"0\"/>",
                "<t:Trace xmlns:t=\"urn:x\" xmlns:s=\"\(ns)\" s:mustUnderstand=\"1\" s:\(role)=\"urn:example:proxy\"/>",
                // Without --users a Security block not marked mustUnderstand is ignored.
                String(decoding: try Self.token(), as: UTF8.self),
            ] {
                try Self.expectAnswered(
                    try await server.post(try Self.request(path, version, header: Array(block.utf8)), path: path.rawValue), path, block)
            }
        }
    }

    @Test("with --users, wsse:Security marked mustUnderstand is understood; another block still is not", arguments: SOAPVersion.allCases)
    func mustUnderstandWithUsers(_ version: SOAPVersion) async throws {
        let ns = version.envelopeNamespace
        try await TestServer.with(users: Self.users) { server in
            let marked = try Self.token(edit: [("<wsse:Security ", "<wsse:Security xmlns:s=\"\(ns)\" s:mustUnderstand=\"true\" ")])
            try Self.expectAnswered(try await server.post(try Self.request(.soap, version, header: marked), path: "/soap"), .soap)
            let other = Array("<t:Trace xmlns:t=\"urn:x\" xmlns:s=\"\(ns)\" s:mustUnderstand=\"1\"/>".utf8) + (try Self.token())
            let reply = try await server.post(try Self.request(.ota, version, header: other), path: "/ota")
            guard case .fault(let fault) = try SOAPMessageParser.parse(reply.body).message else {
                Issue.record("no fault: \(reply.text)")
                return
            }
            #expect(fault.code == .mustUnderstand)
        }
    }

    // MARK: Logging

    @Test("a failure is logged with the user name and the fault, never the secret, digest or nonce; a success names the user")
    func logging() async throws {
        try await TestServer.with(users: Self.users) { server in
            let wrong = try Self.token("agent7", "hunter2-guess", type: .text)
            _ = try await server.post(try Self.request(.soap, .v11, header: wrong), path: "/soap")
            let digest = try Self.token("agent7", "correct horse")
            let digestText = String(decoding: digest, as: UTF8.self)
            func text(of element: String) throws -> String {
                let range = try #require(digestText.range(of: "<wsse:\(element)[^>]*>[^<]+<", options: .regularExpression))
                return String(digestText[range].drop { $0 != ">" }.dropFirst().dropLast())
            }
            let secrets = ["hunter2", "correct horse", try text(of: "Nonce"), try text(of: "Password")]
            _ = try await server.post(try Self.request(.ota, .v12, header: digest), path: "/ota")
            _ = try await server.post(try Self.request(.ota, .v12, header: digest), path: "/ota")  // replayed

            // Values first, then #expect: a closure inside #expect here made the 6.3 debug
            // build hand a later `filter` the wrong closure (its result held the failures).
            let failures = server.logs.entries.filter { $0.message == "authentication failed" }
            let levels = failures.map(\.level)
            let users = failures.map { $0.metadata["user"] }
            let faults = failures.map { $0.metadata["fault"] }
            let reasons = failures.map { $0.metadata["reason"] }
            let answered = server.logs.entries.filter { $0.message == "request" && $0.metadata["status"] == "200" }
            #expect(levels == [.notice, .notice])
            #expect(users == ["agent7", "agent7"])
            #expect(faults == ["FailedAuthentication", "FailedAuthentication"])
            #expect(reasons == ["wrong password", "replayed nonce"])
            #expect(answered.count == 1)
            #expect(answered.first?.metadata["user"] == "agent7")
            for entry in server.logs.entries {
                let line = entry.message + " " + entry.metadata.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
                for secret in secrets { #expect(!line.contains(secret), "\(line)") }
            }
        }
    }
}
