import OrderedCollections

/// A table that keeps what was used most recently, up to `capacity`: when more is set, entries give way a quarter of
/// the capacity at a time, the least recently used first, so a set costs a pass over the table only now and then.
///
/// Entries are kept oldest first in an `OrderedDictionary`. Using one marks it rather than moving it (a move is a
/// pass over the table); when room is made, a marked entry is passed over once and goes to the back, as if used
/// just then (the "second chance" of a clock cache). Each entry weighs what it holds (at least 1; a list may weigh
/// its length), and the capacity bounds the total weight: a few large entries take the room of many small ones. An
/// entry heavier than the whole capacity is not kept. For what the server remembers per chat user, account or room,
/// where what a client sends could otherwise grow it for as long as the server runs; for the games of users whose
/// files were closed to make room for others'.
public struct RecentTable<Key: Hashable, Value> {
    public let capacity: Int
    // `use` and the subscript are inlinable (and so the table public: this toolchain does not inline a `package`
    // function into another module), so that a table of another module's types runs them specialized there: the
    // generic lookup in an ordered dictionary cost a `did` about 4,000 instructions.
    @usableFromInline var entries: OrderedDictionary<Key, Entry> = [:]
    /// Entries removed in place (a removal from the middle of an ordered dictionary is a pass over it), dropped
    /// together once they are half the table, or when room is made.
    private var removed = 0
    /// The sum of the entries' weights.
    public private(set) var weight = 0

    @usableFromInline struct Entry {
        /// `nil` once removed.
        @usableFromInline var value: Value?
        @usableFromInline var weight: Int
        /// Used since it was set, or since room was last made.
        @usableFromInline var used: Bool

        @usableFromInline init(value: Value?, weight: Int, used: Bool) {
            self.value = value
            self.weight = weight
            self.used = used
        }
    }

    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    public var count: Int { entries.count - removed }

    /// Every key kept, with its value.
    public var kept: [(key: Key, value: Value)] { entries.compactMap { entry in entry.value.value.map { (entry.key, $0) } } }

    /// The value of `key`, without counting it as a use.
    @inlinable public subscript(key: Key) -> Value? { entries[key]?.value }

    /// The value of `key`, counted as a use now.
    @inlinable public mutating func use(_ key: Key) -> Value? {
        guard let index = entries.index(forKey: key), let value = entries.values[index].value else { return nil }
        entries.values[index].used = true
        return value
    }

    /// Sets the value of `key` (a use), or removes it when `value` is `nil`. Every entry weighs at least 1.
    public mutating func set(_ value: Value?, for key: Key, weight: Int = 1) {
        let weight = max(1, weight)
        guard let value, weight <= capacity else { return remove(key) }
        if let index = entries.index(forKey: key) {
            let old = entries.values[index]
            if old.value == nil { removed -= 1 } else { self.weight -= old.weight }
            entries.values[index] = Entry(value: value, weight: weight, used: true)
        } else {
            entries[key] = Entry(value: value, weight: weight, used: false)
        }
        self.weight += weight
        if self.weight > capacity { makeSpace(keeping: key) }
    }

    public mutating func remove(_ key: Key) {
        guard let index = entries.index(forKey: key), entries.values[index].value != nil else { return }
        weight -= entries.values[index].weight
        entries.values[index] = Entry(value: nil, weight: 0, used: false)
        removed += 1
        if removed > entries.count / 2 {
            entries.removeAll { $0.value.value == nil }
            removed = 0
        }
    }

    /// Removes the least recently used entries but `kept` until a quarter of the capacity is free: oldest first,
    /// passing over (and moving to the back) those used since the last time.
    private mutating func makeSpace(keeping kept: Key) {
        let target = capacity - capacity / 4
        // A second pass finds every entry the first passed over unused; `kept` alone may still weigh more.
        for _ in 0..<2 where weight > target {
            var staying = OrderedDictionary<Key, Entry>(minimumCapacity: entries.count)
            var passedOver: [(Key, Entry)] = []
            for (key, entry) in entries where entry.value != nil {
                if weight > target, key != kept {
                    if !entry.used {
                        weight -= entry.weight
                        continue
                    }
                    passedOver.append((key, Entry(value: entry.value, weight: entry.weight, used: false)))
                } else {
                    staying[key] = entry
                }
            }
            for (key, entry) in passedOver { staying[key] = entry }
            entries = staying
            removed = 0
        }
    }
}

extension RecentTable: Sendable where Key: Sendable, Value: Sendable {}
extension RecentTable.Entry: Sendable where Key: Sendable, Value: Sendable {}
