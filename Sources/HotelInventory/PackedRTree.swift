/// An R*Tree over points, packed bottom-up (Sort-Tile-Recursive) and laid out as SQLite's
/// R*Tree module stores one: the rows of its `_node`, `_rowid` and `_parent` shadow tables.
///
/// Why: inserting a million points one at a time through the module took 14–15 s (it
/// chooses a leaf, splits and writes nodes back for every row); sorting them into full
/// nodes is two sorts per level. The result is an ordinary tree of the module's format
/// (`rtreecheck()` passes), so later single-row inserts and deletes work on it as on one
/// the module built.
///
/// The format, from the comments of SQLite's `rtree.c`: node 1 is the root; every node is
/// a blob of the root's size; bytes 0–1 hold the tree's depth (root only; 0 when the root
/// is a leaf), bytes 2–3 the cell count, then cells of an 8-byte id (a rowid in a leaf, a
/// child's node number above) and one 4-byte (min, max) pair per dimension, all big-endian.
///
/// ```swift
/// let tree = PackedRTree(ids: [1, 2], latitudes: [48_856_600, 51_507_400], longitudes: [2_352_200, -127_800], capacity: 51)
/// let root = tree.blob(of: tree.nodes[tree.nodes.count - 1], nodeSize: 1228)
/// ```
struct PackedRTree: Sendable {
    /// A cell: `id`, then (min, max) of latitude, then of longitude, in microdegrees.
    struct Cell: Sendable {
        var id: Int64
        var minLat: Int32
        var maxLat: Int32
        var minLon: Int32
        var maxLon: Int32
    }

    struct Node: Sendable {
        var number: Int64
        var cells: [Cell]
    }

    /// Every node, leaves first, the root (number 1) last.
    private(set) var nodes: [Node] = []
    /// Levels below the root: 0 when the root is a leaf.
    private(set) var depth = 0
    /// Each non-root node's parent: the `_parent` rows.
    private(set) var parents: [(node: Int64, parent: Int64)] = []
    /// The first node number that holds leaves, and how many: leaves are numbered in a run,
    /// so `_rowid`'s rows are each leaf's cells.
    var leaves: ArraySlice<Node> { nodes.prefix(leafCount) }
    private var leafCount = 0

    /// The cells one node holds for a node of `nodeSize` bytes (the module caps it at 51).
    static func capacity(nodeSize: Int) -> Int { min(51, (nodeSize - 4) / 24) }

    /// Packs the points (`ids[i]` at `latitudes[i]`, `longitudes[i]`). No points: no nodes
    /// (the empty root the module made stays).
    init(ids: [Int64], latitudes: [Int32], longitudes: [Int32], capacity: Int) {
        precondition(capacity >= 2 && ids.count == latitudes.count && ids.count == longitudes.count)
        guard !ids.isEmpty else { return }
        var level = ids.indices.map {
            Cell(id: ids[$0], minLat: latitudes[$0], maxLat: latitudes[$0], minLon: longitudes[$0], maxLon: longitudes[$0])
        }
        var nextNumber: Int64 = 2
        var isLeafLevel = true
        while true {
            let groups = Self.tiles(level, capacity: capacity)
            let isRoot = groups.count == 1
            var above: [Cell] = []
            above.reserveCapacity(groups.count)
            let firstOfLevel = nodes.count
            for group in groups {
                let number: Int64 = isRoot ? 1 : nextNumber
                if !isRoot { nextNumber += 1 }
                nodes.append(Node(number: number, cells: group))
                above.append(Self.bounds(of: group, id: number))
            }
            if isLeafLevel { leafCount = nodes.count }
            if !isLeafLevel {
                // The cells of this level name the nodes of the one below.
                for node in nodes[firstOfLevel...] {
                    for child in node.cells { parents.append((child.id, node.number)) }
                }
            }
            if isRoot { return }
            depth += 1
            isLeafLevel = false
            level = above
        }
    }

    /// The node as the `_node` table's `data`: `nodeSize` bytes, zero past the last cell.
    func blob(of node: Node, nodeSize: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: nodeSize)
        func put(_ value: UInt64, at offset: Int, width: Int) {
            for byte in 0..<width { bytes[offset + byte] = UInt8(truncatingIfNeeded: value >> UInt64(8 * (width - 1 - byte))) }
        }
        if node.number == 1 { put(UInt64(depth), at: 0, width: 2) }
        put(UInt64(node.cells.count), at: 2, width: 2)
        for (index, cell) in node.cells.enumerated() {
            let offset = 4 + index * 24
            put(UInt64(bitPattern: cell.id), at: offset, width: 8)
            for (place, coordinate) in [cell.minLat, cell.maxLat, cell.minLon, cell.maxLon].enumerated() {
                put(UInt64(UInt32(bitPattern: coordinate)), at: offset + 8 + place * 4, width: 4)
            }
        }
        return bytes
    }

    /// Sort-Tile-Recursive: cells in vertical slices by latitude, each slice by longitude,
    /// cut into runs of `capacity`; about √(cells / capacity) slices, so nodes are squarish.
    private static func tiles(_ cells: [Cell], capacity: Int) -> [[Cell]] {
        let nodeCount = (cells.count + capacity - 1) / capacity
        let slices = Int(Double(nodeCount).squareRoot().rounded(.up))
        let sliceSize = slices * capacity
        let byLatitude = cells.sorted { Int64($0.minLat) + Int64($0.maxLat) < Int64($1.minLat) + Int64($1.maxLat) }
        var groups: [[Cell]] = []
        groups.reserveCapacity(nodeCount)
        var start = 0
        while start < byLatitude.count {
            let slice = byLatitude[start..<min(byLatitude.count, start + sliceSize)]
                .sorted { Int64($0.minLon) + Int64($0.maxLon) < Int64($1.minLon) + Int64($1.maxLon) }
            var cut = 0
            while cut < slice.count {
                groups.append(Array(slice[cut..<min(slice.count, cut + capacity)]))
                cut += capacity
            }
            start += sliceSize
        }
        return groups
    }

    private static func bounds(of cells: [Cell], id: Int64) -> Cell {
        var box = Cell(id: id, minLat: .max, maxLat: .min, minLon: .max, maxLon: .min)
        for cell in cells {
            box.minLat = min(box.minLat, cell.minLat)
            box.maxLat = max(box.maxLat, cell.maxLat)
            box.minLon = min(box.minLon, cell.minLon)
            box.maxLon = max(box.maxLon, cell.maxLon)
        }
        return box
    }
}
