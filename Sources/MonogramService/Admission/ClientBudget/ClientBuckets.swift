/// The token buckets of up to `capacity` clients, least recently seen forgotten first.
///
/// A value type with no lock (`ClientBudgetTable` shares it between threads). Every charge is
/// O(1): one dictionary lookup, a few arithmetic operations and index writes on an intrusive
/// doubly linked list kept in one array (most recently seen at the head). Once the table is
/// full, a new client takes over the tail's slot, so the steady state allocates nothing.
/// Time is a caller-given monotonic clock in nanoseconds, so tests drive it by hand.
public struct ClientBuckets: Sendable {
    struct Slot: Sendable {
        var key: ClientKey
        var tokens: Double
        var updated: UInt64
        var previous: Int32
        var next: Int32
    }

    static let none: Int32 = -1

    public let budget: RenderBudget
    public let capacity: Int
    private var slots: [Slot] = []
    private var index: [ClientKey: Int32] = [:]
    private var head = ClientBuckets.none
    private var tail = ClientBuckets.none
    /// Charges refused so far.
    public private(set) var refusals = 0

    /// - Parameter capacity: clients remembered at most (`limits.clients_tracked`), at least 1.
    public init(budget: RenderBudget, capacity: Int) {
        precondition(capacity >= 1 && capacity <= Int(Int32.max), "ClientBuckets capacity out of range")
        self.budget = budget
        self.capacity = capacity
    }

    /// Clients remembered now.
    public var count: Int { slots.count }

    /// Charges `cost` tokens (capped at the burst) to `client` at time `now`, or refuses without
    /// taking any. A client not in the table (new, or forgotten) starts with a full bucket.
    public mutating func charge(_ client: ClientKey, cost: Int, now: UInt64) -> BudgetDecision {
        let (slot, tokens) = refill(client, now: now)
        let cost = capped(cost)
        guard tokens >= cost else {
            refusals += 1
            return .refused(retryAfter: retryAfter(cost: cost, tokens: tokens))
        }
        slots[slot].tokens = tokens - cost
        return .admitted
    }

    /// The first half of a charge that must agree with another table (`ClientBudgetTable`
    /// charges a client and its network, both or neither): `client`'s slot, refilled up to
    /// `now`, and the tokens it holds. Spend them with `spend`.
    mutating func refill(_ client: ClientKey, now: UInt64) -> (slot: Int, tokens: Double) {
        let slot = touch(client, now: now)
        let elapsed = now > slots[slot].updated ? Double(now - slots[slot].updated) / 1e9 : 0
        let tokens = min(Double(budget.burst), slots[slot].tokens + elapsed * budget.rate)
        slots[slot].updated = now
        slots[slot].tokens = tokens
        return (slot, tokens)
    }

    /// Takes `cost` (already `capped`) from the slot `refill` returned.
    mutating func spend(_ slot: Int, cost: Double) {
        slots[slot].tokens -= cost
    }

    mutating func countRefusal() {
        refusals += 1
    }

    /// `cost` between 1 and the burst, so every request can pass on a full bucket.
    func capped(_ cost: Int) -> Double {
        Double(min(max(cost, 1), budget.burst))
    }

    /// Whole seconds until a bucket holding `tokens` has `cost`, from 1 to a day.
    func retryAfter(cost: Double, tokens: Double) -> Int {
        let seconds = ((cost - tokens) / budget.rate).rounded(.up)
        return seconds < 1 ? 1 : seconds > 86_400 ? 86_400 : Int(seconds)
    }

    /// Tokens `client` holds as of its last charge, or nil when it is not remembered.
    public func tokens(of client: ClientKey) -> Double? {
        index[client].map { slots[Int($0)].tokens }
    }

    /// Remembered clients from most to least recently seen (for tests and debugging; O(n)).
    public var clientsByRecency: [ClientKey] {
        var keys: [ClientKey] = []
        var cursor = head
        while cursor != ClientBuckets.none {
            keys.append(slots[Int(cursor)].key)
            cursor = slots[Int(cursor)].next
        }
        return keys
    }

    /// The slot of `client`, now at the head: found, appended while there is room, or the least
    /// recently seen client's slot taken over with a full bucket.
    private mutating func touch(_ client: ClientKey, now: UInt64) -> Int {
        if let found = index[client] {
            moveToHead(found)
            return Int(found)
        }
        let fresh = Slot(key: client, tokens: Double(budget.burst), updated: now, previous: ClientBuckets.none, next: ClientBuckets.none)
        let slot: Int32
        if slots.count < capacity {
            slot = Int32(slots.count)
            slots.append(fresh)
        } else {
            slot = tail
            unlink(slot)
            index.removeValue(forKey: slots[Int(slot)].key)
            slots[Int(slot)] = fresh
        }
        index[client] = slot
        pushHead(slot)
        return Int(slot)
    }

    private mutating func moveToHead(_ slot: Int32) {
        guard slot != head else { return }
        unlink(slot)
        pushHead(slot)
    }

    private mutating func unlink(_ slot: Int32) {
        let previous = slots[Int(slot)].previous
        let next = slots[Int(slot)].next
        if previous != ClientBuckets.none { slots[Int(previous)].next = next } else { head = next }
        if next != ClientBuckets.none { slots[Int(next)].previous = previous } else { tail = previous }
        slots[Int(slot)].previous = ClientBuckets.none
        slots[Int(slot)].next = ClientBuckets.none
    }

    private mutating func pushHead(_ slot: Int32) {
        slots[Int(slot)].previous = ClientBuckets.none
        slots[Int(slot)].next = head
        if head != ClientBuckets.none { slots[Int(head)].previous = slot }
        head = slot
        if tail == ClientBuckets.none { tail = slot }
    }
}
