import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage
import Logging

/// What whoever runs the server may do to accounts: `habitat admin`, through the server's control socket in the data
/// directory, which only the directory's owner can open (so its file permissions are its authentication).
public enum AdminRequest: Codable, Sendable, Equatable {
    /// Every account: its name, when it was made, how it logs in.
    case users
    /// A one-time code becomes the user's password; their connections are logged out.
    case resetPassword(user: String)
    /// The user can't log in (by password or from a chat) until unlocked; their connections are logged out.
    case lock(user: String)
    case unlock(user: String)
    /// The account and everything of it, as `delete my account` does.
    case delete(user: String)
    /// A code that lets one person register (`--registration invite`), for 7 days.
    case invite
}

extension Pipeline {
    /// Deletes `account` and everything of it: it leaves its rooms first (a room it owns passes to its
    /// longest-standing member, who is told; its lines of a room's log stay, as "a former member"), then every row of
    /// the directory that is its, then its own file. Its connections are logged out. Returns how many rooms it left.
    public func deleteAccount(_ account: Account, now: Date) async throws -> Int {
        let rooms = try await households.rooms(of: account.id)
        for room in rooms { _ = try await households.leave(room, by: account, shownAs: "A former member", now: now) }
        try await directory.deleteAccount(account.id)
        accounts.changes.record(account.id, .deleted)
        households.forget([account.id])
        try await users.discard(account.fileID)
        logger.notice("account deleted", metadata: ["user": "\(account.name)", "rooms": "\(rooms.count)"])
        return rooms.count
    }

    /// Carries out an administrator's request.
    func administer(_ request: AdminRequest, now: Date) async throws -> String {
        switch request {
        case .users:
            let accounts = try await directory.accounts()
            let day = Date.ISO8601FormatStyle().year().month().day()
            let rows = accounts.map { account in
                let how = account.isLocked ? "locked" : account.passwordHash == nil ? "chat only" : "password"
                return "\(account.name)\t\(account.created.formatted(day))\t\(how)"
            }
            return (["name\tcreated\tlogs in"] + rows).joined(separator: "\n") + "\n"
        case .resetPassword(let name):
            let account = try await existing(name)
            let code = Self.oneTimeCode()
            try await accounts.resetPassword(of: account, to: code)
            logger.notice("password reset by the administrator", metadata: ["user": "\(account.name)"])
            return "\(account.name)'s password is now the one-time code \(code). They log in with it, then choose their own: 'passwd \(code) <new password>'. Their connections were logged out.\n"
        case .lock(let name):
            let account = try await existing(name)
            guard try await accounts.lock(account) else { return "\(account.name) was already locked.\n" }
            logger.notice("account locked by the administrator", metadata: ["user": "\(account.name)"])
            return "\(account.name) is locked: they can't log in, here or from a chat, and their connections were logged out. 'habitat admin unlock \(account.name)' undoes it.\n"
        case .unlock(let name):
            let account = try await existing(name)
            guard try await accounts.unlock(account) else { return "\(account.name) was not locked.\n" }
            logger.notice("account unlocked by the administrator", metadata: ["user": "\(account.name)"])
            return "\(account.name) is unlocked: their password works again.\n"
        case .invite:
            let code = Self.oneTimeCode()
            try await directory.addRegistrationInvite(code, expires: now.addingTimeInterval(7 * 24 * 3600), now: now)
            logger.notice("invite code made by the administrator")
            let mode = configuration.registration
            return "Invite code \(code): they type 'register <name> <password> \(code)'. It works once, for 7 days."
                + (mode == .invite ? "" : " (This server's registration is \(mode.rawValue): \(mode == .open ? "anyone may register without a code" : "no one may register, even with one").)")
                + "\n"
        case .delete(let name):
            let account = try await existing(name)
            let rooms = try await deleteAccount(account, now: now)
            return "Deleted \(account.name) and everything of theirs\(rooms > 0 ? "; they left \(rooms == 1 ? "1 room" : "\(rooms) rooms"), and a room they owned passed to its longest-standing member" : "").\n"
        }
    }

    private func existing(_ name: String) async throws -> Account {
        guard let account = try await directory.account(named: name) else {
            throw HabitatError(.notFound, "There is no account called \(name.lowercased()). 'habitat admin users' lists them.")
        }
        return account
    }

    /// Twelve letters and digits in three groups, none that reads as another (no 0/O, 1/I/L): `7KQM-2WXR-H9TD`.
    static func oneTimeCode() -> String {
        let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
        var generator = SystemRandomNumberGenerator()
        let characters = (0..<12).map { _ in alphabet.randomElement(using: &generator)! }
        return stride(from: 0, to: 12, by: 4).map { String(characters[$0..<$0 + 4]) }.joined(separator: "-")
    }
}

extension Application {
    /// Answers `habitat admin`'s request.
    func administer(_ request: AdminRequest) async -> DataToolResult {
        do {
            return DataToolResult(output: try await pipeline.administer(request, now: configuration.clock()))
        } catch let error as HabitatError {
            return .failed(error.message)
        } catch {
            return .failed("Could not do it: \(error)")
        }
    }
}
