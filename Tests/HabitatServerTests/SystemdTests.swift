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
        let listen = """
            import socket, sys
            s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            s.bind(sys.argv[1])
            s.settimeout(120)
            print(s.recv(4096).decode(), end="", flush=True)
            """
        async let heard = runToEnd(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", listen, socket])
        try await eventually("the notify socket to be there") { FileManager.default.fileExists(atPath: socket) }
        let server = try await ServerProcess(data: folder.appendingPathComponent("data"), environment: ["NOTIFY_SOCKET": socket])
        let said = try await heard
        #expect(await server.terminate() == 0)
        #expect(said.output == "READY=1\nSTATUS=serving", "\(said.errors)")
    }
}
