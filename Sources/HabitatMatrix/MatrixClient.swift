import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// The part of the Matrix client-server API the bridge uses (`/_matrix/client/v3`), over AsyncHTTPClient.
/// Every call honours the homeserver's rate limits: an answer of `M_LIMIT_EXCEEDED` (HTTP 429) is tried again
/// after its `retry_after_ms` (or its `Retry-After`), up to ``rateLimitRetries`` times.
public actor MatrixClient {
    /// The homeserver's base address, e.g. `http://127.0.0.1:8008`.
    public nonisolated let homeserver: String
    /// The access token sent with every call, once logged in.
    public private(set) var accessToken: String?
    /// How often a rate-limited call is tried again before its error is thrown.
    public let rateLimitRetries: Int
    private let http: HTTPClient
    private let logger: Logger
    private var transactions = 0
    private let session = UUID().uuidString.prefix(8)

    public init(
        homeserver: String, accessToken: String? = nil, rateLimitRetries: Int = 10, http: HTTPClient = .shared,
        logger: Logger = Logger(label: "habitat.matrix")
    ) {
        self.homeserver = homeserver.hasSuffix("/") ? String(homeserver.dropLast()) : homeserver
        self.accessToken = accessToken
        self.rateLimitRetries = rateLimitRetries
        self.http = http
        self.logger = logger
    }

    public func use(accessToken: String?) {
        self.accessToken = accessToken
    }

    /// A new transaction id for a message, unique for this access token.
    public func transactionID() -> String {
        transactions += 1
        return "habitat-\(session)-\(transactions)"
    }

    /// Calls `method path` with `query` and a JSON `body`, and decodes the JSON answer.
    /// `path` is below `/_matrix/client/v3` unless it starts with `/_`; its parts must be escaped already
    /// (``escaped(_:)``).
    public func call<Answer: Decodable>(
        _ method: HTTPMethod, _ path: String, query: [String: String] = [:], body: (any Encodable & Sendable)? = nil,
        timeout: Duration = .seconds(60), as: Answer.Type = Answer.self
    ) async throws -> Answer {
        let data = try await callRaw(method, path, query: query, body: body, timeout: timeout)
        return try JSONDecoder().decode(Answer.self, from: data)
    }

    /// ``call(_:_:query:body:timeout:as:)`` whose answer is not read.
    public func send(
        _ method: HTTPMethod, _ path: String, query: [String: String] = [:], body: (any Encodable & Sendable)? = nil
    ) async throws {
        _ = try await callRaw(method, path, query: query, body: body, timeout: .seconds(60))
    }

    /// Calls `method path` with bytes of `contentType` as the body (a file to upload), or none, and returns the
    /// answer's bytes as they are (a file downloaded).
    public func callBytes(
        _ method: HTTPMethod, _ path: String, query: [String: String] = [:], bytes: [UInt8]? = nil,
        contentType: String = "application/octet-stream"
    ) async throws -> Data {
        try await callRaw(method, path, query: query, body: nil, raw: bytes.map { (contentType, $0) }, timeout: .seconds(60))
    }

    private func callRaw(
        _ method: HTTPMethod, _ path: String, query: [String: String], body: (any Encodable & Sendable)?,
        raw: (contentType: String, bytes: [UInt8])? = nil, timeout: Duration
    ) async throws -> Data {
        var request = HTTPClientRequest(url: url(path, query: query))
        request.method = method
        if let accessToken { request.headers.add(name: "Authorization", value: "Bearer \(accessToken)") }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(data: try JSONEncoder().encode(body)))
        } else if let raw {
            request.headers.add(name: "Content-Type", value: raw.contentType)
            request.body = .bytes(ByteBuffer(bytes: raw.bytes))
        }
        var retries = 0
        while true {
            let response = try await http.execute(request, timeout: .nanoseconds(Int64(timeout.nanoseconds)))
            let data = Data(buffer: try await response.body.collect(upTo: 16 << 20))
            if (200..<300).contains(response.status.code) { return data }
            let error = try? JSONDecoder().decode(MatrixErrorBody.self, from: data)
            let refusal = MatrixError(
                status: Int(response.status.code), code: error?.errcode ?? "M_UNKNOWN",
                message: error?.error ?? response.status.reasonPhrase)
            guard response.status == .tooManyRequests || refusal.code == "M_LIMIT_EXCEEDED", retries < rateLimitRetries
            else { throw refusal }
            retries += 1
            let wait =
                error?.retryAfterMilliseconds.map { Duration.milliseconds($0) }
                ?? response.headers.first(name: "Retry-After").flatMap(Int.init).map { Duration.seconds($0) }
                ?? .seconds(1)
            logger.notice("the homeserver asks to slow down", metadata: ["path": "\(path)", "wait": "\(wait)"])
            try await Task.sleep(for: wait)
        }
    }

    private func url(_ path: String, query: [String: String]) -> String {
        var url = homeserver + (path.hasPrefix("/_") ? path : "/_matrix/client/v3" + path)
        if !query.isEmpty {
            url +=
                "?"
                + query.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.escaped($0.value))" }
                .joined(separator: "&")
        }
        return url
    }

    /// `text` escaped for one part of a path or query (room ids start with `!`, user ids hold `@` and `:`).
    public static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~")))
            ?? text
    }
}

extension Duration {
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
