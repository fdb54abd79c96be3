import HabitatBridgeKit
import Logging

/// The bot's side of the homeserver: it logs in (with the saved access token when it still works, so a restart is
/// the same device) and long-polls `/sync`, reporting each answer in order, again with ``Backoff`` after failures,
/// until its task is cancelled.
public actor MatrixConnection: ReportingClient {
    /// What the connection reports: a login (with the bot's display name), then each sync.
    public enum Report: Sendable {
        case loggedIn(MatrixClient.Login, displayName: String?)
        case synced(MatrixSync)
    }

    let client: MatrixClient
    let configuration: MatrixBridgeService.Configuration
    private nonisolated let loop: ConnectionLoop<Report>
    private var saved: MatrixBridgeState
    private var since: String?
    private var loggedIn = false

    init(
        client: MatrixClient, configuration: MatrixBridgeService.Configuration, saved: MatrixBridgeState,
        clock: any BridgeClock, logger: Logger
    ) {
        self.client = client
        self.configuration = configuration
        self.saved = saved
        self.since = saved.nextBatch
        loop = ConnectionLoop(clock: clock, logger: logger)
    }

    /// Logins and syncs, in order; finishes when ``run()`` returns.
    public nonisolated var events: AsyncStream<Report> { loop.events }

    public func run() async {
        await loop.run("Matrix \(configuration.homeserver)", backoff: configuration.backoff) { try await self.session() }
    }

    /// Logs in if needed, then syncs until something fails. Returns whether a sync got through.
    private func session() async throws -> Bool {
        if !loggedIn { try await logIn() }
        var synced = false
        while !Task.isCancelled {
            let sync: MatrixSync
            do {
                sync = try await client.sync(since: since, timeout: configuration.syncTimeout)
            } catch let error as MatrixError where error.isUnknownToken {
                loggedIn = false
                saved.accessToken = nil
                throw error
            }
            since = sync.nextBatch
            synced = true
            loop.report(.synced(sync))
        }
        return synced
    }

    private func logIn() async throws {
        let login: MatrixClient.Login
        switch configuration.credential {
        case .accessToken(let token):
            await client.use(accessToken: token)
            login = try await client.whoami()
        case .password(let password):
            if let token = saved.accessToken, saved.userID == configuration.userID,
                let still = try? await checked(token)
            {
                login = still
            } else {
                login = try await client.login(
                    user: configuration.userID, password: password, deviceID: saved.deviceID)
            }
        }
        guard login.userID == configuration.userID else {
            throw MatrixError(
                status: 0, code: "M_FORBIDDEN",
                message: "logged in as \(login.userID), not \(configuration.userID): check --user")
        }
        let token = await client.accessToken
        saved.accessToken = token
        saved.deviceID = login.deviceID ?? saved.deviceID
        saved.userID = login.userID
        loggedIn = true
        loop.logger.info("logged in to Matrix", metadata: ["user": "\(login.userID)", "device": "\(saved.deviceID ?? "-")"])
        let name = try? await client.displayName(of: login.userID)
        loop.report(
            .loggedIn(
                MatrixClient.Login(userID: login.userID, accessToken: token, deviceID: saved.deviceID),
                displayName: name))
    }

    /// Who a saved access token belongs to, if it is still good.
    private func checked(_ token: String) async throws -> MatrixClient.Login {
        await client.use(accessToken: token)
        do {
            return try await client.whoami()
        } catch {
            await client.use(accessToken: nil)
            throw error
        }
    }
}
