import Foundation
import TestSupport
import Testing

/// Accounts over their whole life: `delete my account` and `habitat admin` (users, reset-password, lock, unlock,
/// delete) against a real server, over its socket in the data directory.
@Suite("Accounts over their whole life")
struct AccountLifeTests {
    /// A name no other text of a data directory holds, to look for after it is deleted.
    static let name = "quetzal7"

    /// `habitat admin <arguments> --data <data>`.
    static func admin(_ arguments: [String], data: URL) async throws -> (status: Int32, output: String) {
        try await habitat(["admin"] + arguments + ["--data", data.path])
    }

    @Test func aDeletedAccountLeavesNoTraceInTheDataDirectoryAndItsRoomPassesOn() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try await ServerProcess(data: data)
        let quetzal = try await LineClient.registered(Self.name, port: server.port)
        _ = try await quetzal.reply(to: "add habit water")
        _ = try await quetzal.reply(to: "did water")
        _ = try await quetzal.reply(to: "remind me to water at 9pm")
        _ = try await quetzal.reply(to: "start timer water 30 min")
        let created = try await quetzal.reply(to: "room create Smiths")
        let code = try #require(created.first?.firstMatch(of: /room join smiths ([A-Z0-9-]+)/)?.1)
        _ = try await quetzal.reply(to: "room add habit dishes")
        let bob = try await LineClient.registered("bob", port: server.port)
        try await bob.expectReply(to: "room join smiths \(code)", startsWith: "🏠 Welcome to Smiths!")
        #expect(try await quetzal.readReply() == ["🏠 bob joined Smiths"])
        await bob.close()
        // News for bob, who is away, names them.
        try await quetzal.expectReply(to: "room did dishes", startsWith: "✅ dishes completed!")
        let elsewhere = try await LineClient.connect(port: server.port)
        try await elsewhere.expectReply(to: "login \(Self.name) correct-horse", startsWith: "✅ Welcome back")

