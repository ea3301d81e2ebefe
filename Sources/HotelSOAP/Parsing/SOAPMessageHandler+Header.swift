import HotelXML

// A request's SOAP Header: each top-level block by name, its mustUnderstand and role, and
// the insides of wsse:Security. Runs only with `readsHeader` (the server's parsers), once
// per message before the Body: nothing here is on the per-hotel path of a response.
extension SOAPMessageHandler {
    func startHeader(_ local: UnsafePointer<UInt8>, _ uri: UnsafePointer<UInt8>?) {
        // One Header, before the Body (SOAP 1.1 §4.1.2, 1.2 part 1 §5.1): a second one would
        // let a block escape the mustUnderstand check by hiding where no one reads.
        guard !headerDone else {
            return failStart(
                .unexpectedElement,
                "the Envelope holds <\(qualifiedName(local, uri))> after its Header or Body; SOAP allows one Header, first",
                field: "Header")
        }
        scopes.append(.header)
    }

    func startHeaderBlock(
        _ name: ElementName, _ ns: NamespaceKind, _ local: UnsafePointer<UInt8>, _ uri: UnsafePointer<UInt8>?, _ attributes: SAXAttributes
    ) {
        guard let version else { return skip() }
        guard header.blocks.count < maxHeaderBlocks else {
            return failStart(.tooLarge, "the SOAP Header holds more than \(maxHeaderBlocks) blocks, the parser's limit")
        }
        let mustUnderstand: String?
        let role: String?
        switch version {
        case .v11:
            mustUnderstand = attributes.value(localName: "mustUnderstand", namespaceURI: "http://schemas.xmlsoap.org/soap/envelope/")
            role = attributes.value(localName: "actor", namespaceURI: "http://schemas.xmlsoap.org/soap/envelope/")
        case .v12:
            mustUnderstand = attributes.value(localName: "mustUnderstand", namespaceURI: "http://www.w3.org/2003/05/soap-envelope")
            role = attributes.value(localName: "role", namespaceURI: "http://www.w3.org/2003/05/soap-envelope")
        }
        var block = SOAPHeader.Block(name: String(cString: local), namespace: uri.map { String(cString: $0) }, role: role)
        switch mustUnderstand?.trimmingXMLSpace {
        case nil, "0", "false": break
        case "1", "true": block.mustUnderstand = true
        default:
            // xsd:boolean has no other spelling; guessing either way would be wrong.
            return failStart(
                .invalidValue, "mustUnderstand of header block \(block.name) must be 1, 0, true or false",
                field: "Header/\(block.name)@mustUnderstand")
        }
        header.blocks.append(block)
        guard name == .Security, ns == .wsse, block.isForUltimateReceiver(in: version) else { return skip() }
        guard header.security == nil else {
            // WSS 1.1 §6.1: at most one Security block per role.
            header.security?.isMalformed = true
            return skip()
        }
        header.security = WSSecurityHeader()
        scopes.append(.security)
    }

    func startSecurityChild(_ scope: Scope, _ name: ElementName, _ ns: NamespaceKind, _ attributes: SAXAttributes) {
        switch (scope, name, ns) {
        case (.security, .UsernameToken, .wsse):
            guard header.security?.usernameToken == nil else { return malformedSecurity() }
            header.security?.usernameToken = WSSecurityHeader.Token()
            scopes.append(.usernameToken)
        case (.security, .Timestamp, .wsu):
            guard header.security?.timestamp == nil else { return malformedSecurity() }
            header.security?.timestamp = WSSecurityHeader.Timestamp()
            scopes.append(.timestamp)
        case (.usernameToken, .Username, .wsse), (.usernameToken, .Created, .wsu), (.timestamp, .Created, .wsu),
            (.timestamp, .Expires, .wsu):
            collect(name, ns)
        case (.usernameToken, .Password, .wsse):
            header.security?.usernameToken?.passwordTypeURI = attributes.value(localName: "Type", namespaceURI: nil)
            collect(name, ns)
        case (.usernameToken, .Nonce, .wsse):
            header.security?.usernameToken?.nonceEncodingType = attributes.value(localName: "EncodingType", namespaceURI: nil)
            collect(name, ns)
        default:
            // Signatures, binary tokens, WSS 1.1's Salt/Iteration: not what this server checks.
            skip()
        }
    }

    func endSecurityField(_ field: ElementName) {
        guard var security = header.security else { return }
        let value = leafText
        func set(_ slot: inout String?, _ text: String) {
            if slot != nil { security.isMalformed = true }
            slot = text
        }
        if scopes.last == .timestamp {
            var stamp = security.timestamp ?? .init()
            if field == .Created { set(&stamp.created, value) } else { set(&stamp.expires, value) }
            security.timestamp = stamp
        } else {
            var token = security.usernameToken ?? .init()
            switch field {
            case .Username: set(&token.username, value.trimmingXMLSpace)
            case .Password: set(&token.password, value)
            case .Nonce: set(&token.nonce, value)
            default: set(&token.created, value)
            }
            security.usernameToken = token
        }
        header.security = security
    }

    private func malformedSecurity() {
        header.security?.isMalformed = true
        skip()
    }
}
