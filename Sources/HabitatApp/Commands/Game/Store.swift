import Foundation
import HabitatCommands
import HabitatEngine

/// `store`: what there is to buy.
struct ShowStore: PersonalView {
    static let spec = Spec(
        "store", summary: "what you can buy", triggers: Spec.asked("store") + Spec.asked("shop") + Spec.asked("rewards"),
        command: ShowStore())

    var touches: Touches { .view }

    func view(of state: GameState, now: Date) -> Reply { Views.store(state) }
}

/// `buy potion`, `buy 2 potions`, `buy movie night`.
struct Buy: HabitatCommand {
    static let spec = Spec(
        "buy", usage: "buy [N] <item>", summary: "buy a potion or one of your rewards",
        examples: ["buy potion", "buy 2 potions", "buy movie night"], triggers: [["buy"], ["purchase"], ["redeem"]]
    ) { rest in
        let (item, quantity) = try PurchaseParser.parse(rest)
        return Buy(item: item, quantity: quantity)
    }

    let item: String
    let quantity: Int

    var touches: Touches { .change(.buy(item: item, quantity: quantity)) }
}

/// `add reward Movie night 100 coins`: the player's own reward in the store.
struct AddReward: HabitatCommand {
    static let spec = Spec(
        "add reward", usage: "add reward <name> <price> coins", summary: "put your own reward in the store",
        examples: ["add reward Movie night 100 coins"],
        triggers: [["add", "reward"], ["new", "reward"], ["add", "a", "reward"], ["add", "a", "new", "reward"], ["create", "reward"], ["create", "a", "reward"]]
    ) { rest in
        let (name, price) = try RewardParser.parse(rest)
        return AddReward(name: name, price: price)
    }

    let name: String
    let price: Int

    var touches: Touches { .change(.addReward(name: name, price: price)) }
}

/// `delete reward Movie night`: asks first, as `delete habit` does.
struct DeleteReward: HabitatCommand {
    static let spec = Spec(
        "delete reward", usage: "delete reward <name>", summary: "take one of your rewards out of the store (asks for 'yes' first)",
        examples: ["delete reward movie night"], triggers: [["delete", "reward"], ["remove", "reward"]]
    ) { rest in
        guard !rest.isEmpty else { throw HabitatError.usage("delete reward <name>", "Which reward?") }
        return DeleteReward(rest.phrase)
    }

    let name: String

    init(_ name: String) {
        self.name = name
    }

    /// It asks first.
    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        guard let confirmed = context.confirmed else {
            let state = try await context.state()
            let reward = try state.reward(named: name)
            context.session.pendingDelete = .reward(reward.name)
            return Reply(.ask, state.deleteRewardQuestion(reward))
        }
        return try await context.applyConfirmed(.deleteReward(name), confirmed)
    }
}
