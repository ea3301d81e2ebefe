import HotelSOAP

/// The WS-SecurityPolicy 1.2 assertion the served WSDLs carry with `--users`: a UsernameToken
/// (WSS UsernameToken Profile 1.0) always sent to the recipient, as a supporting token of
/// every operation, attached to each binding (WS-PolicyAttachment). Tools that read policy
/// (CXF, Metro, WCF's svcutil) then know to send the header; those that do not (zeep,
/// suds) skip the elements.
///
/// No `sp:HashPassword`: the server accepts PasswordText as well as PasswordDigest.
enum SecurityPolicy {
    static let policyNamespace = "http://www.w3.org/ns/ws-policy"
    static let securityPolicyNamespace = "http://docs.oasis-open.org/ws-sx/ws-securitypolicy/200702"
    static let id = "UsernameTokenPolicy"

    static let policy = """

          <wsp:Policy xmlns:wsp="\(policyNamespace)" xmlns:sp="\(securityPolicyNamespace)" xmlns:wsu="\(WSSecurity.utility)" wsu:Id="\(id)">
            <sp:SupportingTokens>
              <wsp:Policy>
                <sp:UsernameToken sp:IncludeToken="\(securityPolicyNamespace)/IncludeToken/AlwaysToRecipient">
                  <wsp:Policy>
                    <sp:WssUsernameToken10/>
                  </wsp:Policy>
                </sp:UsernameToken>
              </wsp:Policy>
            </sp:SupportingTokens>
          </wsp:Policy>
        """

    static let reference = "\n    <wsp:PolicyReference xmlns:wsp=\"\(policyNamespace)\" URI=\"#\(id)\"/>"

    /// `wsdl` with the policy as the first extension of `wsdl:definitions` (after its
    /// `wsdl:documentation`, where the WSDL 1.1 schema puts extensions) and a reference to
    /// it first in each `wsdl:binding`.
    static func attach(to wsdl: String) -> String {
        var text = ""
        text.reserveCapacity(wsdl.utf8.count + policy.utf8.count + 4 * reference.utf8.count)
        var rest = wsdl[...]
        // The policy goes after the root's start tag, or after its documentation.
        if let root = rest.range(of: "<wsdl:definitions"), let end = rest[root.upperBound...].firstIndex(of: ">") {
            var at = rest.index(after: end)
            let next = rest[at...].drop { $0.isWhitespace }
            if next.hasPrefix("<wsdl:documentation"), let close = next.range(of: "</wsdl:documentation>") { at = close.upperBound }
            text += rest[..<at]
            text += policy
            rest = rest[at...]
        }
        while let binding = rest.range(of: "<wsdl:binding "), let end = rest[binding.upperBound...].firstIndex(of: ">") {
            let at = rest.index(after: end)
            text += rest[..<at]
            text += reference
            rest = rest[at...]
        }
        text += rest
        return text
    }
}
