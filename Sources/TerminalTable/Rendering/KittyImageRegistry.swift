/// Hands out kitty image ids and remembers which images the terminal already holds, so
/// each image is uploaded once, not once per frame, and the terminal keeps at most
/// `capacity` of them: the least recently shown are deleted when more arrive.
///
/// Pure: it returns the bytes to write and never writes them itself.
///
/// ```swift
/// var registry = KittyImageRegistry(capacity: 256, inTmux: support.isInTmux)
/// let logo = registry.makeImage(columns: 6, rows: 3, format: .png, payload: png)   // once per logo
/// // every frame:
/// let frame = table.render(state: state, dataSource: source, status: status, size: size)
/// terminal.write(registry.prepare(showing: table.kittyImages(state: state, dataSource: source, size: size)))
/// screen.present(frame)
/// ```
public struct KittyImageRegistry: Sendable {
    /// Images kept in the terminal. A frame that shows more keeps them all.
    public let capacity: Int
    /// Wrap every command for tmux passthrough (see `ImageSupport`).
    public let isInTmux: Bool
    private var nextID: UInt32
    /// Ids the terminal holds → the frame that last showed them.
    private var lastShown: [UInt32: UInt64] = [:]
    private var frameCount: UInt64 = 0

    /// `firstID` lets a client start somewhere other than 1: ids are shared by every
    /// program in the same terminal window, so another one using low ids would replace
    /// our pictures and we theirs.
    /// Uploads create the virtual placement Unicode placeholders show (kitty 0.28+,
    /// Ghostty); false uploads only, for direct placement (`KittyImage.placeSequence`).
    public let createsVirtualPlacements: Bool

    public init(capacity: Int = 256, firstID: UInt32 = 1, inTmux: Bool = false, createsVirtualPlacements: Bool = true) {
        self.capacity = max(1, capacity)
        self.isInTmux = inTmux
        self.createsVirtualPlacements = createsVirtualPlacements
        self.nextID = min(max(1, firstID), KittyImage.maximumID)
    }

    /// Number of images the terminal holds, as far as we know.
    public var transmittedCount: Int { lastShown.count }

    public func isTransmitted(_ id: UInt32) -> Bool {
        lastShown[id] != nil
    }

    /// A new image with an id of its own; `nil` when the image is invalid (see
    /// `KittyImage.init`). Nothing is sent until a frame shows it.
    ///
    /// Ids count up and wrap after 16,777,215, skipping ids the terminal still holds.
    public mutating func makeImage(columns: Int, rows: Int, format: KittyImage.Format, payload: [UInt8]) -> KittyImage? {
        guard let image = KittyImage(id: nextID, columns: columns, rows: rows, format: format, payload: payload) else {
            return nil
        }
        advanceID()
        return image
    }

    /// The bytes to write before a frame that shows `images`: deletes for the images
    /// evicted to stay within `capacity` (never one of `images`), then uploads for those
    /// of `images` the terminal does not hold yet. Empty when there is nothing to do.
    public mutating func prepare(showing images: [KittyImage]) -> [UInt8] {
        frameCount += 1
        var uploads: [KittyImage] = []
        for image in images {
            if lastShown[image.id] == nil { uploads.append(image) }
            lastShown[image.id] = frameCount
        }
        var output = ""
        let excess = lastShown.count - capacity
        if excess > 0 {
            // Least recently shown first; the id breaks ties so the order is deterministic.
            let evicted = lastShown.filter { $0.value < frameCount }
                .sorted { ($0.value, $0.key) < ($1.value, $1.key) }
                .prefix(excess)
            for (id, _) in evicted {
                lastShown[id] = nil
                output += wrapped(EscapeSequence.kittyDelete(id: id))
            }
        }
        for image in uploads {
            output += createsVirtualPlacements ? image.transmitSequence(inTmux: isInTmux) : image.transmitOnlySequence(inTmux: isInTmux)
        }
        return Array(output.utf8)
    }

    /// Deletes every image we uploaded; send it before leaving. kitty drops the alternate
    /// screen's images by itself when we leave it, but inside tmux the outer terminal
    /// never sees us leave and would keep them until its quota runs out.
    public mutating func deleteAll() -> [UInt8] {
        let output = lastShown.keys.sorted().map { wrapped(EscapeSequence.kittyDelete(id: $0)) }.joined()
        lastShown = [:]
        return Array(output.utf8)
    }

    /// Forgets what the terminal holds, so every image is uploaded again when next shown.
    /// Call it whenever the alternate screen is entered again (after a suspend, or when
    /// tmux reattaches): kitty clears the alternate screen's images on entering it.
    public mutating func invalidate() {
        lastShown = [:]
    }

    private func wrapped(_ sequence: String) -> String {
        isInTmux ? EscapeSequence.tmuxPassthrough(sequence) : sequence
    }

    private mutating func advanceID() {
        repeat {
            nextID = nextID >= KittyImage.maximumID ? 1 : nextID + 1
        } while lastShown[nextID] != nil && lastShown.count < Int(KittyImage.maximumID)
    }
}
