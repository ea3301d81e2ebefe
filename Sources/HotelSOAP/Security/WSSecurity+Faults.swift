extension SOAPFault.Code {
    /// WSS 1.1 §12: the token could not be authenticated (SOAP 1.1 `faultcode`
    /// `wsse:FailedAuthentication`; SOAP 1.2 puts it in the subcode under `Sender`).
    public static let failedAuthentication = Self(rawValue: WSSecurity.FaultName.failedAuthentication)
    /// WSS 1.1 §12: the `wsse:Security` header could not be processed.
    public static let invalidSecurity = Self(rawValue: WSSecurity.FaultName.invalidSecurity)
    /// WSS 1.1 §12: the message's `Created` or `Expires` is outside what the receiver accepts.
    public static let messageExpired = Self(rawValue: WSSecurity.FaultName.messageExpired)

    /// A fault code WS-Security defines, in `WSSecurity.secext`: written `wsse:`, with
    /// the prefix declared.
    public var isWSSecurity: Bool { WSSecurity.FaultName.all.contains(rawValue) }
}

extension SOAPFault.Subcode {
    /// `wsse:FailedAuthentication` under `Sender` (SOAP 1.2).
    public static let failedAuthentication = Self(rawValue: WSSecurity.FaultName.failedAuthentication)
    /// `wsse:InvalidSecurity` under `Sender` (SOAP 1.2).
    public static let invalidSecurity = Self(rawValue: WSSecurity.FaultName.invalidSecurity)
    /// `wsse:MessageExpired` under `Sender` (SOAP 1.2).
    public static let messageExpired = Self(rawValue: WSSecurity.FaultName.messageExpired)

    /// A subcode WS-Security defines, in `WSSecurity.secext`.
    public var isWSSecurity: Bool { WSSecurity.FaultName.all.contains(rawValue) }
}

extension WSSecurity {
    /// The local names of the WSS 1.1 §12 fault codes this project sends.
    enum FaultName {
        static let failedAuthentication = "FailedAuthentication"
        static let invalidSecurity = "InvalidSecurity"
        static let messageExpired = "MessageExpired"
        static let all: Set<String> = [failedAuthentication, invalidSecurity, messageExpired]
    }
}
