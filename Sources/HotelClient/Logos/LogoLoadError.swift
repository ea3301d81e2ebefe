/// Why a logo did not load: shown in the status bar, and decides whether to remember the
/// failure (a cancellation is not one).
public struct LogoLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public let isCancellation: Bool

    public init(_ message: String, isCancellation: Bool = false) {
        self.message = message
        self.isCancellation = isCancellation
    }

    public static let cancelled = LogoLoadError("cancelled", isCancellation: true)

    public var description: String { message }
}
