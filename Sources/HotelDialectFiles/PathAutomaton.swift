import HotelSOAP

/// The dialect matcher as a deterministic automaton, built lazily from the program's paths.
///
/// The matcher is defined as a nondeterministic one: for each open element, the threads
/// (path, next step, matching siblings so far) still alive for its children. Run as that, it
/// walked every live thread on every start tag: a hotel's fourteen field paths cost fourteen
/// comparisons per child, 1.8× the built-in reader's whole parse. But what a child start
/// tag does depends only on the parent's thread set, the child's name and whether a hotel
/// is open, so it is computed once per (state, in a hotel, name class) the document
/// actually shows and then looked up: one table read per start tag after the first hotel.
///
/// A state is a thread list in the order the threads were added (that order is the order
/// paths complete in, so values reach the row as the nondeterministic walk delivered
/// them). Positional steps (`[n]`) keep their sibling count in the state, saturated one
/// past `n`, which is why a child's start also gives its parent a next state.
///
/// Names fall into classes: each (local name, namespace) pair a step names is its own
/// class, and every other element is class 0; only `*` and `//` threads see class 0.
///
/// ```swift
/// let automaton = PathAutomaton(program: program)
/// var state = try automaton.rootState(for: program.searchRootPaths)
/// let step = try automaton.transition(from: state, inHotel: false, nameClass: automaton.nameClass(local: 3, uri: 1))
/// state = step.parent  // the parent's state after this child
/// ```
final class PathAutomaton {
    struct Thread: Hashable {
        var path: Int32
        var step: Int32
        /// Siblings that matched a positional step so far, at most `position + 1`.
        var count: Int32
    }

    /// What one child's start tag does.
    struct Transition {
        /// The state for the child's children.
        var child: Int32
        /// The parent's state after this child.
        var parent: Int32
        /// Paths that end at the child, in the order they complete: `actions[actionStart..<actionEnd]`.
        var actionStart: Int32
        var actionEnd: Int32
        /// Whether the child is read at all: it starts a hotel, a path goes on inside it, or
        /// its text is collected. Otherwise the parser skips its subtree.
        var keep: Bool
    }

    /// More states than this means paths that multiply against the document (`//` under
    /// `//` with positions); a program that needs them is refused rather than let grow.
    static let maxStates = 1 << 16

    private let steps: [PathStep]
    private let stepStart: [Int]
    private let stepCount: [Int]
    private let isHotel: [Bool]
    /// Paths that end in an element's text (not an attribute, not the hotel).
    private let collectsText: [Bool]
    private let hotelThreadPaths: [Int]
    /// `(local + 1) * uriSlots + (uri + 1)` → name class; local or uri −1 (unknown) → 0.
    private let classOf: [Int32]
    private let uriSlots: Int
    let classCount: Int

    // Read on every start tag, written only while a transition is built; one reader's
    // parser callbacks reach it, one at a time.
    @exclusivity(unchecked) private var states: [[Thread]] = []
    @exclusivity(unchecked) private var stateIndex: [[Thread]: Int32] = [:]
    /// `((state << 1) | inHotel) * classCount + class` → transition, −1 not built yet.
    @exclusivity(unchecked) private var table: [Int32] = []
    @exclusivity(unchecked) private(set) var transitions: [Transition] = []
    @exclusivity(unchecked) private(set) var actions: [Int32] = []
    /// The state with no threads: nothing below it can match.
    let empty: Int32 = 0

    init(program: DialectProgram) {
        var steps: [PathStep] = []
        var start: [Int] = []
        var count: [Int] = []
        for path in program.paths {
            start.append(steps.count)
            count.append(path.steps.count)
            steps += path.steps
        }
        self.steps = steps
        stepStart = start
        stepCount = count
        isHotel = program.paths.map { $0.target == .hotel }
        collectsText = program.paths.map { $0.target != .hotel && $0.attribute == nil }
        hotelThreadPaths = program.hotelPaths.filter { count[$0] > 0 }
        // Class 0 is every name no step spells.
        uriSlots = program.namespaceURIs.count + 2
        var classOf = [Int32](repeating: 0, count: (program.localNames.count + 1) * uriSlots)
        var classes: Int32 = 1
        for step in steps where step.local != PathStep.any {
            let slot = (step.local + 1) * uriSlots + step.uri + 1
            if classOf[slot] == 0 {
                classOf[slot] = classes
                classes += 1
            }
        }
        self.classOf = classOf
        classCount = Int(classes)
        _ = try? intern([])
    }

