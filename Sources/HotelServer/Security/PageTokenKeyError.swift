/// Why a `--token-key-file` was refused. The message names the file, never its content.
public struct PageTokenKeyError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case file(OwnerOnlyFile.Failure)
        case tooShort(bytes: Int)
    }

    /// The file as it was given.
    public let path: String
    private let code: Code

    private init(_ path: String, _ code: Code) {
        self.path = path
        self.code = code
    }

    static func file(_ path: String, _ failure: OwnerOnlyFile.Failure) -> Self { .init(path, .file(failure)) }
    static func tooShort(_ path: String, bytes: Int) -> Self { .init(path, .tooShort(bytes: bytes)) }

    /// The file does not exist or cannot be read, rather than being refused for what it is.
    public var isMissing: Bool {
        if case .file(let failure) = code { return failure.isMissing }
        return false
    }

    /// Group or others may read or write the file.
    public var isTooOpen: Bool {
        if case .file(let failure) = code { return failure.isTooOpen }
        return false
    }

    public var description: String {
        switch code {
        case .file(let failure):
            return failure.message(path, risk: "whoever reads it can forge page tokens", limit: "longer than 4 KiB")
        case .tooShort(let bytes):
            return "\(path) holds \(bytes) bytes; a key needs at least \(PageTokenKey.minimumBytes) (e.g. openssl rand -hex 32 > \(path))"
        }
    }
}
