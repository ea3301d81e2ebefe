extension HotelClientError {
    /// What failed: one value per failure a caller may want to act on. An open set:
    /// compare with the constants, or switch with a `default`.
    ///
    /// ```swift
    /// switch error.code {
    /// case .connectionRefused: print("start the service")
    /// case .certificateUntrusted: print("trust its CA")
    /// default: print(error)
    /// }
    /// ```
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case connectionRefused, hostNotFound, connectionReset, connectionClosed, connectionFailed
            case certificateUntrusted, certificateNameMismatch, notTLS, tlsFailed, proxyFailed
            case timeout, httpStatus, malformedResponseHead, responseTooLarge, invalidEndpoint, wsdlHasNoEndpoint, redirectLoop
            case redirectRefused, notCached
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        public static let connectionRefused = Code(.connectionRefused)
        public static let hostNotFound = Code(.hostNotFound)
        public static let connectionReset = Code(.connectionReset)
        public static let connectionClosed = Code(.connectionClosed)
        public static let connectionFailed = Code(.connectionFailed)
        public static let certificateUntrusted = Code(.certificateUntrusted)
        public static let certificateNameMismatch = Code(.certificateNameMismatch)
        public static let notTLS = Code(.notTLS)
        public static let tlsFailed = Code(.tlsFailed)
        public static let proxyFailed = Code(.proxyFailed)
        public static let timeout = Code(.timeout)
        public static let httpStatus = Code(.httpStatus)
        public static let malformedResponseHead = Code(.malformedResponseHead)
        public static let responseTooLarge = Code(.responseTooLarge)
        public static let invalidEndpoint = Code(.invalidEndpoint)
        public static let wsdlHasNoEndpoint = Code(.wsdlHasNoEndpoint)
        public static let redirectLoop = Code(.redirectLoop)
        public static let redirectRefused = Code(.redirectRefused)
        public static let notCached = Code(.notCached)

        /// The broad class: what an exit code or a status bar needs.
        public var kind: Kind {
            switch base {
            case .connectionRefused, .hostNotFound, .connectionReset, .connectionClosed, .connectionFailed,
                .certificateUntrusted, .certificateNameMismatch, .notTLS, .tlsFailed, .proxyFailed, .notCached:
                return .network
            case .timeout: return .timeout
            case .httpStatus, .malformedResponseHead, .redirectLoop, .redirectRefused: return .http
            case .responseTooLarge: return .tooLarge
            case .invalidEndpoint, .wsdlHasNoEndpoint: return .usage
            }
        }

        public var description: String { base.rawValue }
    }

    /// The broad class of a failure. An open set, like `Code`.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case network, timeout, http, tooLarge, usage
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// Nothing usable came back: refused, unresolvable, reset, TLS, proxy.
        public static let network = Kind(.network)
        public static let timeout = Kind(.timeout)
        /// An HTTP error without a SOAP body, or redirects without end.
        public static let http = Kind(.http)
        public static let tooLarge = Kind(.tooLarge)
        /// The caller gave something unusable (an endpoint, a WSDL without one).
        public static let usage = Kind(.usage)

        public var description: String { base.rawValue }
    }

    /// The broad class of this failure.
    public var kind: Kind { code.kind }
}
