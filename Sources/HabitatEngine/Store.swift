import Foundation

/// Something the store sells.
public struct StoreItem: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case potion, reward
    }

    public var name: String
    public var price: Int
    public var kind: Kind

    public init(name: String, price: Int, kind: Kind) {
        self.name = name
        self.price = price
        self.kind = kind
    }
}

/// The store: the built-in catalog plus the player's own rewards.
public enum Store {
    /// Restores 30% of max health, as in Habitica.
    public static let healthPotion = StoreItem(name: "Health Potion", price: 25, kind: .potion)
    public static let potionHealing = 300

    public static func catalog(rewards: [Reward]) -> [StoreItem] {
        [healthPotion] + rewards.map { StoreItem(name: $0.name, price: $0.price, kind: .reward) }
    }
}

extension GameState {
    mutating func buy(_ query: String, quantity: Int, at now: Date) throws -> Outcome {
        let item = try storeItem(named: query)
        guard (1...100).contains(quantity) else {
            throw HabitatError(.invalidArgument, "You can buy 1 to 100 at once.")
        }
        let before = snapshot()
        var count = quantity
        var toast: Toast
        switch item.kind {
        case .potion:
            guard profile.state == .active else {
                throw HabitatError(.gameOver, "Potions can't revive you. \(wayBack)")
            }
            let missing = profile.maxHealth - profile.health
            guard missing > 0 else {
                throw HabitatError(.healthFull, "Your health is already full (\(profile.health)/\(profile.maxHealth)).")
            }
            // Never sell a potion that would heal nothing.
            count = min(quantity, (missing + Store.potionHealing - 1) / Store.potionHealing)
            try charge(item.price * count, for: count == 1 ? item.name : "\(count) × \(item.name)")
            let healed = min(missing, Store.potionHealing * count)
            profile.health += healed
            let what = count == 1 ? item.name : "\(count) \(item.name)s"
            var message = "\(what)! +\(healed) health, \(Self.coins(-item.price * count, signed: true))"
            if count < quantity { message += " (only \(count) needed to fill your health)" }
            toast = Toast(.potion, message)
        case .reward:
            try charge(item.price * count, for: count == 1 ? item.name : "\(count) × \(item.name)")
            let what = count == 1 ? item.name : "\(item.name) ×\(count)"
            toast = Toast(.reward, "\(what) redeemed! \(Self.coins(-item.price * count, signed: true))")
        }
        let entry = LedgerEntry(
            at: now, day: settings.day(of: now), kind: .purchase, subject: item.name, quantity: Quantity(count),
            coins: -item.price * count, health: profile.health - before.profile.health, before: before)
        return Outcome(toasts: [toast], entry: entry)
    }

    public func storeItem(named query: String) throws -> StoreItem {
        let catalog = Store.catalog(rewards: rewards)
        switch NameMatch.resolve(query, among: catalog, name: \.name) {
        case .found(let item):
            return item
        case .ambiguous(let hits):
            throw HabitatError(
                .ambiguous, "'\(query)' could be \(Self.either(hits.map(\.name))). Type more of the name.",
                symbol: .question)
        case .none(let suggestion):
            let hint = suggestion.map { "Did you mean '\($0.name)'?" } ?? "Type 'store' to see what's for sale."
            throw HabitatError(.unknownItem, "The store has no '\(query)'. \(hint)", symbol: .question)
        }
    }

    /// The reward `query` names, found as `buy` finds it (any case, a unique prefix, a suggestion when nothing
    /// matches). The Health Potion is built into the store, not one of the player's rewards: it can't be deleted.
    public func reward(named query: String) throws -> Reward {
        let item = try storeItem(named: query)
        guard item.kind == .reward, let reward = rewards.first(where: { $0.name == item.name }) else {
            throw HabitatError(
                .invalidArgument, "\(item.name) is built into the store, so it stays. Only rewards you added can be deleted.")
        }
        return reward
    }

    /// Deletes a reward. Past purchases stay in the ledger (and `history`), under the name it had; undoing one
    /// gives its coins back as before.
    mutating func deleteReward(_ query: String) throws -> Outcome {
        let reward = try self.reward(named: query)
        // By name, unique in the store: a reward added in this same game may have no id yet.
        rewards.removeAll { $0.name == reward.name }
        return Outcome(toasts: [Toast(.success, "Deleted reward \(reward.name). Past purchases stay in your history.")])
    }

    /// What `delete reward` asks before it deletes `reward`.
    public func deleteRewardQuestion(_ reward: Reward) -> String {
        "Delete reward \(reward.name) (\(Self.coins(reward.price))) for good? Past purchases stay in your history. "
            + "Type 'yes' to confirm; anything else cancels."
    }

    private mutating func charge(_ price: Int, for what: String) throws {
        guard profile.coins >= price else {
            throw HabitatError(
                .notEnoughCoins, "\(what) costs \(Self.coins(price)); you have \(profile.coins). Keep going!")
        }
        profile.coins -= price
    }
}
