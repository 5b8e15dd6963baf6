import LifeGrid
import Synchronization

// A rule on the 3 x 3 neighbourhood (a MooreTable: isotropic non-totalistic, MAP, Life-like)
// as a boolean circuit over bit planes, which the kernels evaluate 64 cells to a word.
//
// The circuit's inputs are planes the kernel computes cheaply for every word: the nine cells of
// the neighbourhood (NW N NE W C E SW S SE), the four bits of the live-neighbour count
// (x0 + 2 x1 + 4 x2 + 8 x3, from the bit-sliced adder of the Life kernel), and a few features of
// where the live neighbours are (two adjacent on the ring around the cell, two opposite edges,
// two opposite corners, the live corners' parity), computed only when the circuit reads them. The
// circuit is a decision diagram over those inputs, built from the table with don't-cares: a branch
// on the count leaves only the neighbourhoods with that count to tell apart, and a feature often
// tells a Hensel letter from the rest of its count at once (given two live neighbours, B2-a is
// "not adjacent"), so a rule that is Life-like but for a few letters costs a few operations more
// than its Life-like part. Several orders of the inputs are tried and the cheapest circuit kept,
// features' own cost included (a plain diagram over the nine cells is one of them, and is never
// more than about 140 muxes, whatever the table).
//
// The kernel runs the circuit instruction by instruction over a run of rows at a time (see
// LifeKernel's `BitKernel.stepCircuit`), so that reading each instruction costs little beside
// the lanes it computes.

/// A MooreTable compiled to a straight-line program of bitwise operations on slots of planes.
///
/// ``code`` is what the kernels read: `[slots, instructions, output, the inputs read (bit i:
/// slot i), then five Int32 per instruction: operation, destination, a, b, c]`. Slots 0...12 are
/// the inputs (see ``Input``); the others hold intermediate planes, reused once their last reader
/// has run.
struct MooreCircuit: Sendable {
    /// The operations, as the kernels number them (see LifeKernel's `CircuitOperation`).
    enum Operation: Int32 {
        /// a & b
        case and = 0
        /// a & ~b
        case andNot = 1
        /// a | b
        case or = 2
        /// a ^ b
        case xor = 3
        /// ~a
        case not = 4
        /// a when c is clear, b when c is set
        case mux = 5
        /// all ones
        case ones = 6
        /// all zeros
        case zeros = 7
        /// a | ~b
        case orNot = 8

        /// The vector operations it takes (for choosing the cheapest circuit).
        var cost: Int {
            switch self {
            case .and, .andNot, .or, .xor, .not, .ones, .zeros: 1
            case .orNot: 2
            case .mux: 3
            }
        }
    }

    /// The input planes, by slot: the neighbourhood's cells, the bits of its live-neighbour
    /// count, and three features of where the live neighbours are, which tell most Hensel letters
    /// of a count apart at once.
    enum Input: Int, CaseIterable {
        case northWest = 0, north, northEast, west, centre, east, southWest, south, southEast
        case count0, count1, count2, count3
        /// Two live neighbours next to each other on the ring around the cell (N NE E SE S SW W NW).
        case adjacentPair
        /// Two live edge neighbours opposite each other (N and S, or W and E).
        case oppositeEdges
        /// Two live corner neighbours opposite each other (NW and SE, or NE and SW).
        case oppositeCorners
        /// Bit 0 of the number of live corner neighbours (NW NE SW SE).
        case corners0

        /// The neighbourhoods (table indices) in which the input is set.
        var set: TableSet {
            var set = TableSet()
            for index in 0..<512 where value(index) { set.insert(index) }
            return set
        }

        /// The input's value in the neighbourhood `index`.
        func value(_ index: Int) -> Bool {
            func cell(_ input: Input) -> Bool { (index >> (8 - input.rawValue)) & 1 == 1 }
            let ring: [Input] = [.north, .northEast, .east, .southEast, .south, .southWest, .west, .northWest]
            switch self {
            case .count0, .count1, .count2, .count3:
                let count = (index & ~MooreTable.centre).nonzeroBitCount
                return (count >> (rawValue - Input.count0.rawValue)) & 1 == 1
            case .adjacentPair:
                return (0..<8).contains { cell(ring[$0]) && cell(ring[($0 + 1) % 8]) }
            case .oppositeEdges:
                return (cell(.north) && cell(.south)) || (cell(.west) && cell(.east))
            case .oppositeCorners:
                return (cell(.northWest) && cell(.southEast)) || (cell(.northEast) && cell(.southWest))
            case .corners0:
                return [Input.northWest, .northEast, .southWest, .southEast].filter(cell).count % 2 == 1
            default:
                return cell(self)
            }
        }

