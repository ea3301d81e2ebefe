/// What made a catalog, as its `meta` table records it (`seed`, `generator`): files given to
/// `hotels import`, or the seeder's generated hotels. `hotels demo` reads `seed` back to
/// know whether a cached demo catalog is the one it wants.
///
/// ```swift
/// CatalogOrigin.files                                         // seed "none", generator "hotels import"
/// CatalogOrigin(seed: "42", generator: "hotels seed")
/// ```
public struct CatalogOrigin: Sendable, Equatable {
    public var seed: String
    public var generator: String

    public init(seed: String, generator: String) {
        self.seed = seed
        self.generator = generator
    }

    /// `hotels import`'s files.
    public static let files = CatalogOrigin(seed: "none", generator: "hotels import")
}
