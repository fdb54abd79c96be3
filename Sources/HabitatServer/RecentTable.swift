/// A table that keeps what was used most recently, up to `capacity`: when more is set, the least recently used
/// entries give way, a quarter of the capacity at a time (so a set costs a sort only now and then).
///
/// Each entry weighs what it holds (at least 1; a list may weigh its length), and the capacity bounds the
/// total weight: a few large entries take the room of many small ones. An entry heavier than the whole
/// capacity is not kept. For what the server remembers per chat user, account or room, where what a client
/// sends could otherwise grow it for as long as the server runs.
struct RecentTable<Key: Hashable, Value> {
    let capacity: Int
    private var entries: [Key: (value: Value, weight: Int, used: UInt64)] = [:]
    private var uses: UInt64 = 0
    /// The sum of the entries' weights.
    private(set) var weight = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var count: Int { entries.count }

    /// The value of `key`, without counting it as a use.
    subscript(key: Key) -> Value? { entries[key]?.value }

    /// The value of `key`, counted as a use now.
    mutating func use(_ key: Key) -> Value? {
        guard let index = entries.index(forKey: key) else { return nil }
        uses += 1
        entries.values[index].used = uses
        return entries.values[index].value
    }

    /// Sets the value of `key` (a use), or removes it when `value` is `nil`. Every entry weighs at least 1.
    mutating func set(_ value: Value?, for key: Key, weight: Int = 1) {
        remove(key)
        let weight = max(1, weight)
        guard let value, weight <= capacity else { return }
        uses += 1
        entries[key] = (value, weight, uses)
        self.weight += weight
        if self.weight > capacity { makeRoom(keeping: key) }
    }

    mutating func remove(_ key: Key) {
        if let old = entries.removeValue(forKey: key) { weight -= old.weight }
    }

    /// Removes the least recently used entries but `kept` until a quarter of the capacity is free.
    private mutating func makeRoom(keeping kept: Key) {
        let target = capacity - capacity / 4
        for (key, entry) in entries.sorted(by: { $0.value.used < $1.value.used }) where weight > target && key != kept {
            entries[key] = nil
            weight -= entry.weight
        }
    }
}

extension RecentTable: Sendable where Key: Sendable, Value: Sendable {}
