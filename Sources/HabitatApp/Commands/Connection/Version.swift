import Foundation
import HabitatCommands
import HabitatEngine

/// `version`: which Habitat answers, how it was built, and how long it has been running.
struct Version: HabitatCommand {
    static let spec = Spec(
        "version", summary: "the server's version, its build, and how long it has been running",
        triggers: [["version"], ["uptime"]], beforeLogin: true, command: Version())
    static var beforeLogin: Bool { spec.beforeLogin }

    var touches: Touches { .session }

    func answer(_ session: inout Session, server: Pipeline) -> Reply {
        let seconds = max(0, Int(server.configuration.clock().timeIntervalSince(server.started)))
        return Reply(
            .info, "Habitat \(Pipeline.version) (\(Self.build) build for \(Self.platform)), up \(Self.uptime(seconds)).",
            data: ["version": .string(Pipeline.version), "build": .string(Self.build), "uptime_seconds": .int(seconds)])
    }

    #if DEBUG
    static let build = "debug"
    #else
    static let build = "release"
    #endif

    #if os(Linux) && arch(x86_64)
    static let platform = "Linux x86_64"
    #elseif os(Linux) && arch(arm64)
    static let platform = "Linux arm64"
    #elseif os(macOS)
    static let platform = "macOS"
    #else
    static let platform = "this system"
    #endif

    /// `40 s`, `12 min`, `3 h 5 min`, `2 days 4 h`: the two largest units.
    static func uptime(_ seconds: Int) -> String {
        let (days, hours, minutes) = (seconds / 86_400, seconds % 86_400 / 3600, seconds % 3600 / 60)
        if days > 0 { return "\(days) day\(days == 1 ? "" : "s") \(hours) h" }
        if hours > 0 { return "\(hours) h \(minutes) min" }
        if minutes > 0 { return "\(minutes) min" }
        return "\(seconds) s"
    }
}
