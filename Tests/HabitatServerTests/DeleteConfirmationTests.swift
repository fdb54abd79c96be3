import TestSupport
import Testing

/// A `yes` deletes what its question named, or nothing: never another item a shorter name would find.
@Suite struct DeleteConfirmationTests {
    @Test func aHabitRenamedOnAnotherConnectionBeforeTheYesIsNotDeletedNorIsItsNamesake() async throws {
        try await TestServer.with { server in
            let phone = try await server.user("rene")
            try await phone.expectReply(to: "add habit Exercise", startsWith: "✅ Added habit Exercise")
            try await phone.expectReply(to: "add habit Exercise bike", startsWith: "✅ Added habit Exercise bike")
            try await phone.expectReply(to: "delete habit exercise", startsWith: "❔ Delete Exercise for good?")

            let laptop = try await server.connect()
            try await laptop.expectReply(to: "login rene correct-horse", startsWith: "✅ Welcome back, rene!")
            try await laptop.expectReply(to: "rename exercise to Workout", startsWith: "✅")

            #expect(
                try await phone.reply(to: "yes")
                    == ["❓ There's no Exercise any more (it was renamed or deleted meanwhile), so nothing was deleted."])
            try await phone.send("mode json")
            _ = try await phone.readReply()
            let habits = try await phone.json("habits")
            let names = (habits.data?["habits"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
            #expect(names.map(Set.init) == ["Exercise bike", "Workout"])
        }
    }

    @Test func aHabitDeletedOnAnotherConnectionBeforeTheYesLeavesItsNamesakeAlone() async throws {
        try await TestServer.with { server in
            let phone = try await server.user("rene")
            try await phone.send("mode json")
            _ = try await phone.readReply()
            _ = try await phone.json("add habit Read")
            _ = try await phone.json("add habit Reading list")
            #expect(try await phone.json("delete habit read").text?.hasPrefix("❔ Delete Read for good?") == true)

            let laptop = try await server.connect()
            try await laptop.expectReply(to: "login rene correct-horse", startsWith: "✅ Welcome back, rene!")
            try await laptop.expectReply(to: "delete habit read", startsWith: "❔ Delete Read for good?")
            try await laptop.expectReply(to: "yes", startsWith: "✅")

            let refused = try await phone.json("yes")
            #expect(refused.ok == false)
            #expect(refused.code == "unknown_habit")
            let habits = try await phone.json("habits")
            let names = (habits.data?["habits"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
            #expect(names == ["Reading list"])
        }
    }

    @Test func anAreaOrARewardGoneBeforeTheYesIsRefusedWithItsOwnCode() async throws {
        try await TestServer.with { server in
            let phone = try await server.user("rene")
            try await phone.send("mode json")
            _ = try await phone.readReply()
            _ = try await phone.json("add area Fit")
            _ = try await phone.json("add area Fitness")
            _ = try await phone.json("add reward Tea 5 coins")
            _ = try await phone.json("add reward Tea party 50 coins")
            let laptop = try await server.connect()
            try await laptop.expectReply(to: "login rene correct-horse", startsWith: "✅ Welcome back, rene!")

            #expect(try await phone.json("delete area fit").text?.hasPrefix("❔ Delete area Fit for good?") == true)
            try await laptop.expectReply(to: "rename area fit to Health", startsWith: "✅")
            let area = try await phone.json("yes")
            #expect(area.code == "not_found")
            #expect(area.text == "❓ There's no area Fit any more (it was renamed or deleted meanwhile), so nothing was deleted.")

            #expect(try await phone.json("delete reward tea").text?.hasPrefix("❔ Delete reward Tea (5 coins) for good?") == true)
            try await laptop.expectReply(to: "delete reward tea", startsWith: "❔")
            try await laptop.expectReply(to: "yes", startsWith: "✅")
            let reward = try await phone.json("yes")
            #expect(reward.code == "unknown_item")
            #expect(reward.text == "❓ There's no reward Tea any more (it was renamed or deleted meanwhile), so nothing was deleted.")

            let state = try await phone.json("areas")
            let areas = (state.data?["areas"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
            #expect(areas.map(Set.init) == ["Fitness", "Health"])
            let store = try await phone.json("store")
            let items = (store.data?["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
            #expect(items?.contains("Tea party") == true)
            #expect(items?.contains("Tea") == false)
        }
    }
}