        /// The vector operations the kernel spends on the input when a program reads it.
        var cost: Int {
            switch self {
            case .adjacentPair: 15
            case .oppositeEdges, .oppositeCorners: 3
            case .corners0: 3
            default: 0
            }
        }
    }

    /// The program as the kernels read it.
    let code: [Int32]
    /// The vector operations of one evaluation.
    let cost: Int

    /// The cheapest circuit found for `table`.
    init(_ table: MooreTable) {
        let count: [Input] = [.count3, .count2, .count1, .count0]
        let edgesFirst: [Input] = [.north, .east, .south, .west, .northEast, .southEast, .southWest, .northWest]
        let ring: [Input] = [.northWest, .north, .northEast, .east, .southEast, .south, .southWest, .west]
        let cornersFirst: [Input] = [.northWest, .northEast, .southEast, .southWest, .north, .east, .south, .west]
        let rows: [Input] = [.northWest, .north, .northEast, .west, .east, .southWest, .south, .southEast]
        let features: [Input] = [.adjacentPair, .oppositeEdges, .oppositeCorners, .corners0]
        let orders: [[Input]] = [
            [.centre] + count + features + edgesFirst,
            count + [.centre] + features + edgesFirst,
            [.centre] + count + [.adjacentPair] + edgesFirst,
            [.centre] + count + [.corners0, .oppositeEdges, .oppositeCorners, .adjacentPair] + cornersFirst,
            [.centre] + count + [.oppositeEdges, .oppositeCorners] + edgesFirst,
            [.centre] + count + edgesFirst,
            [.centre] + count + ring,
            [.centre] + count + cornersFirst,
            count + [.centre] + edgesFirst,
            [.centre] + rows,
            [.centre] + ring,
            [.centre] + edgesFirst,
        ]
        var best: CircuitBuilder?
        for order in orders {
            var builder = CircuitBuilder(table: table, order: order)
            builder.build()
            if best.map({ builder.cost < $0.cost }) ?? true { best = builder }
        }
        // `orders` is not empty.
        let chosen = best ?? CircuitBuilder(table: table, order: [.centre])
        code = chosen.program()
        cost = chosen.cost
    }
}

/// A set of table indices (neighbourhoods), 512 bits.
struct TableSet: Hashable, Sendable {
    var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)

    static func == (lhs: TableSet, rhs: TableSet) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2 && lhs.words.3 == rhs.words.3
            && lhs.words.4 == rhs.words.4 && lhs.words.5 == rhs.words.5 && lhs.words.6 == rhs.words.6 && lhs.words.7 == rhs.words.7
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
        hasher.combine(words.4)
        hasher.combine(words.5)
        hasher.combine(words.6)
        hasher.combine(words.7)
    }

    init() {}

    /// The neighbourhoods the table makes live.
    init(_ table: MooreTable) {
        for index in 0..<512 where table[index] { insert(index) }
    }

    mutating func insert(_ index: Int) {
        withUnsafeMutableBytes(of: &words) { bytes in
            let offset = (index >> 6) * 8
            let word = bytes.load(fromByteOffset: offset, as: UInt64.self)
            bytes.storeBytes(of: word | 1 << UInt64(index & 63), toByteOffset: offset, as: UInt64.self)
        }
    }

    var isEmpty: Bool {
        (words.0 | words.1 | words.2 | words.3 | words.4 | words.5 | words.6 | words.7) == 0
    }

    static func & (lhs: TableSet, rhs: TableSet) -> TableSet {
        var set = TableSet()
        set.words = (
            lhs.words.0 & rhs.words.0, lhs.words.1 & rhs.words.1, lhs.words.2 & rhs.words.2, lhs.words.3 & rhs.words.3,
            lhs.words.4 & rhs.words.4, lhs.words.5 & rhs.words.5, lhs.words.6 & rhs.words.6, lhs.words.7 & rhs.words.7
        )
        return set
    }

    static prefix func ~ (set: TableSet) -> TableSet {
        var result = TableSet()
        result.words = (~set.words.0, ~set.words.1, ~set.words.2, ~set.words.3, ~set.words.4, ~set.words.5, ~set.words.6, ~set.words.7)
        return result
    }
}