    /// The name class of an element; `local` and `uri` as the reader numbers them (−1: a
    /// name no step uses; `uri` 0: no namespace).
    @inline(__always)
    func nameClass(local: Int, uri: Int) -> Int {
        guard local >= 0, uri >= 0 else { return 0 }
        return Int(classOf[(local + 1) * uriSlots + uri + 1])
    }

    /// The state for the root element's children: a thread for each path from it that has steps.
    func rootState(for paths: [Int]) throws(BodyReadFailure) -> Int32 {
        var threads: [Thread] = []
        for p in paths where stepCount[p] > 0 { Self.add(Thread(path: Int32(p), step: 0, count: 0), to: &threads) }
        return try intern(threads)
    }

    @inline(__always)
    func transition(from state: Int32, inHotel: Bool, nameClass: Int) throws(BodyReadFailure) -> Transition {
        let key = ((Int(state) << 1) | (inHotel ? 1 : 0)) * classCount + nameClass
        let known = table[key]
        if known >= 0 { return transitions[Int(known)] }
        return try build(key, from: state, inHotel: inHotel, nameClass: nameClass)
    }

    /// Walks the parent's threads as the nondeterministic matcher would, once.
    private func build(_ key: Int, from state: Int32, inHotel: Bool, nameClass: Int) throws(BodyReadFailure)
        -> Transition
    {
        var parent = states[Int(state)]
        var child: [Thread] = []
        let actionStart = Int32(actions.count)
        var hotelOpen = inHotel
        var startsHotel = false
        var collects = false
        for t in parent.indices {
            let thread = parent[t]
            let p = Int(thread.path)
            let step = steps[stepStart[p] + Int(thread.step)]
            if step.descendant { Self.add(Thread(path: thread.path, step: thread.step, count: 0), to: &child) }
            guard step.local == PathStep.any || classOfStep(step) == nameClass else { continue }
            if step.position > 0 {
                parent[t].count = min(thread.count + 1, Int32(step.position + 1))
                guard parent[t].count == step.position else { continue }
            }
            if Int(thread.step) + 1 < stepCount[p] {
                Self.add(Thread(path: thread.path, step: thread.step + 1, count: 0), to: &child)
                continue
            }
            if isHotel[p] {
                // No hotel inside a hotel: the reader refuses the second one at run time too.
                guard !hotelOpen else { continue }
                hotelOpen = true
                startsHotel = true
                for h in hotelThreadPaths { Self.add(Thread(path: Int32(h), step: 0, count: 0), to: &child) }
            } else if collectsText[p] {
                collects = true
            }
            actions.append(thread.path)
        }
        let transition = Transition(
            child: try intern(child), parent: try intern(parent), actionStart: actionStart, actionEnd: Int32(actions.count),
            keep: startsHotel || !child.isEmpty || collects)
        table[key] = Int32(transitions.count)
        transitions.append(transition)
        return transition
    }

    private func classOfStep(_ step: PathStep) -> Int {
        Int(classOf[(step.local + 1) * uriSlots + step.uri + 1])
    }

    /// A thread once per (path, step) in a list, as the nondeterministic matcher kept them.
    private static func add(_ thread: Thread, to threads: inout [Thread]) {
        for t in threads where t.path == thread.path && t.step == thread.step { return }
        threads.append(thread)
    }

    private func intern(_ threads: [Thread]) throws(BodyReadFailure) -> Int32 {
        if let known = stateIndex[threads] { return known }
        guard states.count < Self.maxStates else {
            throw BodyReadFailure(
                .invalidValue,
                "the dialect's paths match this document in more than \(Self.maxStates) ways (// steps nested with positions); write them with fewer // steps"
            )
        }
        let id = Int32(states.count)
        states.append(threads)
        stateIndex[threads] = id
        table += repeatElement(-1, count: 2 * classCount)
        return id
    }
}
