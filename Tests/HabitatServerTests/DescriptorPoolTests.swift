import Foundation
import HabitatApp
import HabitatStorage
import TestSupport
import Testing

/// A server whose descriptor limit leaves less room than its users' open files would take, two descriptors each:
/// the files share what there is, each giving its descriptors up between commands when another needs them, and
/// nothing answered is lost, even when the server is killed outright.
@Suite("Users' files sharing the descriptors")
struct DescriptorPoolTests {
    @Test func moreUsersAtWorkThanDescriptorsForTheirFilesLoseNothing() async throws {
        let root = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let data = root.appendingPathComponent("data")
        // 172 descriptors: 128 kept back, 28 connections, and 16 for users' files and their logs. A recorded action
        // writes only to its file's log, so 16 logs would fit: 24 users' do not.
        let server = try await ServerProcess(
            data: data, extraArguments: ["--max-connections", "28", "--metrics", "127.0.0.1:0"], fileLimit: 172)
        let metricsPort = try #require(server.metricsPort)
        let users = 24
        var clients: [LineClient] = []
        for _ in 0..<users { clients.append(try await LineClient.connect(port: server.port)) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, client) in clients.enumerated() {
                group.addTask {
                    try await client.expectReply(to: "register user\(index) pass-word-1", startsWith: "✅")
                    try await client.expectReply(to: "add habit Dishes", startsWith: "✅")
                }
            }
            try await group.waitForAll()
        }
        // Each in turn, three times round: every file's descriptors went to others since its user's last command.
        for _ in 1...3 {
            for client in clients { try await client.expectReply(to: "did dishes", startsWith: "✅ Dishes completed!") }
        }
        // Then all at once, twice more each: files' descriptors change hands between the storage threads' calls.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in clients {
                group.addTask {
                    for _ in 1...2 { try await client.expectReply(to: "did dishes", startsWith: "✅ Dishes completed!") }
                }
            }
            try await group.waitForAll()
        }
        let samples = try await HTTPScrape.get("/metrics", port: metricsPort).samples
        #expect(try #require(samples["habitat_user_file_descriptors"]) <= 16)
        // In each round one after another, at most 16 of the 24 logs were open when it began: the other 8, at least,
        // took a descriptor again at their user's turn.
        let reopens = try #require(samples["habitat_user_file_reopens_total"])
        #expect(reopens >= Double(3 * (users - 16)), "\(reopens) reopenings, \(samples["habitat_user_file_descriptors"] ?? -1) descriptors")
        #expect(try #require(samples["habitat_open_user_files"]) == Double(users))

        // Killed outright: every `did` answered was committed, whoever held its file's descriptors.
        await server.kill()
        for client in clients { await client.close() }
        #expect(try await habitat(["check", "--data", data.path]) == (0, "All 25 files are sound: the directory database and 24 users' files.\n"))
        for user in ["user0", "user11", "user23"] {
            let csv = try await habitat(["export", "--user", user, "--format", "csv", "--data", data.path])
            #expect(csv.status == 0)
            #expect(csv.output.components(separatedBy: "\r\n").filter { $0.contains(",completion,Dishes,") }.count == 5, "\(user): \(csv.output)")
        }
    }

    /// A data tool reading the files itself (as it does when the server's socket does not answer) is refused while a
    /// server holds them, and works once it has stopped.
    @Test func aToolThatCannotAskTheServerHoldingTheFilesIsRefusedUntilItStops() async throws {
        let root = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let data = root.appendingPathComponent("data")
        try await TestServer.with(dataDirectory: data) { server in
            let ann = try await server.user("ann")
            try await ann.expectReply(to: "add habit Dishes", startsWith: "✅")
            let refused = await DataTools.run(.check, data: data, dataText: "the data")
            #expect(refused.failure == """
                A Habitat server is using the data, and it can't be asked to do this (its control.sock does not answer). \
                Stop the server, then run this again.
                """)
        }
        let checked = await DataTools.run(.check, data: data, dataText: "the data")
        #expect(checked.failure == nil)
        #expect(checked.output == "All 2 files are sound: the directory database and 1 user's file.\n")
    }
}
