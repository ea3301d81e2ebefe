extension SOAPFault {
    /// A fault code: the local name of `faultcode` (SOAP 1.1) or `Code/Value` (SOAP 1.2).
    ///
    /// An open set: the two versions name theirs differently, and a server may send a
    /// code neither defines. Compare against the constants, or switch:
    ///
    /// ```swift
    /// switch fault.code {
    /// case .client, .sender: print("fix the request")
    /// case .versionMismatch: print("try --soap-version 1.2")
    /// default: print("the service failed")
    /// }
    /// ```
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The local name, without a prefix, e.g. `Client`.
        public let rawValue: String

        /// A code by its local name, including one no constant names.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// SOAP 1.1: the message was wrong.
        public static let client = Code(rawValue: "Client")
        /// SOAP 1.1: the service failed.
        public static let server = Code(rawValue: "Server")
        /// SOAP 1.2: the message was wrong.
        public static let sender = Code(rawValue: "Sender")
        /// SOAP 1.2: the service failed.
        public static let receiver = Code(rawValue: "Receiver")
        /// The envelope's namespace is not the version the service expected.
        public static let versionMismatch = Code(rawValue: "VersionMismatch")
        /// A header marked `mustUnderstand` was not understood.
        public static let mustUnderstand = Code(rawValue: "MustUnderstand")
        /// SOAP 1.2: an encoding the service does not support.
        public static let dataEncodingUnknown = Code(rawValue: "DataEncodingUnknown")

        /// The request's fault in `version`: `Client` (1.1) or `Sender` (1.2).
        public static func sender(in version: SOAPVersion) -> Code { version == .v11 ? .client : .sender }
        /// The service's fault in `version`: `Server` (1.1) or `Receiver` (1.2).
        public static func receiver(in version: SOAPVersion) -> Code { version == .v11 ? .server : .receiver }

        /// `Client` or `Sender`: the same request will fail the same way.
        public var isSender: Bool { self == .client || self == .sender }

        /// The local name, e.g. `Client`.
        public var description: String { rawValue }
    }

    /// The first level of a SOAP 1.2 fault `Subcode`, as a local name. Our service puts
    /// its `SearchFaultCode` there; other services put their own.
    ///
    /// ```swift
    /// if fault.subcode == .invalidValue { … }
    /// ```
    public struct Subcode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The local name, without a prefix, e.g. `InvalidValue`.
        public let rawValue: String

        /// A subcode by its local name, e.g. another service's own.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The subcode our service sends with a `SearchFault` detail of this code.
        public init(_ code: SearchFaultCode) {
            rawValue = code.rawValue
        }

        /// `InvalidValue`: see `SearchFaultCode.invalidValue`.
        public static let invalidValue = Subcode(.invalidValue)
        /// `MalformedRequest`: see `SearchFaultCode.malformedRequest`.
        public static let malformedRequest = Subcode(.malformedRequest)
        /// `UnknownOperation`: see `SearchFaultCode.unknownOperation`.
        public static let unknownOperation = Subcode(.unknownOperation)
        /// `NotFound`: see `SearchFaultCode.notFound`.
        public static let notFound = Subcode(.notFound)
        /// `RequestTooLarge`: see `SearchFaultCode.requestTooLarge`.
        public static let requestTooLarge = Subcode(.requestTooLarge)
        /// `Internal`: see `SearchFaultCode.internal`.
        public static let `internal` = Subcode(.internal)

        /// The local name, e.g. `InvalidValue`.
        public var description: String { rawValue }
    }
}
