import Foundation

/// What the Matrix bridge keeps across restarts (in `--state DIR`): its device and access token (a restart is the
/// same device, not a new login each time), where its sync goes on from (so a restart neither answers old
/// messages again nor misses new ones), each person's direct chat, and the rooms behind its channels.
public struct MatrixBridgeState: Sendable, Equatable, Codable {
    public var userID: String?
    public var deviceID: String?
    public var accessToken: String?
    /// The `next_batch` of the last sync handled; `nil` before the first.
    public var nextBatch: String?
    /// Each person's direct chat with the bot: Matrix user id → room id.
    public var directChats: [String: String] = [:]
    /// The room behind each channel Habitat knows: channel → room id.
    public var channels: [String: String] = [:]

    public init() {}
}

/// Reads and writes ``MatrixBridgeState`` as `matrix-bridge.json` in a directory, readable by its owner only (it
/// holds an access token); each save replaces the file whole.
public struct MatrixStateFile: Sendable {
    public let url: URL

    public init(directory: URL) {
        url = directory.appendingPathComponent("matrix-bridge.json")
    }

    /// The state saved, or a new one when there is none yet.
    public func load() throws -> MatrixBridgeState {
        guard FileManager.default.fileExists(atPath: url.path) else { return MatrixBridgeState() }
        return try JSONDecoder().decode(MatrixBridgeState.self, from: Data(contentsOf: url))
    }

    public func save(_ state: MatrixBridgeState) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let next = directory.appendingPathComponent(".matrix-bridge.json.next")
        guard
            FileManager.default.createFile(
                atPath: next.path, contents: try encoder.encode(state), attributes: [.posixPermissions: 0o600]),
            rename(next.path, url.path) == 0
        else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
    }
}
