/// The users and the page-token signer that one request is judged by: taken once, when
/// its handler starts (``CredentialStore/current``), so a reload in the middle of a request
/// neither mixes an old user list with a new key nor changes the rules under a request
/// already being read. A request in flight at a reload finishes under the set it began with.
struct Credentials: Sendable {
    /// Nil: no `--users`, every request is let through.
    var verifier: UsernameTokenVerifier?
    /// Signs and checks OpenTravel `MoreDataEchoToken`s.
    var tokens: OTAPageToken

    /// mustUnderstand and the UsernameToken, under these users; failures counted into
    /// `metrics` when the server has them.
    func headerCheck(metrics: ServerMetrics?) -> HeaderCheck { HeaderCheck(verifier: verifier, metrics: metrics) }
}
