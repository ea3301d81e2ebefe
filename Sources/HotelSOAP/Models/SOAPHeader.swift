import HotelXML

/// The SOAP `Header` of a request, as far as a server acts on it: which blocks came, which
/// of them must be understood, and the `wsse:Security` block's UsernameToken and Timestamp.
///
/// A server reads it with `SOAPMessageParser(readsHeader: true)` (or `OTAAvailRequestReader`),
/// then refuses what it does not understand before doing anything else:
/// ```swift
/// let parser = SOAPMessageParser(readsHeader: true)
/// try parser.feed(body)
/// let envelope = try parser.finish()
/// let header = parser.header ?? SOAPHeader()
/// let unknown = header.blocks.filter { $0.mustUnderstand && $0.isForUltimateReceiver(in: envelope.version) }
/// ```
public struct SOAPHeader: Sendable, Equatable {
    /// One top-level header block (a child of `Header`), by namespace URI and local name.
    public struct Block: Sendable, Hashable, CustomStringConvertible {
        /// The local name, e.g. `Security`.
        public var name: String
        /// The namespace URI; nil for a block in no namespace.
        public var namespace: String?
        /// `mustUnderstand` was `1` or `true`, in the envelope's own namespace (an attribute
        /// of the other SOAP version's namespace means nothing here).
        public var mustUnderstand: Bool
        /// `actor` (SOAP 1.1) or `role` (SOAP 1.2), as sent; nil when absent.
        public var role: String?

        public init(name: String, namespace: String?, mustUnderstand: Bool = false, role: String? = nil) {
            self.name = name
            self.namespace = namespace
            self.mustUnderstand = mustUnderstand
            self.role = role
        }

        /// Whether the block is addressed to a server that is the message's final recipient
        /// and plays no other role: no actor/role, the `next` one, or SOAP 1.2's
        /// `ultimateReceiver`. Blocks for other actors are not its to understand (SOAP 1.1
        /// §4.2.2, SOAP 1.2 part 1 §2.2), and 1.2's `none` is for nobody.
        public func isForUltimateReceiver(in version: SOAPVersion) -> Bool {
            guard let role = role?.trimmingXMLSpace, !role.isEmpty else { return true }
            switch version {
            case .v11: return role == "http://schemas.xmlsoap.org/soap/actor/next"
            case .v12:
                return role == "http://www.w3.org/2003/05/soap-envelope/role/next"
                    || role == "http://www.w3.org/2003/05/soap-envelope/role/ultimateReceiver"
            }
        }

        /// `{namespace}name`, the block's name for a log line or a fault reason.
        public var description: String { namespace.map { "{\($0)}\(name)" } ?? name }
    }

    /// Every top-level block, in document order.
    public var blocks: [Block]
    /// The first `wsse:Security` block addressed to this server, read; nil when none came.
    public var security: WSSecurityHeader?

    public init(blocks: [Block] = [], security: WSSecurityHeader? = nil) {
        self.blocks = blocks
        self.security = security
    }
}