        let asked = try await quetzal.reply(to: "delete my account")
        #expect(asked == [
            "❔ This deletes your account \(Self.name): every habit, all your history, your reminders and timers, for good; you leave your room, and a room you own passes to its longest-standing member. Want a copy first? 'habitat export --user \(Self.name)' on the server's machine writes it all out, and whoever runs the server can do it for you. To go on, type 'delete my account <your password>'."
        ])
        #expect(try await quetzal.reply(to: "delete my account wrong-horse") == ["❌ That's not your password; nothing changed."])
        #expect(try await quetzal.reply(to: "delete my account correct-horse") == [
            "✅ Your account \(Self.name) is deleted, with everything in it; in your rooms' history you're now 'a former member'. Goodbye, and thank you for playing."
        ])
        #expect(try await quetzal.reply(to: "status").first?.hasPrefix("❌ Log in first") == true)
        #expect(try await elsewhere.reply(to: "status") == ["❌ Your account was deleted, so you're logged out. 'register' makes a new one."])
        #expect(try await elsewhere.reply(to: "login \(Self.name) correct-horse") == ["❌ That name and password don't match."])

        let back = try await LineClient.connect(port: server.port)
        try await back.expectReply(to: "login bob correct-horse", startsWith: "✅ Welcome back, bob!")
        // What they did goes from what bob was to hear; that the room is his now does not.
        #expect(try await back.readReply() == ["ℹ️ While you were away (1):", "🏠 A former member left Smiths; you're its owner now."])
        let log = try await back.reply(to: "room log")
        #expect(log.contains { $0.hasSuffix("a former member did dishes (+10 XP)") })
        #expect(try await back.reply(to: "rooms").contains("  Smiths: 1 member · you own it · current"))
        #expect(try await Self.admin(["users"], data: data).output.split(separator: "\n").count == 2)
        #expect(await server.terminate() == 0)

        // Not a byte of the name in any file of the data directory.
        let files = FileManager.default.enumerator(at: data, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        #expect(files.count >= 2)
        for file in files where !file.hasDirectoryPath {
            let bytes = (try? Data(contentsOf: file)) ?? Data()
            #expect(bytes.range(of: Data(Self.name.utf8)) == nil, "\(file.lastPathComponent)")
        }
    }

    @Test func anAdministratorListsLocksResetsAndDeletesAccountsOfARunningServer() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try await ServerProcess(data: data)
        let alice = try await LineClient.registered("alice", port: server.port)
        let day = String(ISO8601DateFormatter().string(from: Date()).prefix(10))
        let users = try await Self.admin(["users"], data: data)
        #expect(users.status == 0)
        #expect(users.output == "name\tcreated\tlogs in\nalice\t\(day)\tpassword\n")

        let locked = try await Self.admin(["lock", "alice"], data: data)
        #expect(locked.output == "alice is locked: they can't log in, here or from a chat, and their connections were logged out. 'habitat admin unlock alice' undoes it.\n")
        #expect(try await alice.reply(to: "status") == ["❌ Your account was locked by whoever runs this server, so you're logged out."])
        #expect(try await alice.reply(to: "login alice correct-horse") == ["❌ This account is locked. Ask whoever runs this server."])
        #expect(try await alice.reply(to: "login alice wrong-horse") == ["❌ That name and password don't match."])
        #expect(try await Self.admin(["users"], data: data).output.hasSuffix("alice\t\(day)\tlocked\n"))
        #expect(try await Self.admin(["unlock", "alice"], data: data).output == "alice is unlocked: their password works again.\n")
        try await alice.expectReply(to: "login alice correct-horse", startsWith: "✅ Welcome back, alice!")

        let reset = try await Self.admin(["reset-password", "alice"], data: data)
        let code = try #require(reset.output.firstMatch(of: /one-time code ([2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4})\./)?.1)
        #expect(try await alice.reply(to: "status") == ["❌ Your password was reset by whoever runs this server, so you're logged out. Log in with the code they give you."])
        #expect(try await alice.reply(to: "login alice correct-horse") == ["❌ That name and password don't match."])
        try await alice.expectReply(to: "login alice \(code)", startsWith: "✅ Welcome back, alice!")
        #expect(try await alice.reply(to: "passwd \(code) battery-staple") == ["✅ Password changed. Your other connections are logged out."])

        let nobody = try await Self.admin(["lock", "zed"], data: data)
        #expect(nobody.status == 1)
        #expect(nobody.output == "Error: There is no account called zed. 'habitat admin users' lists them.\n")
        #expect(try await Self.admin(["delete", "alice"], data: data).output == "Deleted alice and everything of theirs.\n")
        #expect(try await alice.reply(to: "status") == ["❌ Your account was deleted, so you're logged out. 'register' makes a new one."])
        #expect(try await Self.admin(["users"], data: data).output == "name\tcreated\tlogs in\n")
        #expect(await server.terminate() == 0)
        let notRunning = try await Self.admin(["users"], data: data)
        #expect(notRunning.status == 1)
        #expect(notRunning.output == "Error: habitat admin asks the server running on \(data.path), and none runs there now. Start it, then ask again.\n")
    }

    @Test func aServerTakingAccountsByInvitationWantsACodeThatWorksOnce() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try await ServerProcess(data: data, extraArguments: ["--registration", "invite"])
        let client = try await LineClient.connect(port: server.port)
        #expect(try await client.reply(to: "register alice correct-horse") == [
            "❌ This server takes new accounts by invitation: 'register <name> <password> <invite code>'. Ask whoever runs it for a code."
        ])
        let made = try await Self.admin(["invite"], data: data)
        let code = try #require(made.output.firstMatch(of: /Invite code ([2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}):/)?.1)
        #expect(made.output == "Invite code \(code): they type 'register <name> <password> \(code)'. It works once, for 7 days.\n")
        // A name that can't be had leaves the code as it was.
        #expect(try await client.reply(to: "register a correct-horse \(code)").first?.hasPrefix("❌") == true)
        try await client.expectReply(to: "register alice correct-horse \(code.lowercased())", startsWith: "✅ Welcome to Habitat, alice!")
        let second = try await LineClient.connect(port: server.port)
        #expect(try await second.reply(to: "register bob correct-horse \(code)") == [
            "❌ That invite code didn't work: each works once, for 7 days. Ask whoever runs this server for another."
        ])
        #expect(await server.terminate() == 0)

        let closed = try await ServerProcess(data: data, extraArguments: ["--registration", "closed"])
        let third = try await LineClient.connect(port: closed.port)
        #expect(try await third.reply(to: "register bob correct-horse") == ["❌ This server takes no new accounts. Ask whoever runs it."])
        try await third.expectReply(to: "login alice correct-horse", startsWith: "✅ Welcome back, alice!")
        #expect(await closed.terminate() == 0)
    }

    @Test(.enabled(if: getuid() == 0, "needs to run a command as another user"))
    func anotherUnixUserCantReachTheAdminSocket() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        // The program where another user may run it: only the data directory keeps them out.
        let programs = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: programs) }
        try FileManager.default.createDirectory(at: programs, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: programs.path)
        let program = programs.appendingPathComponent("habitat")
        try FileManager.default.copyItem(at: ServerProcess.executable, to: program)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        let server = try await ServerProcess(data: data)
        _ = try await LineClient.registered("alice", port: server.port)
        let asOther = try await runToEnd(
            URL(fileURLWithPath: "/usr/bin/setpriv"),
            ["--reuid=65534", "--regid=65534", "--clear-groups", program.path, "admin", "delete", "alice", "--data", data.path],
            errorsInOutput: true)
        #expect(asOther.status == 1)
        #expect(asOther.output.hasPrefix("Error: "))
        // The owner still sees alice.
        #expect(try await Self.admin(["users"], data: data).output.contains("alice\t"))
        #expect(await server.terminate() == 0)
    }
}
