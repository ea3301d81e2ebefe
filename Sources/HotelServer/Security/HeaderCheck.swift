import HotelSOAP
import Logging

/// What every SOAP request passes before its operation runs, on `/soap` and `/ota` alike:
/// first SOAP's own rule (a block marked `mustUnderstand` for this server that it does not
/// understand is a `MustUnderstand` fault), then, with users configured, the UsernameToken.
/// `wsse:Security` is understood only then, as a CXF endpoint without its WS-Security
/// interceptor does not understand it either.
struct HeaderCheck: Sendable {
    /// Nil: no `--users`, every request is let through (after the mustUnderstand rule).
    let verifier: UsernameTokenVerifier?
    /// Counts failures by reason; nil without `/metrics`.
    var metrics: ServerMetrics? = nil

    /// The authenticated user, nil without users. Throws the `SOAPFaultError` to answer, in
    /// `version`.
    @discardableResult
    func check(_ header: SOAPHeader, version: SOAPVersion, logger: Logger) throws -> String? {
        let notUnderstood = header.blocks.filter { $0.mustUnderstand && $0.isForUltimateReceiver(in: version) && !understands($0) }
        if !notUnderstood.isEmpty {
            logger.notice(
                "header block not understood",
                metadata: ["blocks": "\(LogText.clean(notUnderstood.map(\.description).joined(separator: ", "), limit: 400))"])
            throw Self.mustUnderstand(notUnderstood, version: version)
        }
        guard let verifier else { return nil }
        do {
            let user = try verifier.verify(header.security)
            RequestLog.user = user
            return user
        } catch {
            metrics?.securityFailure(error)
            // The user as claimed (it may not exist) and why, for the operator; never the
            // password, digest or nonce. The client gets one text per fault code.
            logger.notice(
                "authentication failed",
                metadata: [
                    "user": "\(error.user.map { LogText.clean($0, limit: 80) } ?? "-")", "fault": "\(error.fault)",
                    "reason": "\(error)",
                ])
            throw Self.security(error.fault, version: version)
        }
    }

    private func understands(_ block: SOAPHeader.Block) -> Bool {
        verifier != nil && block.name == "Security" && block.namespace == WSSecurity.secext
    }

    /// SOAP 1.1 `soap:MustUnderstand`; SOAP 1.2 `env:MustUnderstand` with an
    /// `env:NotUnderstood` header block for each (part 1 §5.4.8). No detail: SOAP 1.1
    /// keeps `detail` for errors of the Body.
    static func mustUnderstand(_ blocks: [SOAPHeader.Block], version: SOAPVersion) -> SOAPFaultError {
        let names = blocks.map(\.description).joined(separator: ", ")
        let fault = SOAPFault(
            version: version, code: .mustUnderstand, reason: "Header blocks marked mustUnderstand were not understood: \(names)")
        return SOAPFaultError(fault, notUnderstood: blocks)
    }

    /// WSS 1.1 §12's fault, with its standard text: the same for every cause of one code,
    /// so the answer does not tell an unknown user from a wrong password.
    static func security(_ code: SOAPFault.Code, version: SOAPVersion) -> SOAPFaultError {
        let reason: String
        switch code {
        case .invalidSecurity: reason = "An error was discovered processing the <wsse:Security> header"
        case .messageExpired: reason = "The message has expired"
        default: reason = "The security token could not be authenticated or authorized"
        }
        switch version {
        case .v11: return SOAPFaultError(SOAPFault(version: .v11, code: code, reason: reason))
        case .v12:
            return SOAPFaultError(
                SOAPFault(version: .v12, code: .sender, subcode: SOAPFault.Subcode(rawValue: code.rawValue), reason: reason))
        }
    }
}

/// Text from a request made safe for one log line: control characters and line separators
/// (a newline would forge a line) become `?`, and it is cut at `limit` characters.
enum LogText {
    static func clean(_ text: String, limit: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for (i, scalar) in text.unicodeScalars.enumerated() {
            guard i < limit else {
                scalars.append("…")
                break
            }
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: scalars.append("?")
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
