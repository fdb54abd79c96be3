/// What a homeserver refused, as it said it: the HTTP status, the Matrix `errcode` (`M_FORBIDDEN`,
/// `M_UNKNOWN_TOKEN`, …) and its `error` text.
public struct MatrixError: Error, Sendable, Equatable, CustomStringConvertible {
    public var status: Int
    public var code: String
    public var message: String

    public init(status: Int, code: String, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// The access token is not (or no longer) valid: log in again.
    public var isUnknownToken: Bool { code == "M_UNKNOWN_TOKEN" || code == "M_MISSING_TOKEN" }

    public var description: String { "\(code) (HTTP \(status)): \(message)" }
}

/// The body of a homeserver's error answer.
struct MatrixErrorBody: Decodable {
    var errcode: String?
    var error: String?
    /// How long to wait before trying again, on `M_LIMIT_EXCEEDED`.
    var retryAfterMilliseconds: Int?

    private enum CodingKeys: String, CodingKey {
        case errcode, error
        case retryAfterMilliseconds = "retry_after_ms"
    }
}
