import Foundation
import HotelCatalogs
import Hummingbird
import Imaging

/// `GET /logos/{HotelId}.png[?size=N]` (HEAD too, from the router): each hotel's logo, its
/// own (stored by `hotels import`, scaled to fit N × N) or else its monogram, drawn on demand
/// from the catalog's logo spec; cached, with an ETag so clients revalidate cheaply.
struct LogoEndpoint: Sendable {
    let catalog: any HotelCatalog
    let cache = LogoCache(capacity: 4096)
    /// Counts the logo cache's hits; nil without `/metrics`.
    var metrics: ServerMetrics? = nil

    static let sizes = 16...256

    func handle(_ request: Request, context: some RequestContext) async throws -> Response {
        let file = context.parameters.get("file") ?? ""
        guard file.hasSuffix(".png"), file.count > 4,
            file.dropLast(4).allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else {
            return Response.plainText(.notFound, "no such logo: expected /logos/{HotelId}.png\n")
        }
        let id = String(file.dropLast(4))
        var size = 64
        if let raw = request.uri.queryParameters.get("size") {
            guard let n = Int(raw), Self.sizes.contains(n) else {
                return Response.plainText(
                    .badRequest, "size must be an integer from \(Self.sizes.lowerBound) to \(Self.sizes.upperBound)\n")
            }
            size = n
        }
        guard let spec = try await catalog.logo(id: id) else {
            return Response.plainText(.notFound, "no hotel has HotelId \(id)\n")
        }
        let tag = Self.tag(spec, size: size)
        let etag = "\"\(id)-\(tag)\""
        var headers: HTTPFields = [.eTag: etag, .cacheControl: "public, max-age=86400"]
        if let match = request.headers[.ifNoneMatch],
            match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag })
        {
            return Response(status: .notModified, headers: headers)
        }
        let key = "\(id)/\(tag)"
        let png: [UInt8]
        if let cached = cache[key] {
            png = cached
            metrics?.logos.record(hits: 1, misses: 0)
        } else {
            png = try Self.draw(spec, size: size)
            cache[key] = png
            metrics?.logos.record(hits: 0, misses: 1)
        }
        headers[.contentType] = "image/png"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
    }

    /// What the drawn logo depends on, as `VERSION-SIZE-HASH` (the hash over the initials, the
    /// seed and the stored PNG): the ETag's and the cache's key. Why not the version alone: a
    /// hotel deleted and imported again starts at version 1 with another logo, and a rename
    /// changes a monogram's initials; the spec is read from the catalog on every request, so
    /// no logo from before a commit is served or confirmed with a 304 after it.
    static func tag(_ spec: LogoSpec, size: Int) -> String {
        var bytes = Array(spec.initials.utf8)
        withUnsafeBytes(of: spec.seed.bigEndian) { bytes += $0 }
        bytes += spec.image ?? []
        return "\(spec.version)-\(size)-" + String(BodyHash.of(bytes), radix: 16)
    }

    /// The hotel's own logo fitted into `size` × `size` (its aspect kept), or its monogram.
    /// A stored logo is a PNG the importer encoded after checking it with the decoder's
    /// limits, so decoding it here meets no surprise.
    static func draw(_ spec: LogoSpec, size: Int) throws(ImagingError) -> [UInt8] {
        guard let image = spec.image else {
            return try MonogramLogo.png(initials: spec.initials, seed: String(spec.seed), size: size)
        }
        return try PNGEncoder.encode(ImageDecoder.decode(image).thumbnail(fittingWidth: size, height: size))
    }
}

extension Response {
    /// A short plain-text answer (404s, health, usage hints).
    static func plainText(_ status: HTTPResponse.Status, _ body: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}

/// Rendered logos, bounded: when full, the oldest half is dropped (cheap, and a logo
/// costs well under a millisecond to draw again).
final class LogoCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: [UInt8]] = [:]
    private var order: [String] = []
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    subscript(key: String) -> [UInt8]? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return entries[key]
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            guard let newValue, entries[key] == nil else { return }
            if entries.count >= capacity {
                let dropped = order.prefix(capacity / 2)
                for k in dropped { entries[k] = nil }
                order.removeFirst(dropped.count)
            }
            entries[key] = newValue
            order.append(key)
        }
    }
}
