import Foundation

/// Downloaded logos on disk, one body file and one small metadata file (ETag and expiry)
/// per URL, named by a hash of the URL so no server-chosen text becomes a path.
///
/// Writes go to a temporary file renamed into place, so a crash or a second `hotels`
/// process never leaves a half-written image behind. Unreadable entries count as misses.
///
/// ```swift
/// let cache = LogoDiskCache(directory: URL(fileURLWithPath: "/tmp/logos"))
/// cache.store(png, for: url, etag: "\"H1-1-64\"", expires: Date().addingTimeInterval(86400))
/// cache.entry(for: url)?.etag   // "\"H1-1-64\""
/// ```
public struct LogoDiskCache: Sendable {
    public struct Entry: Sendable {
        public let bytes: [UInt8]
        public let etag: String?
        public let expires: Date
    }

    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    public func entry(for url: URL) -> Entry? {
        let (body, meta) = paths(for: url)
        guard let bytes = FileManager.default.contents(atPath: body.path), !bytes.isEmpty,
            let text = FileManager.default.contents(atPath: meta.path).map({ String(decoding: $0, as: UTF8.self) })
        else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 3, lines[0] == url.absoluteString, let seconds = Double(lines[2]) else { return nil }
        return Entry(bytes: Array(bytes), etag: lines[1].isEmpty ? nil : lines[1], expires: Date(timeIntervalSince1970: seconds))
    }

    public func store(_ bytes: [UInt8], for url: URL, etag: String?, expires: Date) {
        let (body, _) = paths(for: url)
        guard write(Data(bytes), to: body) else { return }
        writeMeta(url, etag: etag, expires: expires)
    }

    /// After a 304: the same bytes, a new expiry.
    public func refresh(_ url: URL, expires: Date) {
        guard let entry = entry(for: url) else { return }
        writeMeta(url, etag: entry.etag, expires: expires)
    }

    private func writeMeta(_ url: URL, etag: String?, expires: Date) {
        // The URL is stored too: a hash collision then reads as a miss, not a wrong logo.
        let etagLine = (etag ?? "").filter { $0 != "\n" && $0 != "\r" }
        let text = "\(url.absoluteString)\n\(etagLine)\n\(expires.timeIntervalSince1970)\n"
        _ = write(Data(text.utf8), to: paths(for: url).meta)
    }

    private func write(_ data: Data, to path: URL) -> Bool {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let temporary = directory.appendingPathComponent(".\(path.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max))")
            try data.write(to: temporary)
            if rename(temporary.path, path.path) != 0 {
                try? FileManager.default.removeItem(at: temporary)
                return false
            }
            return true
        } catch {
            return false  // a cache that cannot be written is just a slower cache
        }
    }

    private func paths(for url: URL) -> (body: URL, meta: URL) {
        let name = Self.hash(url.absoluteString)
        return (directory.appendingPathComponent(name + ".img"), directory.appendingPathComponent(name + ".meta"))
    }

    /// FNV-1a, 64 bits: stable across runs (unlike `hashValue`) and plenty for file names.
    static func hash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
