import Foundation
import TestSupport
import Testing

/// Habitat under systemd: `contrib/habitat.service` is a unit systemd accepts, and a server run with `NOTIFY_SOCKET`
/// (as `Type=notify` runs it) says `READY=1` there once it listens.
@Suite("Habitat under systemd")
struct SystemdTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze"), "systemd-analyze is not installed"))
    func theUnitFileIsOneSystemdAccepts() async throws {
        let folder = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let unit = try String(contentsOf: SourceTree.url("contrib/habitat.service"), encoding: .utf8)
        for line in ["Type=notify", "DynamicUser=yes", "StateDirectory=habitat", "ProtectSystem=strict", "NoNewPrivileges=yes"] {
            #expect(unit.split(separator: "\n").contains(Substring(line)), "\(line)")
        }
        // systemd-analyze checks that ExecStart's program is there: here it is `true` in its place.
        let copy = folder.appendingPathComponent("habitat.service")
        try unit.replacingOccurrences(of: "ExecStart=/usr/local/bin/habitat", with: "ExecStart=/bin/true").write(to: copy, atomically: true, encoding: .utf8)
        let verified = try await runToEnd(URL(fileURLWithPath: "/usr/bin/systemd-analyze"), ["verify", "--man=no", copy.path])
        #expect(verified.status == 0)
        #expect(verified.output + verified.errors == "")
    }

    @Test func aServerSaysItIsReadyOnTheNotifySocket() async throws {
        let folder = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let socket = folder.appendingPathComponent("notify").path
        let heard = folder.appendingPathComponent("heard")
        async let listened = Self.listen(at: socket, for: 1, into: heard)
        try await eventually("the notify socket to be there") { FileManager.default.fileExists(atPath: socket) }
        let server = try await ServerProcess(data: folder.appendingPathComponent("data"), environment: ["NOTIFY_SOCKET": socket])
        let ended = try await listened
        #expect(await server.terminate() == 0)
        #expect(Self.said(in: heard) == ["READY=1 STATUS=serving"], "\(ended.errors)")
    }

    /// Listens on a notify socket at `socket` as systemd does, for `count` datagrams, each written to `heard` as a line
    /// (its own lines joined by spaces) as it comes; ends after the last, or after two minutes without one.
    static func listen(at socket: String, for count: Int, into heard: URL) async throws -> (status: Int32, output: String, errors: String) {
        let listen = """
            import socket, sys
            s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            s.bind(sys.argv[1])
            s.settimeout(120)
            for _ in range(int(sys.argv[2])):
                said = s.recv(4096).decode().replace("\\n", " ")
                with open(sys.argv[3], "a") as heard:
                    print(said, file=heard)
            """
        return try await runToEnd(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", listen, socket, "\(count)", heard.path])
    }

    /// What was heard so far, a datagram a line.
    static func said(in heard: URL) -> [String] {
        String(decoding: (try? Data(contentsOf: heard)) ?? Data(), as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
