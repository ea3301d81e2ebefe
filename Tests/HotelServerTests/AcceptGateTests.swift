import Testing

@testable import HotelServer

@Suite("Accepting in batches")
struct AcceptGateTests {
    @Test("a batch is a slice of the budget: whole backlogs where descriptors are many, one at a time where they are few")
    func batchSize() {
        #expect(DescriptorBudget(limit: 1_048_576, inUse: 20).acceptBatch == DescriptorBudget.largestAcceptBatch)
        let small = DescriptorBudget(limit: 1024, inUse: 20)
        #expect(small.acceptBatch == small.acceptable / 8)
        #expect(DescriptorBudget(limit: 64, inUse: 19).acceptBatch == 1)
    }

    @Test(
        "the gate closes while a whole batch still fits under the budget, and opens when a batch has closed",
        arguments: [64, 1024, 1_048_576])
    func neverPastTheBudget(limit: Int) {
        let budget = DescriptorBudget(limit: limit, inUse: 20)
        var gate = AcceptGate(budget: budget)
        // Accept as NIO does: a batch per read, and a read only while the gate is open.
        while gate.isAcceptingNewConnections() {
            for _ in 0..<budget.acceptBatch { gate.connectionOpened() }
        }
        #expect(gate.open <= budget.acceptable)
        #expect(gate.open > budget.acceptable - budget.acceptBatch)
        #expect(!gate.isAcceptingNewConnections())
        for _ in 0..<budget.acceptBatch { gate.connectionClosed() }
        #expect(gate.isAcceptingNewConnections())
    }
}
