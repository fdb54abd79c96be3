/// A reply's `data`, as JSON values: what a bridge may draw or show beside the text (a heatmap's days).
public indirect enum BridgeData: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([BridgeData])
    case object([String: BridgeData])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([BridgeData].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: BridgeData].self))
        }
    }

    /// The value of `key` in an object.
    public subscript(key: String) -> BridgeData? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    public var string: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

    public var int: Int? {
        guard case .number(let value) = self, let whole = Int(exactly: value) else { return nil }
        return whole
    }

    public var array: [BridgeData] {
        guard case .array(let values) = self else { return [] }
        return values
    }
}
