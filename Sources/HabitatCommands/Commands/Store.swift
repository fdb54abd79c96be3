import HabitatEngine

extension CommandTable {
    /// Adding a reward to the store.
    static let rewards: [CommandSpec] = [
        CommandSpec(
            "add reward", usage: "add reward <name> <price> coins", summary: "put your own reward in the store",
            examples: ["add reward Movie night 100 coins"],
            triggers: [["add", "reward"], ["new", "reward"], ["add", "a", "reward"], ["add", "a", "new", "reward"], ["create", "reward"], ["create", "a", "reward"]],
            parse: RewardParser.parse
        ),
    ]

    /// The store: what there is, buying, and taking a reward out.
    static let store: [CommandSpec] = [
        CommandSpec("store", summary: "what you can buy", triggers: CommandSpec.asked("store") + CommandSpec.asked("shop"), command: .store),
        CommandSpec(
            "buy", usage: "buy [N] <item>", summary: "buy a potion or one of your rewards",
            examples: ["buy potion", "buy 2 potions", "buy movie night"], triggers: [["buy"], ["purchase"], ["redeem"]],
            parse: PurchaseParser.parse
        ),
        CommandSpec(
            "delete reward", usage: "delete reward <name>", summary: "take one of your rewards out of the store (asks for 'yes' first)",
            examples: ["delete reward movie night"], triggers: [["delete", "reward"], ["remove", "reward"]]
        ) { rest in
            guard !rest.isEmpty else { throw HabitatError.usage("delete reward <name>", "Which reward?") }
            return .deleteReward(rest.phrase)
        },
    ]
}
