import NIOCore

/// How long a connection may take over each part of a request, and how many may be open.
///
/// Each wait has its own clock, as in nginx and Go's `http.Server`: a slow client gets
/// `headTimeout` for the whole request head (a slowloris cannot reset it byte by byte),
/// `bodyTimeout` between two reads of the body, and `idleTimeout` between requests on a
/// kept-alive connection.
///
/// ```swift
/// var limits = ConnectionLimits()
/// limits.headTimeout = .seconds(5)
/// limits.maxConnections = 200
/// ```
public struct ConnectionLimits: Sendable, Equatable {
    /// From accepting a connection, or from the first byte of a later request, to the end of its head.
    public var headTimeout: TimeAmount = .seconds(10)
    /// The longest pause between two reads of a request body.
    public var bodyTimeout: TimeAmount = .seconds(30)
    /// How long a kept-alive connection may wait for its next request. Longer than common
    /// clients' pool timeouts (AsyncHTTPClient 60 s), so a client rarely reuses a
    /// connection the server is closing.
    public var idleTimeout: TimeAmount = .seconds(75)
    /// Connections beyond this are answered 503 and closed at once.
    public var maxConnections = 1024
    /// After an answer sent before its request was read whole (a 413), the rest is read
    /// and dropped so the client, which may write all before it reads, sees the answer
    /// rather than a reset: at most this long in all, …
    public var lingerTime: TimeAmount = .seconds(30)
    /// … this long between two reads, …
    public var lingerTimeout: TimeAmount = .seconds(5)
    /// … and this many bytes.
    public var lingerBytes = 16 << 20

    public init() {}
}
