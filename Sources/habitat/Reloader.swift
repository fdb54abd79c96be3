#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HabitatApp
import HabitatServer
import HabitatSettings
import Logging
import ServiceLifecycle
import UnixSignals

/// SIGHUP: the settings are read again (the settings file, the environment as the process has it, the flags as
/// given) and the TLS certificate and key too. New connections get the new certificate, open ones keep theirs; the
/// log level changes at once; a changed setting of any other kind is said to need a restart. A settings file that
/// can't be read, or a certificate that can't be used, changes nothing. Under systemd it says `RELOADING=1`, then
/// `READY=1` when done (sd_notify(3)).
struct Reloader: Service, CustomStringConvertible {
    /// Trapped before the server starts, so a SIGHUP from the moment it listens reloads rather than ends it.
    let hangups: UnixSignalsSequence
    let command: Serve
    let running: Serve.Settled
    let server: HabitatServer
    let logger: Logger

    /// As the service group's log names it (its settings are not said: the environment may hold secrets).
    var description: String { "reloader" }

    /// What a reload changes in a running server; any other setting needs a restart.
    static let changedLive: Set<String> = ["log-level", "tls-cert", "tls-key"]

    func run() async throws {
        try await cancelWhenGracefulShutdown {
            var running = running
            for await _ in hangups { running = await reload(from: running) }
        }
    }

    /// Applies the settings as they are now to a server running with `running`; returns what it then runs with.
    func reload(from running: Serve.Settled) async -> Serve.Settled {
        SystemdNotify.send("RELOADING=1\nMONOTONIC_USEC=\(Self.monotonicMicroseconds())")
        defer { SystemdNotify.send("READY=1\nSTATUS=serving") }
        let now: Serve.Settled
        do {
            now = try await command.settled()
        } catch {
            logger.error("reload: the settings can't be used, so nothing changed: \(error)")
            return running
        }
        let before = Dictionary(running.sources.settled.map { ($0.name, $0.written) }) { $1 }
        let changed = now.sources.settled.filter { before[$0.name] != $0.written }.map(\.name)
        var applied = running
        var said: Logger.Metadata = [:]
        if let cert = now.server.tlsCert, let key = now.server.tlsKey {
            do {
                let certificate = try server.reloadTLS(TLSFiles(certificateChain: cert, privateKey: key))
                (applied.server.tlsCert, applied.server.tlsKey) = (cert, key)
                said["certificate_serial"] = "\(certificate.serial)"
                said["certificate_expires"] = "\(certificate.notValidAfter.formatted(.iso8601))"
            } catch {
                logger.error("reload: the TLS certificate and key can't be used, so connections keep the ones they had: \(error)")
            }
        }
        if now.log.level != running.log.level {
            LogSettings.change(to: now.log.level)
            applied.log.level = now.log.level
        }
        let needRestart = changed.filter { !Self.changedLive.contains($0) }
        if !needRestart.isEmpty {
            logger.warning(
                "reload: these settings changed, and take effect when the server restarts",
                metadata: ["settings": "\(needRestart.joined(separator: ", "))"])
        }
        said["changed"] = "\(changed.filter(Self.changedLive.contains).joined(separator: ", "))"
        logger.info("reloaded", metadata: said)
        applied.sources = now.sources
        return applied
    }

    static func monotonicMicroseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
    }
}
