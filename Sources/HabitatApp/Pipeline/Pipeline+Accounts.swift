import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage
import Logging

/// `register`, `login` and `bridge`: what makes a connection someone's.
extension Pipeline {
    func register(_ name: String, password: String, invite: String? = nil, session: inout Session) async throws -> Reply {
        if let current = session.account { throw Plan.alreadyLoggedIn(current) }
        let now = configuration.clock()
        let account = try await accounts.register(
            name: name, password: password, now: now, admit: { try await admit(invite, now: now) },
            makeFile: { fileID in try await users.make(fileID) },
            discardFile: { fileID in try? await users.discard(fileID) })
        _ = try? await households.rooms(of: account.id)  // known from here on: a personal `did` takes the short way
        session.account = account
        session.passwordEpoch = accounts.changes.epoch
        logger.info("registered", metadata: session.logged.merging(["user": "\(account.name)"]) { $1 })
        return Reply(.success, "Welcome to Habitat, \(account.name)! You're logged in. Try 'add habit Exercise', then 'did exercise'.")
    }

    /// Whether `register` may make an account, as `--registration` says: with `invite`, the code is taken (it works
    /// once); returns what puts it back.
    private func admit(_ invite: String?, now: Date) async throws -> () async -> Void {
        switch configuration.registration {
        case .open:
            return {}
        case .closed:
            throw HabitatError(.forbidden, "This server takes no new accounts. Ask whoever runs it.")
        case .invite:
            guard let invite else {
                throw HabitatError(
                    .forbidden,
                    "This server takes new accounts by invitation: 'register <name> <password> <invite code>'. Ask whoever runs it for a code.")
            }
            guard let expires = try await directory.takeRegistrationInvite(invite, now: now) else {
                throw HabitatError(.forbidden, "That invite code didn't work: each works once, for 7 days. Ask whoever runs this server for another.")
            }
            return { [directory] in try? await directory.returnRegistrationInvite(invite, expires: expires) }
        }
    }

    /// Logs the connection in. Already logged in, the same account answers as a login would (a script that registers
    /// and then logs in goes on), and another switches to it once its password is right; a wrong one changes nothing.
    func login(_ name: String, password: String, session: inout Session) async throws -> Reply {
        let previous = session.account
        // Counted before the password is checked: a change made meanwhile makes this login lapse.
        let epoch = accounts.changes.epoch
        let account: Account
        do {
            account = try await accounts.login(name: name, password: password, connection: session.id, now: configuration.clock())
        } catch let error as HabitatError where error.code == .badCredentials || error.code == .rateLimited {
            // What an operator (and fail2ban, `contrib/fail2ban`) needs to see a password being guessed, and from where.
            logger.notice(
                error.code == .rateLimited ? "login refused: too many failures" : "login failed",
                metadata: session.logged.merging(["user": Self.logged(name)]) { $1 })
            throw error
        }
        let state = try await users.with(account.fileID) { try await $0.state() }
        _ = try? await households.rooms(of: account.id)  // known from here on: a personal `did` takes the short way
        if let previous, previous.id != account.id {
            // What belonged to the account logged out of: its room choice and a question it was asked.
            (session.room, session.roomless, session.pendingDelete) = (nil, false, nil)
        }
        session.account = account
        session.passwordEpoch = epoch
        let status = Views.status(state)
        let greeting =
            switch previous {
            case nil: "Welcome back, \(account.name)!"
            case let previous? where previous.id == account.id: "You're logged in as \(account.name) already."
            case let previous?: "Logged out of \(previous.name). Welcome back, \(account.name)!"
            }
        return Reply(toasts: [Toast(.success, "\(greeting) \(status.toasts[0].message)")], data: status.data)
    }

    /// A name someone typed, for a log line: as it is (lowercased) when it could be a name; otherwise in quotes,
    /// with quotes, backslashes and control characters escaped, so it can't end the line, pose as another
    /// field or send the operator's terminal an escape sequence.
    static func logged(_ typed: String) -> Logger.MetadataValue {
        if let name = try? Accounts.validName(typed) { return "\(name)" }
        let quoted = String(typed.prefix(64)).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"\(quoted.echoed)\""
    }
}
