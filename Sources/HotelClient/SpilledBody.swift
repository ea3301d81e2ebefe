import Foundation
import NIOCore

/// A response body fetched ahead of its reader (`--all` prefetches the next pages): kept in
/// memory up to `memoryLimit`, then in an unnamed temporary file, so two pages in flight of
/// a service that answers with hundreds of megabytes cost a megabyte each, not the pages.
final class SpilledBody: @unchecked Sendable {
    static let memoryLimit = 1 << 20
    private(set) var chunks: [ByteBuffer] = []
    private var inMemory = 0
    private var file: OpenFile?
    private(set) var spilledBytes = 0
    private let directory: String

    init(directory: String = FileManager.default.temporaryDirectory.path) {
        self.directory = directory
    }

    /// Keeps the next bytes of the body.
    func append(_ chunk: ByteBuffer) throws {
        if file == nil, inMemory + chunk.readableBytes <= Self.memoryLimit {
            chunks.append(chunk)
            inMemory += chunk.readableBytes
            return
        }
        if file == nil {
            guard let opened = OpenFile(temporaryIn: directory) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: directory])
            }
            file = opened
        }
        let wrote = chunk.withUnsafeReadableBytes { file!.append($0) }
        guard wrote else { throw CocoaError(.fileWriteOutOfSpace, userInfo: [NSFilePathErrorKey: directory]) }
        spilledBytes += chunk.readableBytes
    }

    /// Hands the body on in order: the chunks kept in memory as they are, then the file in
    /// pieces of `pieceSize`.
    func read(pieceSize: Int = 64 * 1024, _ consume: (UnsafeRawBufferPointer) throws -> Void) throws {
        for chunk in chunks { try chunk.withUnsafeReadableBytes { try consume($0) } }
        guard let file, spilledBytes > 0 else { return }
        var piece = [UInt8](repeating: 0, count: pieceSize)
        var offset = 0
        while offset < spilledBytes {
            let got = piece.withUnsafeMutableBytes {
                file.read(into: $0.baseAddress!, count: min(pieceSize, spilledBytes - offset), at: offset)
            }
            guard got > 0 else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: directory]) }
            try piece.withUnsafeBytes { try consume(UnsafeRawBufferPointer(rebasing: $0[..<got])) }
            offset += got
        }
    }
}
