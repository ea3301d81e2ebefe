import HummingbirdCore

/// Whether the listening socket may accept again: Hummingbird asks before each read of it,
/// on the event loop that owns it, and tells it of each connection opened and closed.
///
/// One read accepts up to ``DescriptorBudget/acceptBatch`` connections, so the gate closes
/// while a whole batch still fits under ``DescriptorBudget/acceptable``: a batch never runs
/// the process out of descriptors (where `accept` fails with EMFILE and the loop spins).
///
/// ```swift
/// var gate = AcceptGate(budget: DescriptorBudget(limit: 1024, inUse: 20))  // acceptable 972, batch 121
/// for _ in 0..<851 { gate.connectionOpened() }
/// gate.isAcceptingNewConnections()  // true: 851 + 121 fit
/// gate.connectionOpened()
/// gate.isAcceptingNewConnections()  // false until one closes
/// ```
struct AcceptGate: AvailableConnectionsDelegate {
    let budget: DescriptorBudget
    private(set) var open = 0

    init(budget: DescriptorBudget) { self.budget = budget }

    mutating func connectionOpened() { open += 1 }

    mutating func connectionClosed() { open -= 1 }

    func isAcceptingNewConnections() -> Bool { open + budget.acceptBatch <= budget.acceptable }
}
