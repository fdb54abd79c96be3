import Foundation
import HabitatCommands
import HabitatEngine
import Testing

@testable import HabitatApp

@Suite("One coin, no life")
struct CoinWordingViewTests {
    static let penny = Habit(id: 5, name: "Penny", kind: .good, xp: 10, coins: 1, life: 0, created: Sample.today - 1)

    @Test func statusWithOneCoin() {
        #expect(Views.status(Sample.state(coins: 1)).toasts[0].message == "Level 3 · 40/200 XP · 870/1000 health · 1 coin")
    }

    @Test func aHabitEarningOneCoin() {
        let reply = Views.habits(Sample.state(habits: [Self.penny]), today: Sample.today, days: [:])
        #expect(reply.toasts[0].details == ["+ Penny: +10 XP, +1 coin · streak 0 (best 0) · strength 0%"])
    }

    @Test func aRewardOfOneCoin() {
        let reply = Views.store(Sample.state(rewards: [Reward(id: 2, name: "Sticker", price: 1)]))
        #expect(reply.toasts[0].details == ["Health Potion: 25 coins (+300 health)", "Sticker: 1 coin"])
    }

    @Test func historyWithOneCoinAndASlipThatCostNoLife() {
        let entries = [
            LedgerEntry(at: Sample.now, day: Sample.today, kind: .completion, habitID: 5, subject: "Penny", xp: 10, coins: 1),
            LedgerEntry(at: Sample.now, day: Sample.today, kind: .slip, habitID: 9, subject: "Zero"),
            LedgerEntry(at: Sample.now, day: Sample.today, kind: .purchase, subject: "Sticker", coins: -1),
        ]
        let reply = Views.history(entries, habit: nil, in: Sample.state(habits: [Self.penny]))
        #expect(reply.toasts[0].details == [
            "2026-11-20  + Penny (+10 XP, +1 coin)", "2026-11-20  - Zero (no life lost)", "2026-11-20  $ Sticker (-1 coin)",
        ])
    }
}
