#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// systemd's readiness protocol (`Type=notify`, sd_notify(3)): a state sent as one datagram to the socket systemd
/// names in `NOTIFY_SOCKET`, when it names one; nothing otherwise. `READY=1` once the server listens.
enum SystemdNotify {
    /// Sends `state` (`READY=1`) to the service manager, if it asked for it. Says whether it was sent.
    @discardableResult
    static func send(_ state: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty else { return false }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        // A name starting with `@` is in the abstract namespace: its first byte is 0.
        var name = Array(path.utf8)
        if name.first == UInt8(ascii: "@") { name[0] = 0 }
        guard name.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: name) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + name.count + (name.first == 0 ? 0 : 1))
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let bytes = Array(state.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(descriptor, bytes, bytes.count, 0, $0, length) }
        }
        return sent == bytes.count
    }
}
