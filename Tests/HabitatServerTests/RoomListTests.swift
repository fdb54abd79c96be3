import Foundation
import HabitatStorage
import TestSupport
import Testing

/// A household's shared list over the wire: many members getting it at once, and a crash between a getting and the
/// room's hearing of it.
@Suite("Rooms: the shared list", .serialized)
struct RoomListTests {
    /// The reply to `line` in JSON mode, the events that came before it (other members' news) set aside.
    func answer(_ client: LineClient, _ line: String) async throws -> JSONReply {
        try await client.send(line)
        while true {
            guard let next = try await client.readLine() else { throw TestFailure("'\(line)' got no reply: the connection closed") }
            if !next.hasPrefix(#"{"event""#) { return try JSONReply(next) }
        }
    }

    static let items = ["Apples", "Bread", "Cheese", "Dates", "Eggs", "Flour", "Grapes", "Honey", "Jam", "Kale", "Lemons", "Milk"]

    /// Three members get every item of the list at the same moments, each in their own order, by `did` and by `room got`:
    /// each item is credited once, to the first, and each of the other two is told who got it.
    @Test func threeMembersGettingTheListAtOnceAreCreditedOncePerItem() async throws {
        try await TestServer.with { server in
            let ann = try await server.user("ann")
            let code = try #require(try await ann.json("{\"text\": \"room create Smiths\"}").data?["invite"] as? String)
            let invite = try #require(try await ann.json("{\"text\": \"room invite\"}").data?["invite"] as? String)
            let ben = try await server.user("ben")
            let cal = try await server.user("cal")
            for member in [ann, ben, cal] { _ = try await member.reply(to: "mode json") }
            #expect(try await answer(ben, "room join smiths \(code)").ok == true)
            #expect(try await answer(cal, "room join smiths \(invite)").ok == true)
            for item in Self.items { #expect(try await answer(ann, "room add todo \(item)").ok == true) }

            let orders = [Self.items, Self.items.reversed(), Array(Self.items[6...] + Self.items[..<6])]
            let replies = try await withThrowingTaskGroup(of: [(item: String, reply: JSONReply)].self) { group in
                for (member, order) in zip([ann, ben, cal], orders) {
                    group.addTask {
                        var replies: [(String, JSONReply)] = []
                        for (n, item) in order.enumerated() {
                            replies.append((item, try await answer(member, n.isMultiple(of: 2) ? "did \(item.lowercased())" : "room got \(item.lowercased())")))
                        }
                        return replies
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            // The room's log: one line per item, saying who got it.
            let log = try #require(try await answer(cal, "room log").data?["entries"] as? [[String: Any]])
            #expect(log.count == 12)
            let gotBy = Dictionary(log.map { ($0["habit"] as? String ?? "", $0["member"] as? String ?? "nobody") }) { first, _ in first }
            #expect(Set(gotBy.keys) == Set(Self.items))
            #expect(gotBy.values.allSatisfy { ["ann", "ben", "cal"].contains($0) })
            // Once each: 12 credited, 24 told who got it first, by name.
            #expect(replies.filter { $0.reply.ok == true }.count == 12)
            let refused = replies.filter { $0.reply.ok == false }
            #expect(refused.count == 24)
            for (item, reply) in refused {
                #expect(reply.code == "already_done", "\(item): \(reply.line)")
                #expect(reply.text == "❌ \(gotBy[item] ?? "?") already got \(item).", "\(item): \(reply.line)")
            }
            var xp = 0
            for member in [ann, ben, cal] { xp += try #require(try await answer(member, "status").int("xp")) }
            #expect(xp == 120)
            let list = try #require(try await answer(ann, "room list").data?["todos"] as? [[String: Any]])
            #expect(list.allSatisfy { $0["done_by"] is String })
            #expect(try await DirectoryDatabase(directory: server.dataDirectory, durability: .normal).unfinishedIntents().isEmpty)
        }
    }
}

/// Getting an item of the list touches the member's file and the room's log, as a shared completion does; the server is
/// made to die (SIGKILL, from inside) between the two. After a restart the item is credited once or not at all, and the
/// room hears of a getting that committed at its next login.
@Suite("Rooms: a crash while an item of the list is got", .serialized)
struct RoomListCrashTests {
    /// alice owns Smiths, with Milk on its list; bob is a member.
    func household(in data: URL) async throws {
        let server = try await ServerProcess(data: data)
        let alice = try await LineClient.registered("alice", port: server.port)
        let code = try #require(try await alice.json("{\"text\": \"room create Smiths\"}").data?["invite"] as? String)
        let bob = try await LineClient.registered("bob", port: server.port)
        try await bob.expectReply(to: "room join smiths \(code)", startsWith: "🏠 Welcome to Smiths!")
        _ = try await alice.readReply()
        try await alice.expectReply(to: "room add todo Milk", startsWith: "🏠 Added Milk")
        #expect(await server.terminate() == 0)
    }

    /// bob says `got milk` to a server that dies during it; alice is away.
    func crash(at point: String, in data: URL) async throws {
        let server = try await ServerProcess(data: data, crashingAt: point)
        let bob = try await LineClient.connect(port: server.port)
        try await bob.expectReply(to: "login bob correct-horse", startsWith: "✅")
        try await bob.send("got milk")
        #expect(try await bob.readLine() == nil)
        #expect(await server.waitForExit() != 0)
    }

    /// After a normal start: what alice hears as she logs in (her login's reply, then anything kept for her), bob's XP,
    /// and what bob is told when he gets Milk again.
    func afterRestart(_ data: URL) async throws -> (alice: [String], xp: Int, again: [String]) {
        let server = try await ServerProcess(data: data)
        do {
            let alice = try await LineClient.connect(port: server.port)
            var heard = try await alice.reply(to: "login alice correct-horse")
            // Whatever waited for her comes before the reply to her next line.
            try await alice.send("help undo")
            while let reply = try? await alice.readReply(), reply.first?.hasPrefix("ℹ️ undo") != true { heard += reply }
            let bob = try await LineClient.connect(port: server.port)
            try await bob.expectReply(to: "login bob correct-horse", startsWith: "✅")
            let xp = try #require(try await bob.json("{\"text\": \"status\"}").int("xp"))
            let again = try await bob.reply(to: "room got milk")
            _ = await server.terminate()
            return (heard.filter { !$0.hasPrefix("✅ Welcome back") }, xp, again)
        } catch {
            _ = await server.terminate()
            throw error
        }
    }

    @Test func aCrashAfterTheMembersCommitCreditsOnceAndTheRoomHearsAtItsNextLogin() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        try await household(in: data)
        try await crash(at: "after-member-commit", in: data)
        let directory = try DirectoryDatabase(directory: data, durability: .normal)
        #expect(try await directory.unfinishedIntents().map { $0.todoID != nil } == [true])
        let first = try await afterRestart(data)
        #expect(first.alice == ["ℹ️ While you were away (1):", "🏠 bob got Milk"])
        #expect(first.xp == 10)
        #expect(first.again == ["❌ You already got Milk."])
        #expect(try await directory.unfinishedIntents().isEmpty)
        // Restarting again changes nothing: nothing credited or told twice.
        let second = try await afterRestart(data)
        #expect(second.alice.isEmpty)
        #expect(second.xp == 10)
        #expect(second.again == ["❌ You already got Milk."])
    }

    @Test func aCrashBeforeTheMembersCommitLeavesTheItemOpenAndTheRoomUntold() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        try await household(in: data)
        try await crash(at: "before-member-commit", in: data)
        let after = try await afterRestart(data)
        // bob was never told he got it, and neither side has it: the item is open, and his next getting is credited.
        #expect(after.alice.isEmpty)
        #expect(after.xp == 0)
        #expect(after.again == ["✅ Milk completed! +10 XP, +5 coins (Smiths)"])
    }
}
