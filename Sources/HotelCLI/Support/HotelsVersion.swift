/// What `hotels --version` prints: `hotels 0.9.0 (7dd77a5)`.
enum HotelsVersion {
    /// This program's version, raised by hand at a release (semantic versioning: before
    /// 1.0 the command line may still change between minor versions).
    static let number = "0.9.0"

    /// The short commit the binary was built from, stamped at build time by
    /// `Plugins/VersionStamp` (`git rev-parse --short HEAD`), or `unknown` when the sources
    /// are not a git checkout.
    static let commit = buildCommit

    /// `hotels 0.9.0 (7dd77a5)`.
    static let line = "hotels \(number) (\(commit))"
}