/// Builds one circuit for a table with one order of the inputs: a reduced decision diagram with
/// don't-cares (the neighbourhoods outside the care set, which the branches above ruled out),
/// each node folded into the cheapest operation its children allow, equal nodes shared.
private struct CircuitBuilder {
    /// A value in the circuit: a constant or the plane of a node (inputs are nodes 0...12).
    enum Value: Hashable {
        case constant(Bool)
        case node(Int)
    }

    struct Node: Hashable {
        var operation: MooreCircuit.Operation
        var a: Int
        var b: Int
        var c: Int
    }

    struct MemoKey: Hashable {
        var live: TableSet
        var care: TableSet
        var level: Int
    }

    let live: TableSet
    let order: [MooreCircuit.Input]
    let inputSets: [TableSet]
    /// Nodes past the inputs, in the order made (children first).
    var nodes: [Node] = []
    var index: [Node: Int] = [:]
    var memo: [MemoKey: Value] = [:]
    var output = Value.constant(false)

    init(table: MooreTable, order: [MooreCircuit.Input]) {
        live = TableSet(table)
        self.order = order
        inputSets = MooreCircuit.Input.allCases.map(\.set)
    }

    mutating func build() {
        var all = TableSet()
        all = ~all
        output = diagram(live: live, care: all, level: 0)
    }

    /// The vector operations of the nodes the output needs.
    var cost: Int {
        var cost = 0
        var read = Set<Int>()
        if case .node(let top) = output, top < MooreCircuit.Input.allCases.count { read.insert(top) }
        for node in usedNodes() {
            cost += nodes[node].operation.cost
            read.formUnion(operands(nodes[node]))
        }
        for input in MooreCircuit.Input.allCases where read.contains(input.rawValue) { cost += input.cost }
        return cost
    }

    /// A value that equals `live` on `care`, branching on the inputs from `level` on.
    private mutating func diagram(live: TableSet, care: TableSet, level: Int) -> Value {
        let on = live & care
        if on.isEmpty { return .constant(false) }
        if (care & ~live).isEmpty { return .constant(true) }
        let key = MemoKey(live: on, care: care, level: level)
        if let known = memo[key] { return known }
        var result = Value.constant(false)
        var depth = level
        while depth < order.count {
            let input = order[depth]
            let set = inputSets[input.rawValue]
            let clear = care & ~set
            let setCare = care & set
            depth += 1
            if clear.isEmpty || setCare.isEmpty { continue }
            let low = diagram(live: live, care: clear, level: depth)
            let high = diagram(live: live, care: setCare, level: depth)
            result = low == high ? low : mux(input.rawValue, low, high)
            break
        }
        memo[key] = result
        return result
    }

    /// Input `select` ? `high` : `low`, folded when a side is constant.
    private mutating func mux(_ select: Int, _ low: Value, _ high: Value) -> Value {
        switch (low, high) {
        case (.constant(false), .constant(true)): return .node(select)
        case (.constant(true), .constant(false)): return make(.not, select, 0, 0)
        case (.constant(false), .node(let b)): return make(.and, select, b, 0)
        case (.node(let a), .constant(false)): return make(.andNot, a, select, 0)
        case (.constant(true), .node(let b)): return make(.orNot, b, select, 0)
        case (.node(let a), .constant(true)): return make(.or, select, a, 0)
        case (.node(let a), .node(let b)): return make(.mux, a, b, select)
        default: return low  // equal constants: not reached (the caller checks)
        }
    }

    private mutating func make(_ operation: MooreCircuit.Operation, _ a: Int, _ b: Int, _ c: Int) -> Value {
        let node = Node(operation: operation, a: a, b: b, c: c)
        if let known = index[node] { return .node(known) }
        let id = MooreCircuit.Input.allCases.count + nodes.count
        nodes.append(node)
        index[node] = id
        return .node(id)
    }

    /// The nodes (indices into `nodes`) the output depends on, in order.
    private func usedNodes() -> [Int] {
        let inputs = MooreCircuit.Input.allCases.count
        guard case .node(let top) = output, top >= inputs else { return [] }
        var used = [Bool](repeating: false, count: nodes.count)
        used[top - inputs] = true
        for position in stride(from: nodes.count - 1, through: 0, by: -1) where used[position] {
            let node = nodes[position]
            for operand in operands(node) where operand >= inputs { used[operand - inputs] = true }
        }
        return used.indices.filter { used[$0] }
    }

    private func operands(_ node: Node) -> [Int] {
        switch node.operation {
        case .not: [node.a]
        case .ones, .zeros: []
        case .mux: [node.a, node.b, node.c]
        default: [node.a, node.b]
        }
    }

    /// The program: the used nodes in order, each in a slot freed by an operand's last reader.
    func program() -> [Int32] {
        let inputs = MooreCircuit.Input.allCases.count
        var instructions: [(MooreCircuit.Operation, Int, Int, Int, Int)] = []
        var outputSlot = 0
        var slots = inputs
        switch output {
        case .constant(let value):
            instructions.append((value ? .ones : .zeros, inputs, 0, 0, 0))
            outputSlot = inputs
            slots = inputs + 1
        case .node(let top) where top < inputs:
            outputSlot = top
        case .node(let top):
            let used = usedNodes()
            var lastUse: [Int: Int] = [:]
            for (step, position) in used.enumerated() {
                for operand in operands(nodes[position]) where operand >= inputs { lastUse[operand] = step }
            }
            var slotOf: [Int: Int] = [:]
            var free: [Int] = []
            for (step, position) in used.enumerated() {
                let node = nodes[position]
                func slot(_ operand: Int) -> Int { operand < inputs ? operand : slotOf[operand] ?? 0 }
                let a = slot(node.a)
                let b = slot(node.b)
                let c = slot(node.c)
                // Operands read for the last time free their slots, which this node may take.
                for operand in Set(operands(node)) where operand >= inputs && lastUse[operand] == step {
                    if let freed = slotOf[operand] { free.append(freed) }
                }
                let target: Int
                if let reused = free.popLast() {
                    target = reused
                } else {
                    target = slots
                    slots += 1
                }
                slotOf[inputs + position] = target
                instructions.append((node.operation, target, a, b, c))
            }
            outputSlot = slotOf[top] ?? 0
        }
        // The inputs read: the output itself when it is one, and the operands of the instructions.
        var inputsRead: Int32 = outputSlot < inputs ? 1 << Int32(outputSlot) : 0
        for (operation, _, a, b, c) in instructions {
            let read: [Int]
            switch operation {
            case .not: read = [a]
            case .ones, .zeros: read = []
            case .mux: read = [a, b, c]
            default: read = [a, b]
            }
            for operand in read where operand < inputs { inputsRead |= 1 << Int32(operand) }
        }
        var code: [Int32] = [Int32(slots), Int32(instructions.count), Int32(outputSlot), inputsRead]
        for (operation, target, a, b, c) in instructions {
            code += [operation.rawValue, Int32(target), Int32(a), Int32(b), Int32(c)]
        }
        return code
    }
}

extension MooreCircuit {
    /// The circuits of the tables stepped lately, so that a rule is compiled once, not every
    /// time a grid is made for it.
    private static let cache = Mutex<[MooreTable: MooreCircuit]>([:])
    private static let cacheLimit = 32

    /// The circuit of `table`, compiled or remembered.
    static func of(_ table: MooreTable) -> MooreCircuit {
        if let known = cache.withLock({ $0[table] }) { return known }
        let circuit = MooreCircuit(table)
        cache.withLock { cache in
            if cache.count >= cacheLimit { cache.removeAll() }
            cache[table] = circuit
        }
        return circuit
    }
}
